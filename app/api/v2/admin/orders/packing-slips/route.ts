import { requireStaff } from "@/lib/accounts";
import { packingSlipsPdf } from "@/lib/orders";
import { bulkIdsQuery } from "@/lib/orders/shipping";
import { staffAnswer } from "../../../_lib/admin";
import { handler, parse } from "../../../_lib/http";
import { pdfResponse } from "../../../_lib/shipping";

/** GET /api/v2/admin/orders/packing-slips?ids=1,2,3: the selected orders' packing slips in one PDF, a page each (order:update). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "order", "update");
    const { ids } = parse(bulkIdsQuery, Object.fromEntries(request.nextUrl.searchParams));
    return staffAnswer(staff, pdfResponse(await packingSlipsPdf(ids), `packing-slips-${ids.length}.pdf`));
  },
  { personal: true },
);
