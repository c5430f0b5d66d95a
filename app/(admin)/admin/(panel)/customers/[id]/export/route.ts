import type { NextRequest } from "next/server";
import { adminLoginHref, CUSTOMER_MESSAGES, exportCustomer, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { customerIdParam } from "@/lib/accounts/customer-schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/**
 * GET /admin/customers/{id}/export: the customer page's "Download the customer's data" link (a
 * plain link cannot send the API's System-Key; /api/v2/admin/customers/{id}/export is the
 * scripts' way; the same service answers both and audits the export). The back-office session
 * and customer:export are checked as on every admin page: no staff session goes to the sign-in,
 * a role without the permission gets 403, an unknown customer 404.
 */
export async function GET(request: NextRequest, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
  const { id: raw } = await context.params;
  let staff;
  try {
    staff = await requireStaff(request, "customer", "export");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref(`/admin/customers/${encodeURIComponent(raw)}`), request.url), 303);
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
  const parsed = customerIdParam.safeParse({ id: raw });
  if (!parsed.success) return text(404, CUSTOMER_MESSAGES.notFound);
  try {
    const data = await exportCustomer(staff.actor, parsed.data.id);
    return new Response(JSON.stringify(data, null, 2), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="customer-${parsed.data.id}-data.json"`, "Cache-Control": NO_STORE },
    });
  } catch (error) {
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
}
