import { requireIdentity } from "@/lib/accounts";
import { listWishlist } from "@/lib/cart";
import { handler, list } from "../_lib/http";
import { wishlistItem } from "../_lib/present";

/** GET /wishlists: the caller's own saved products (published ones), newest first; the count is its length. */
export const GET = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    return list((await listWishlist(user.id)).map(wishlistItem));
  },
  { personal: true },
);
