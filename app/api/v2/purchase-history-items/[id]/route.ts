import { requireIdentity } from "@/lib/server/auth/session";
import { ApiError } from "@/lib/server/errors";
import { ORDER_MESSAGES } from "@/lib/server/order-state";
import { getOrder } from "@/lib/server/orders";
import { orderIdParam } from "@/lib/validation/orders";
import { handler, list, parse } from "../../_lib/http";
import { presentOrderItem } from "../../_lib/orders";

/** GET /purchase-history-items/{id}: the lines of one of the caller's orders (spec §3 Order item); another's is 404. */
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
