import { requireIdentity } from "@/lib/accounts";
import { cancelOrder } from "@/lib/orders";
import { ORDER_MESSAGES } from "@/lib/orders/status";
import { orderIdParam } from "@/lib/orders/schemas";
import { action, handler, parse } from "../../../_lib/http";

/**
 * GET (the original API's call) or POST /order/cancel/{id}: the caller cancels their own order while it
 * is Pending and Un-Paid (transition `cancel`); its stock comes back in the same transaction, and
 * after it the product pages are refreshed and the cancel mail sent. The GET changes data, so a
 * cookie session must send X-Requested-With like every other change (a link or an image on
 * another site cannot cancel an order). A second cancel is a 409 that changes nothing.
 */
const cancel = handler<{ id: string }>(
  async (request, params) => {
    const { user } = await requireIdentity(request, { changes: true });
    const { id } = parse(orderIdParam, params);
    await cancelOrder(user.id, id);
    return action(true, ORDER_MESSAGES.cancelled);
  },
  { personal: true },
);

export const GET = cancel;
export const POST = cancel;
