import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { exportCatalog } from "@/lib/catalog";
import { parseProductListQuery } from "@/lib/catalog/admin-list";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/**
 * GET /admin/products/export?…the product list's filters: the catalog as CSV for the list's
 * "Export CSV" link (a plain link cannot send the API's System-Key; GET
 * /api/v2/admin/products/export is the scripts' way). The back-office session and product:export
 * are checked as on every admin page: no staff session goes to the sign-in, a role without the
 * permission gets 403.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
  try {
    await requireStaff(request, "product", "export");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref(`/admin/products${request.nextUrl.search}`), request.url), 303);
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
  const { query } = parseProductListQuery(Object.fromEntries(request.nextUrl.searchParams));
  try {
    const day = new Date().toISOString().slice(0, 10);
    return new Response(await exportCatalog(query), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="products-${day}.csv"`, "Cache-Control": NO_STORE },
    });
  } catch (error) {
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
}
