import { applyCoupon, CART_MESSAGES, readCart, removeCoupon } from "@/lib/cart";
import { couponCodeSchema } from "@/lib/cart/schemas";
import { cartCaller, presentSummary, requireOwner } from "../../_lib/cart";
import { action, handler, readJson, withCookies } from "../../_lib/http";
import { ApiError } from "@/lib/platform/errors";

/** POST /carts/coupon {code}: applies a code if it fits the cart now (422 with the reason if not). */
export const POST = handler(
  async (request) => {
    const { code } = await readJson(request, couponCodeSchema);
    const caller = await cartCaller(request, {}, true);
    const owner = requireOwner(caller);
    const outcome = await applyCoupon(owner, code);
    if (!outcome.ok) throw new ApiError(422, outcome.message, { code: [outcome.message] });
    const view = await readCart(owner);
    return withCookies(action(true, CART_MESSAGES.couponApplied, 200, { summary: presentSummary(view) }), caller.setCookies);
  },
  { personal: true },
);

/** DELETE /carts/coupon: removes the cart's coupon. */
export const DELETE = handler(
  async (request) => {
    const caller = await cartCaller(request, {}, true);
    const owner = requireOwner(caller);
    await removeCoupon(owner);
    const view = await readCart(owner);
    return withCookies(action(true, CART_MESSAGES.couponRemoved, 200, { summary: presentSummary(view) }), caller.setCookies);
  },
  { personal: true },
);
