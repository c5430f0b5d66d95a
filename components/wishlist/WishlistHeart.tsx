"use client";

import Link from "next/link";
import { Icon } from "@/components/ui/Icon";
import { useWishlist } from "@/lib/cart/client/wishlist";
import { handOverGuestMessage } from "./guest";

/**
 * The heart on a product card (docs/storefront.md, Pages): a link to /login for guests; for a signed-in customer a
 * toggle that saves or drops the product at once. The card around it is a server component on a
 * cached page shared by everyone, so only this heart knows who is looking.
 */
export function WishlistHeart({ productId, slug, name }: { productId: number; slug: string; name: string }) {
  const wishlist = useWishlist();
  if (!wishlist.signedIn) {
    return (
      <Link href="/login" aria-label={`Add ${name} to wishlist`} className="product-card-wish" onClick={handOverGuestMessage}>
        <Icon name="heart" size={18} />
      </Link>
    );
  }
  const saved = wishlist.has(productId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`}
      data-saved={saved ? "true" : "false"}
      className={saved ? "product-card-wish text-madder" : "product-card-wish"}
      onClick={() => void (saved ? wishlist.remove(slug, productId) : wishlist.add(slug, productId))}
    >
      <Icon name="heart" size={18} fill={saved ? "currentColor" : undefined} />
    </button>
  );
}
