import { requireIdentity } from "@/lib/accounts";
import { placeOrder } from "@/lib/orders";
import { idempotencyKeySchema, placeOrderSchema } from "@/lib/orders/checkout-schemas";
import { presentPlacedOrder } from "../../_lib/checkout";
import { handler, parse, readJson, withCookies } from "../../_lib/http";

/**
 * POST /checkout/place (header Idempotency-Key): places the signed-in customer's cart as an order
 * (lib/orders/server/checkout.ts placeOrder). 201 with the new order; the same key again answers 200
 * with the same body and Idempotent-Replayed: true, never a second order.
 */
export const POST = handler(
  async (request) => {
    const identity = await requireIdentity(request);
    const key = parse(idempotencyKeySchema, request.headers.get("idempotency-key") ?? undefined);
    const input = await readJson(request, placeOrderSchema);
    const order = await placeOrder(identity.user.id, input, key);
    const response = Response.json(presentPlacedOrder(order), { status: order.replayed ? 200 : 201 });
    if (order.replayed) response.headers.set("Idempotent-Replayed", "true");
    return withCookies(response, identity.setCookies);
  },
  { personal: true },
);
