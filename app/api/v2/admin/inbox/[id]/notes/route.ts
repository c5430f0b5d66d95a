import { requireStaff } from "@/lib/accounts";
import { addInboxNote } from "@/lib/content";
import { inboxIdParam, inboxNoteSchema } from "@/lib/content/inbox-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/inbox/{id}/notes {body}: a staff note; notes are never edited or deleted (inbox:update). */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "inbox", "update");
    const { id } = parse(inboxIdParam, params);
    const input = await readJson(request, inboxNoteSchema);
    const note = await addInboxNote(staff.actor, id, input);
    return staffAnswer(staff, action(true, "Note added.", 201, { note }));
  },
  { personal: true },
);
