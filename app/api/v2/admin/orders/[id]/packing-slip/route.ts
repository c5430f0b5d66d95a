import { requireStaff } from "@/lib/accounts";
import { packingSlipsPdf } from "@/lib/orders";
import { orderIdParam } from "@/lib/orders/schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { handler, parse } from "../../../../_lib/http";
import { pdfResponse } from "../../../../_lib/shipping";

/** GET /api/v2/admin/orders/{id}/packing-slip: the order's packing slip as a PDF (order:update, the fulfilment role's). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "update");
    const { id } = parse(orderIdParam, params);
    return staffAnswer(staff, pdfResponse(await packingSlipsPdf([id]), `packing-slip-${id}.pdf`));
  },
  { personal: true },
);
