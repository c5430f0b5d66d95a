import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { creditNoteFileName, creditNotePdf } from "@/lib/orders";
import { creditNoteIdParam } from "@/lib/orders/schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/**
 * GET /admin/credit-notes/{id}: a credit note's PDF for the order page's link (a plain link cannot
 * send the API's System-Key; /api/v2/admin/credit-notes/{id} is the scripts' way). The back-office
 * session and order:read are checked as on every admin page.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
  const { id: raw } = await params;
  try {
    await requireStaff(request, "order", "read");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref(`/admin/credit-notes/${encodeURIComponent(raw)}`), request.url), 303);
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
  const parsed = creditNoteIdParam.safeParse({ id: raw });
  if (!parsed.success) return text(404, "Credit note not found.");
  try {
    const { number, pdf } = await creditNotePdf(null, parsed.data.id);
    return new Response(new Uint8Array(pdf), {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${creditNoteFileName(number)}"`, "Content-Length": String(pdf.byteLength), "X-Content-Type-Options": "nosniff", "Cache-Control": NO_STORE },
    });
  } catch (error) {
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
}
