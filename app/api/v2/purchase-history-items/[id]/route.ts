import { requireIdentity } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { ORDER_MESSAGES } from "@/lib/orders/status";
import { getOrder } from "@/lib/orders";
import { orderIdParam } from "@/lib/orders/schemas";
import { handler, list, parse } from "../../_lib/http";
import { presentOrderItem } from "../../_lib/orders";

/** GET /purchase-history-items/{id}: the lines of one of the caller's orders (docs/api-v2.md); another's is 404. */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const { user } = await requireIdentity(request);
    const { id } = parse(orderIdParam, params);
    const order = await getOrder(user.id, id);
    if (!order) throw new ApiError(404, ORDER_MESSAGES.notFound);
    return list(order.lines.map(presentOrderItem));
  },
  { personal: true },
);
