import { requireStaff } from "@/lib/accounts";
import { exportOrders } from "@/lib/orders";
import { orderCsvFileName } from "@/lib/orders/order-csv";
import { adminOrderListQuery, adminOrdersExportQuery } from "@/lib/orders/schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { staffAnswer } from "../../../_lib/admin";
import { handler, parse } from "../../../_lib/http";

/**
 * GET /api/v2/admin/orders/export?…the list's filters: every order they keep (all pages) as CSV,
 * streamed 500 at a time (order:export); audited as order.export.
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "order", "export");
    const query = adminOrderListQuery(parse(adminOrdersExportQuery, Object.fromEntries(request.nextUrl.searchParams)));
    return staffAnswer(
      staff,
      new Response(await exportOrders(query, staff.actor), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${orderCsvFileName()}"`, "Cache-Control": NO_STORE },
      }),
    );
  },
  { personal: true },
);
