import { requireStaff } from "@/lib/accounts";
import { getGrievance, updateGrievance } from "@/lib/content";
import { grievanceIdParam, grievanceUpdateSchema } from "@/lib/content/grievance-rules";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

/** GET /api/v2/admin/grievances/{id}: one grievance with its timers, notes and replies (inbox:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "inbox", "read");
    const { id } = parse(grievanceIdParam, params);
    return staffAnswer(staff, list(await getGrievance(id)));
  },
  { personal: true },
);

/**
 * PATCH /api/v2/admin/grievances/{id} {status: acknowledged|resolved, message?}: moves it on
 * (409 when its state does not allow that); the complainant is mailed (inbox:update).
 */
export const PATCH = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "inbox", "update");
    const { id } = parse(grievanceIdParam, params);
    const input = await readJson(request, grievanceUpdateSchema);
    const grievance = await updateGrievance(staff.actor, id, input);
    return staffAnswer(staff, action(true, `${grievance.ticket} is ${grievance.status}.`, 200, { grievance }));
  },
  { personal: true },
);
