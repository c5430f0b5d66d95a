import { requireStaff } from "@/lib/accounts";
import { creditNoteFileName, creditNotePdf } from "@/lib/orders";
import { creditNoteIdParam } from "@/lib/orders/schemas";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { staffAnswer } from "../../../_lib/admin";
import { handler, parse } from "../../../_lib/http";

/** GET /api/v2/admin/credit-notes/{id}: a GST credit note's PDF, for staff with order:read (404 when there is none). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "read");
    const { id } = parse(creditNoteIdParam, params);
    const { number, pdf } = await creditNotePdf(null, id);
    return staffAnswer(
      staff,
      new Response(new Uint8Array(pdf), {
        headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${creditNoteFileName(number)}"`, "Content-Length": String(pdf.byteLength), "X-Content-Type-Options": "nosniff", "Cache-Control": NO_STORE },
      }),
    );
  },
  { personal: true },
);
