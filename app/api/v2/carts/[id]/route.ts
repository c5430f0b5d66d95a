import { cartCount, CART_MESSAGES, removeLine } from "@/lib/cart";
import { cartLineParam } from "@/lib/cart/schemas";
import { cartCaller, requireOwner } from "../../_lib/cart";
import { action, handler, parse, withCookies } from "../../_lib/http";

/** DELETE /carts/{id}: removes a line of the caller's cart; another owner's line is 404. */
export const DELETE = handler<{ id: string }>(
  async (request, params) => {
    const { id } = parse(cartLineParam, params);
    const caller = await cartCaller(request, {}, true);
    const owner = requireOwner(caller);
    await removeLine(owner, id);
    return withCookies(action(true, CART_MESSAGES.removed, 200, { count: await cartCount(owner) }), caller.setCookies);
  },
  { personal: true },
);
