import { requireStaff } from "@/lib/accounts";
import { labelsPdf } from "@/lib/orders";
import { bulkIdsQuery } from "@/lib/orders/shipping";
import { staffAnswer } from "../../../_lib/admin";
import { handler, parse } from "../../../_lib/http";
import { pdfResponse } from "../../../_lib/shipping";

/** GET /api/v2/admin/orders/labels?ids=1,2,3: the courier labels of the orders' shipments in one PDF, one provider at a time (order:update). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "order", "update");
    const { ids } = parse(bulkIdsQuery, Object.fromEntries(request.nextUrl.searchParams));
    return staffAnswer(staff, pdfResponse(await labelsPdf(ids), `labels-${ids.length}.pdf`));
  },
  { personal: true },
);
