import { getCustomer, requireStaff } from "@/lib/accounts";
import { customerIdParam } from "@/lib/accounts/customer-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { handler, list, parse } from "../../../_lib/http";
import { rupees } from "../../../_lib/present";

/** GET /api/v2/admin/customers/{id}: the account, its sign-in state, orders, addresses and staff notes (customer:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "customer", "read");
    const { id } = parse(customerIdParam, params);
    const c = await getCustomer(id);
    return staffAnswer(staff, list({ ...c, spend: rupees(c.spend), orders_list: c.orders_list.map((o) => ({ ...o, grand_total: rupees(o.grand_total) })) }));
  },
  { personal: true },
);
