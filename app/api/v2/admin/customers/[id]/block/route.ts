import { requireStaff, setCustomerBlocked } from "@/lib/accounts";
import { customerBlockSchema, customerIdParam } from "@/lib/accounts/customer-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/customers/{id}/block {blocked, reason?}: true blocks sign-in (a reason
 * required) and ends every session; false allows sign-in again (customer:update).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "customer", "update");
    const { id } = parse(customerIdParam, params);
    const input = await readJson(request, customerBlockSchema);
    const result = await setCustomerBlocked(staff.actor, id, input);
    return staffAnswer(staff, action(true, result.blocked ? "Sign-in is blocked." : "Sign-in is allowed.", 200, { blocked: result.blocked, sessions_ended: result.sessionsEnded }));
  },
  { personal: true },
);
