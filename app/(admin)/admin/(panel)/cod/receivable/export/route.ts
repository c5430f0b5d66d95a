import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { exportReceivable } from "@/lib/orders";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/**
 * GET /admin/cod/receivable/export: the COD receivable as CSV, for the COD page's "Export CSV" link
 * (a plain link cannot send the API's System-Key; /api/v2/admin/cod/receivable/export is the
 * scripts' way). The back-office session and remittance:read are checked as on every admin page:
 * no staff session goes to the sign-in, a role without the permission gets 403.
 */
export async function GET(request: NextRequest): Promise<Response> {
  try {
    await requireStaff(request, "remittance", "read");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref("/admin/cod"), request.url), 303);
    if (error instanceof ApiError) return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
    throw error;
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportReceivable(), { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="cod-receivable-${day}.csv"`, "Cache-Control": NO_STORE } });
}
