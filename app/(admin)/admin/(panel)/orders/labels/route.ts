import { labelsPdf } from "@/lib/orders";
import { pdfRoute } from "../pdf-route";

/** GET /admin/orders/labels?ids=1,2,3: the courier labels of the selected orders' shipments, one PDF (order:update). */
export const GET = pdfRoute(labelsPdf, "labels");
