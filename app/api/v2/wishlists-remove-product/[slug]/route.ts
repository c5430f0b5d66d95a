import { removeFromWishlist, WISHLIST_REMOVED } from "@/lib/cart";
import { action, handler, parse } from "../../_lib/http";
import { WISHLIST_REMOVE_SIGN_IN, wishlistIdentity, wishlistSlugParams } from "../../_lib/wishlist";

/**
 * GET (the spec's call) or POST /wishlists-remove-product/{slug}: drops a product from the caller's
 * own list. A product that is not in the list answers the same (200, is_in_wishlist false): the
 * wanted state holds, and a second click or another tab is not an error.
 */
const remove = handler<{ slug: string }>(
  async (request, params) => {
    const { user } = await wishlistIdentity(request, WISHLIST_REMOVE_SIGN_IN);
    const { slug } = parse(wishlistSlugParams, params);
    await removeFromWishlist(user.id, slug);
    return action(true, WISHLIST_REMOVED, 200, { is_in_wishlist: false });
  },
  { personal: true },
);

export const GET = remove;
export const POST = remove;
