import { requireStaff } from "@/lib/accounts";
import { adminReturns } from "@/lib/orders";
import { returnListQuery } from "@/lib/orders/returns";
import { staffAnswer } from "../../_lib/admin";
import { handler, paginated, parse } from "../../_lib/http";
import { presentReturn } from "../../_lib/returns";

/** GET /api/v2/admin/returns?state=&page=: customers' returns, newest first, 25 a page (order:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "order", "read");
    const query = parse(returnListQuery, Object.fromEntries(request.nextUrl.searchParams));
    const found = await adminReturns(query);
    return staffAnswer(staff, paginated(found.rows.map(presentReturn), { current_page: found.page, last_page: found.lastPage, per_page: 25, total: found.total }));
  },
  { personal: true },
);
