import { requireStaff } from "@/lib/accounts";
import { adminListOrders } from "@/lib/orders";
import { adminOrderListQuery, adminOrdersQuery } from "@/lib/orders/schemas";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";
import { rupees } from "../../_lib/present";

/**
 * GET /api/v2/admin/orders?q=&status=&payment=&type=&refund=&refund_due=1&from=&to=&min=&max=&page=:
 * every customer's orders, newest first, by the back-office list's filters and search (order:read).
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "order", "read");
    const { page, ...filters } = parse(adminOrdersQuery, Object.fromEntries(request.nextUrl.searchParams));
    const result = await adminListOrders(adminOrderListQuery(filters), page);
    return staffAnswer(
      staff,
      paginated(
        result.orders.map((o) => ({ ...o, grand_total: rupees(o.grand_total) })),
        { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total },
      ),
    );
  },
  { personal: true },
);
