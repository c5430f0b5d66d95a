import { addToCart, cartCount, CART_MESSAGES } from "@/lib/cart";
import { addToCartSchema } from "@/lib/cart/schemas";
import { cartCaller, queryOf, requireOwner } from "../../_lib/cart";
import { action, handler, parse, readJson, withCookies } from "../../_lib/http";
import { ownerQuerySchema } from "@/lib/cart/schemas";

/** POST /carts/add {id, variant, quantity}: adds to the caller's cart; the answer carries the new count. */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, addToCartSchema);
    const query = parse(ownerQuerySchema, queryOf(request));
    const caller = await cartCaller(request, { user_id: input.user_id ?? query.user_id, temp_user_id: input.temp_user_id ?? query.temp_user_id }, true);
    const owner = requireOwner(caller);
    await addToCart(owner, { productId: input.id, variant: input.variant, quantity: input.quantity });
    return withCookies(action(true, CART_MESSAGES.added, 200, { count: await cartCount(owner) }), caller.setCookies);
  },
  { personal: true },
);
