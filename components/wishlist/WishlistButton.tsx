"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Icon } from "@/components/ui/Icon";
import { useWishlist } from "@/lib/cart/client/wishlist";
import { handOverGuestMessage } from "./guest";

const BUTTON = "inline-flex items-center rounded-full border border-navy px-6 py-3 text-sm font-semibold";

/**
 * Add to Wishlist on the product page (docs/storefront.md, Pages). A guest follows a link to /login that brings
 * them back here; a signed-in customer toggles the product: "In Wishlist" (filled) once saved, and
 * a click then removes it.
 */
export function WishlistButton({ productId, slug, name }: { productId: number; slug: string; name: string }) {
  const wishlist = useWishlist();
  const pathname = usePathname();
  if (!wishlist.signedIn) {
    return (
      <Link href={`/login?redirect=${encodeURIComponent(pathname || `/products/${slug}`)}`} className={`${BUTTON} text-navy hover:bg-navy hover:text-white`} onClick={handOverGuestMessage}>
        <Icon name="heart" size={18} className="mr-2" /> Add to Wishlist
      </Link>
    );
  }
  const saved = wishlist.has(productId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      title={saved ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`}
      data-saved={saved ? "true" : "false"}
      onClick={() => void (saved ? wishlist.remove(slug, productId) : wishlist.add(slug, productId))}
      className={saved ? `${BUTTON} bg-navy text-white hover:bg-navy/90` : `${BUTTON} text-navy hover:bg-navy hover:text-white`}
    >
      <Icon name="heart" size={18} className="mr-2" fill={saved ? "currentColor" : undefined} /> {saved ? "In Wishlist" : "Add to Wishlist"}
    </button>
  );
}
