import { CART_MESSAGES, readCart, setShippingMethod } from "@/lib/cart";
import { shippingMethodSchema } from "@/lib/cart/schemas";
import { cartCaller, presentSummary, requireOwner } from "../../_lib/cart";
import { action, handler, readJson, withCookies } from "../../_lib/http";

/** POST /carts/shipping {method: "standard" | "express"}: the cart's shipping method. */
export const POST = handler(
  async (request) => {
    const { method } = await readJson(request, shippingMethodSchema);
    const caller = await cartCaller(request, {}, true);
    const owner = requireOwner(caller);
    await setShippingMethod(owner, method);
    const view = await readCart(owner);
    return withCookies(action(true, CART_MESSAGES.shippingChanged, 200, { summary: presentSummary(view) }), caller.setCookies);
  },
  { personal: true },
);
