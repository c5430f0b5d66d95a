import { eraseCustomer, requireStaff } from "@/lib/accounts";
import { customerEraseSchema, customerIdParam } from "@/lib/accounts/customer-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/customers/{id}/erase {confirm: the account's email}: erases the account on
 * the customer's request by the account deletion's rules; orders stay without personal data
 * (customer:delete).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "customer", "delete");
    const { id } = parse(customerIdParam, params);
    const input = await readJson(request, customerEraseSchema);
    const { ordersKept } = await eraseCustomer(staff.actor, id, input.confirm);
    return staffAnswer(staff, action(true, `The account is erased; ${ordersKept} order${ordersKept === 1 ? "" : "s"} kept without personal data.`, 200, { orders_kept: ordersKept }));
  },
  { personal: true },
);
