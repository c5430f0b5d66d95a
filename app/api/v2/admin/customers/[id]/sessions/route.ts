import { endCustomerSessions, requireStaff } from "@/lib/accounts";
import { customerIdParam } from "@/lib/accounts/customer-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse } from "../../../../_lib/http";

/** DELETE /api/v2/admin/customers/{id}/sessions: ends every session of the account (customer:update). */
export const DELETE = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "customer", "update");
    const { id } = parse(customerIdParam, params);
    const ended = await endCustomerSessions(staff.actor, id);
    return staffAnswer(staff, action(true, ended === 1 ? "1 session ended." : `${ended} sessions ended.`, 200, { sessions_ended: ended }));
  },
  { personal: true },
);
