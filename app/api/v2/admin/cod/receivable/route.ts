import { requireStaff } from "@/lib/accounts";
import { codReceivable } from "@/lib/orders";
import { receivableQuerySchema } from "@/lib/orders/cod-remittance";
import { staffAnswer } from "../../../_lib/admin";
import { presentParcel, presentReceivable } from "../../../_lib/cod";
import { handler, paginated, parse } from "../../../_lib/http";

/**
 * GET /api/v2/admin/cod/receivable?bucket=0-7|8-15|16-30|31+&page=: the Cash on Delivery the
 * couriers still owe (delivered COD parcels no remittance has named), counted and summed by days
 * since delivery, and one page of the parcels (of the bucket, or all), oldest first (remittance:read).
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "remittance", "read");
    const query = parse(receivableQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const result = await codReceivable(query);
    return staffAnswer(staff, paginated(result.rows.map(presentParcel), { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.rowsTotal }, { receivable: presentReceivable(result) }));
  },
  { personal: true },
);
