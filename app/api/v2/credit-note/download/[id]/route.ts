import { requireIdentity } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { creditNoteFileName, creditNotePdf } from "@/lib/orders";
import { creditNoteIdParam } from "@/lib/orders/schemas";
import { ORDER_MESSAGES } from "@/lib/orders/status";
import { handler } from "../../../_lib/http";

/**
 * GET /credit-note/download/{id}: a GST credit note of one of the caller's orders, as a PDF shown
 * in the browser; another customer's (or none) is 404. As /invoice/download/{id}, no System-Key:
 * the order page opens it as a plain link, and the caller's session admits it.
 */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const parsed = creditNoteIdParam.safeParse(params);
    const { user } = await requireIdentity(request);
    if (!parsed.success) throw new ApiError(404, ORDER_MESSAGES.notFound);
    const { number, pdf } = await creditNotePdf(user.id, parsed.data.id);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${creditNoteFileName(number)}"`,
        "Content-Length": String(pdf.byteLength),
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
  { personal: true, systemKey: false },
);
