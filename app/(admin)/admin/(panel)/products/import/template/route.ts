import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { csvTemplate } from "@/lib/catalog/catalog-csv";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/** GET /admin/products/import/template: the import's columns and one example row, as CSV (product:create). */
export async function GET(request: NextRequest): Promise<Response> {
  try {
    await requireStaff(request, "product", "create");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref("/admin/products/import"), request.url), 303);
    if (error instanceof ApiError) return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
    throw error;
  }
  return new Response(csvTemplate(), { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="products-template.csv"', "Cache-Control": NO_STORE } });
}
