import { cartCount, changeQuantity, CART_MESSAGES } from "@/lib/cart";
import { changeQuantitySchema } from "@/lib/cart/schemas";
import { cartCaller, requireOwner } from "../../_lib/cart";
import { action, handler, readJson, withCookies } from "../../_lib/http";

/** POST /carts/change-quantity {id, quantity}: id is the cart line's id, in the caller's cart only. */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, changeQuantitySchema);
    const caller = await cartCaller(request, input, true);
    const owner = requireOwner(caller);
    await changeQuantity(owner, input.id, input.quantity);
    return withCookies(action(true, CART_MESSAGES.updated, 200, { count: await cartCount(owner) }), caller.setCookies);
  },
  { personal: true },
);
