import { requireStaff } from "@/lib/accounts";
import { adminListOrders } from "@/lib/orders";
import { adminOrdersQuery } from "@/lib/orders/schemas";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";
import { rupees } from "../../_lib/present";

/** GET /api/v2/admin/orders?status=&refund_due=1&page=: every customer's orders, newest first (order:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "order", "read");
    const { status, refund_due, page } = parse(adminOrdersQuery, Object.fromEntries(request.nextUrl.searchParams));
    const result = await adminListOrders({ status, refundDue: refund_due }, page);
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
