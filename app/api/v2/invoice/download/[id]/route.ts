import { z } from "zod";
import { requireIdentity } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { invoiceFileName, invoicePdf } from "@/lib/orders";
import { ORDER_MESSAGES } from "@/lib/orders/status";
import { handler } from "../../../_lib/http";

const orderParam = z.object({ id: z.string().regex(/^\d{1,10}$/).transform(Number).refine((id) => id >= 1 && id <= 2_147_483_647) });

/**
 * GET /invoice/download/{id}: the GST invoice of one of the caller's paid orders, as a PDF shown
 * in the browser. Another customer's order (or no order) is 404; an unpaid order is 409.
 *
 * No System-Key is asked for: Purchase History opens the invoice as a plain link in a new tab,
 * and a navigation sends no headers. The caller's session (cookie or Bearer) is what admits the
 * request, and only to the caller's own orders; a read changes nothing, and another site cannot
 * read the answer (no CORS).
 */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const parsed = orderParam.safeParse(params);
    const { user } = await requireIdentity(request);
    if (!parsed.success) throw new ApiError(404, ORDER_MESSAGES.notFound);
    const { number, pdf } = await invoicePdf(user.id, parsed.data.id);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${invoiceFileName(number)}"`,
        "Content-Length": String(pdf.byteLength),
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
  { personal: true, systemKey: false },
);
