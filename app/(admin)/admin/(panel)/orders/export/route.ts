import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { exportOrders } from "@/lib/orders";
import { parseOrderListQuery } from "@/lib/orders/admin-list";
import { orderCsvFileName } from "@/lib/orders/order-csv";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/**
 * GET /admin/orders/export?…the order list's filters: every order they keep (all pages) as CSV
 * for the list's "Export CSV" link (a plain link cannot send the API's System-Key; GET
 * /api/v2/admin/orders/export is the scripts' way). The filters are read as the list reads them,
 * so the file holds exactly the orders the list shows. The back-office session and order:export
 * are checked as on every admin page: no staff session goes to the sign-in, a role without the
 * permission gets 403. Audited as order.export.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
  let staff: Awaited<ReturnType<typeof requireStaff>>;
  try {
    staff = await requireStaff(request, "order", "export");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref(`/admin/orders${request.nextUrl.search}`), request.url), 303);
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
  const { query } = parseOrderListQuery(Object.fromEntries(request.nextUrl.searchParams));
  return new Response(await exportOrders(query, staff.actor), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${orderCsvFileName()}"`, "Cache-Control": NO_STORE },
  });
}
