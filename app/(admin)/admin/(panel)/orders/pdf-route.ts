import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { bulkIdsQuery } from "@/lib/orders/shipping";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";

/**
 * A PDF of the selected orders for the back office's links and bulk bar (a plain link cannot send
 * the API's System-Key; /api/v2/admin/orders/… is the scripts' way): the staff session and
 * order:update are checked as on every admin page (no session: the sign-in; a role without it:
 * 403), ?ids=1,2,3 (or ids repeated) validated (422).
 */
export function pdfRoute(render: (ids: number[]) => Promise<Buffer>, name: string) {
  return async function GET(request: NextRequest): Promise<Response> {
    const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
    try {
      await requireStaff(request, "order", "update");
    } catch (error) {
      const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
      if (signedOut) return Response.redirect(new URL(adminLoginHref("/admin/orders"), request.url), 303);
      if (error instanceof ApiError) return text(error.status, error.message);
      throw error;
    }
    const parsed = bulkIdsQuery.safeParse({ ids: request.nextUrl.searchParams.getAll("ids").join(",") });
    if (!parsed.success) return text(422, parsed.error.issues.map((i) => i.message).join("\n"));
    try {
      const pdf = await render(parsed.data.ids);
      return new Response(new Uint8Array(pdf), {
        headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${name}-${parsed.data.ids.length}.pdf"`, "Content-Length": String(pdf.byteLength), "Cache-Control": NO_STORE, "X-Content-Type-Options": "nosniff" },
      });
    } catch (error) {
      if (error instanceof ApiError) return text(error.status, error.message);
      log.error({ err: error }, `${name} failed`);
      return text(500, "Something went wrong on our side. Please try again.");
    }
  };
}
