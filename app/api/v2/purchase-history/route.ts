import { requireIdentity } from "@/lib/accounts";
import { listOrders } from "@/lib/orders";
import { pageQuery } from "@/lib/orders/schemas";
import { handler, paginated, parse } from "../_lib/http";
import { presentOrderRow } from "../_lib/orders";

/** GET /purchase-history?page=N: the caller's orders, newest first, 10 a page. */
export const GET = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const { page } = parse(pageQuery, Object.fromEntries(request.nextUrl.searchParams));
    const result = await listOrders(user.id, page);
    return paginated(result.orders.map(presentOrderRow), { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total });
  },
  { personal: true },
);
