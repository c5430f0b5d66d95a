import { requireStaff } from "@/lib/accounts";
import { getInboxItem, updateInboxItem } from "@/lib/content";
import { inboxIdParam, inboxUpdateSchema } from "@/lib/content/inbox-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

/** GET /api/v2/admin/inbox/{id}: one enquiry or contact message with its notes and replies (inbox:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "inbox", "read");
    const { id } = parse(inboxIdParam, params);
    return staffAnswer(staff, list(await getInboxItem(id)));
  },
  { personal: true },
);

/**
 * PATCH /api/v2/admin/inbox/{id} {status?, assignee_id?}: a status (new, in_progress, answered,
 * closed) and/or an assignee (a staff member whose role reads the inbox; null: nobody). inbox:update.
 */
export const PATCH = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "inbox", "update");
    const { id } = parse(inboxIdParam, params);
    const input = await readJson(request, inboxUpdateSchema);
    const item = await updateInboxItem(staff.actor, id, input);
    return staffAnswer(staff, action(true, "Saved.", 200, { item }));
  },
  { personal: true },
);
