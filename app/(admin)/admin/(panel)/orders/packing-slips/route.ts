import { packingSlipsPdf } from "@/lib/orders";
import { pdfRoute } from "../pdf-route";

/** GET /admin/orders/packing-slips?ids=1,2,3: the packing slips of the selected orders, one PDF (order:update). */
export const GET = pdfRoute(packingSlipsPdf, "packing-slips");
