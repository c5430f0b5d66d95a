import { requireStaff } from "@/lib/accounts";
import { addGrievanceNote } from "@/lib/content";
import { grievanceIdParam, grievanceNoteSchema } from "@/lib/content/grievance-rules";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/grievances/{id}/notes {body, reply?}: a desk note, or (reply: true) a mail to the complainant (inbox:update). */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "inbox", "update");
    const { id } = parse(grievanceIdParam, params);
    const input = await readJson(request, grievanceNoteSchema);
    const note = await addGrievanceNote(staff.actor, id, input);
    return staffAnswer(staff, action(true, note.kind === "reply" ? "Reply mailed." : "Note added.", 201, { note }));
  },
  { personal: true },
);
