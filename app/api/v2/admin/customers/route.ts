import { listCustomers, requireStaff } from "@/lib/accounts";
import { customerQuerySchema } from "@/lib/accounts/customer-schemas";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";
import { rupees } from "../../_lib/present";

/**
 * GET /api/v2/admin/customers?q=&state=&sort=&page=: customer accounts, 25 a page, with their
 * orders, spend (paid orders, rupees) and latest order (customer:read).
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "customer", "read");
    const filter = parse(customerQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const result = await listCustomers(filter);
    return staffAnswer(staff, paginated(result.items.map((c) => ({ ...c, spend: rupees(c.spend) })), { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);
