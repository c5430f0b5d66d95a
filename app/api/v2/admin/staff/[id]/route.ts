import { changeStaffRole, removeStaff, requireStaff } from "@/lib/accounts";
import { roleChangeSchema, staffIdParam } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../_lib/http";

/** PATCH /api/v2/admin/staff/{id} {role}: another role (staff:update). The shop keeps at least one owner. */
export const PATCH = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "staff", "update");
    const { id } = parse(staffIdParam, params);
    const { role } = await readJson(request, roleChangeSchema);
    const member = await changeStaffRole(staff.actor, id, role);
    return staffAnswer(staff, action(true, `${member.email} is now ${role}.`, 200, { staff: member }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/staff/{id}: no longer staff (staff:delete): their staff sessions end and their API tokens are revoked. */
export const DELETE = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "staff", "delete");
    const { id } = parse(staffIdParam, params);
    const removed = await removeStaff(staff.actor, id);
    return staffAnswer(staff, action(true, "No longer on the staff: their back-office sessions ended and their tokens were revoked.", 200, { sessions_ended: removed.sessionsEnded, tokens_revoked: removed.tokensRevoked }));
  },
  { personal: true },
);
