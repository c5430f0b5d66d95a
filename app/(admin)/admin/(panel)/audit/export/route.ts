import type { NextRequest } from "next/server";
import { adminLoginHref, exportAudit, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { auditQuerySchema } from "@/lib/accounts/staff-schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/**
 * GET /admin/audit/export?…the Audit log page's filters: the rows as CSV, for the page's "Export
 * CSV" link (a plain link cannot send the API's System-Key; /api/v2/admin/audit/export is the
 * scripts' way). The back-office session and audit:export are checked as on every admin page: no
 * staff session goes to the sign-in, a role without the permission gets 403; bad filters 422.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
  try {
    await requireStaff(request, "audit", "export");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref(`/admin/audit${request.nextUrl.search}`), request.url), 303);
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) return text(422, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  const { page: _page, ...filter } = parsed.data;
  void _page;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportAudit(filter), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="audit-log-${day}.csv"`, "Cache-Control": NO_STORE },
  });
}
