import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { exportSubscribers } from "@/lib/content";
import { subscribersQuerySchema } from "@/lib/content/inbox-schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/**
 * GET /admin/subscribers/export?q=: the subscribers the Subscribers page's search keeps, as CSV,
 * for the page's "Export CSV" link (a plain link cannot send the API's System-Key;
 * /api/v2/admin/subscribers/export is the scripts' way; the same service writes both). The
 * back-office session and inbox:export are checked as on every admin page: no staff session goes
 * to the sign-in, a role without the permission gets 403; a bad search 422.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
  try {
    await requireStaff(request, "inbox", "export");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref(`/admin/subscribers${request.nextUrl.search}`), request.url), 303);
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
  const parsed = subscribersQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) return text(422, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  const { page: _page, ...filter } = parsed.data;
  void _page;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportSubscribers(filter), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`, "Cache-Control": NO_STORE },
  });
}
