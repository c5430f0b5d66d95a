import { addToWishlist, WISHLIST_ADDED } from "@/lib/cart";
import { action, handler, parse } from "../../_lib/http";
import { WISHLIST_ADD_SIGN_IN, wishlistIdentity, wishlistSlugParams } from "../../_lib/wishlist";

/**
 * GET (the spec's call) or POST /wishlists-add-product/{slug}: saves a published product in the
 * caller's list. Adding it again keeps the one row and gives the same answer.
 */
const add = handler<{ slug: string }>(
  async (request, params) => {
    const { user } = await wishlistIdentity(request, WISHLIST_ADD_SIGN_IN);
    const { slug } = parse(wishlistSlugParams, params);
    await addToWishlist(user.id, slug);
    return action(true, WISHLIST_ADDED, 200, { is_in_wishlist: true });
  },
  { personal: true },
);

export const GET = add;
export const POST = add;
