"use client";

import Image from "next/image";
import Link from "next/link";
import { useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { addToCart as addProductToCart } from "@/lib/cart/client/cart";
import { removeFromWishlist } from "@/lib/cart/client/wishlist";
import { formatCount, formatPaise } from "@/lib/platform/format";

export const WISHLIST_EMPTY = "There isn't anything added yet";

/** A saved product as the page hands it over (the price in paise, as services keep it). */
export type WishlistCard = { productId: number; slug: string; name: string; thumbnail: string | null; price: number; outOfStock: boolean; variantCount?: number };

/**
 * The /wishlists grid (docs/storefront.md, Accounts): each card links to its product and has a remove (trash) button
 * and Add to Cart (quantity 1). A removed card goes at once, with the count; it comes back if the
 * server refuses. The last one removed leaves the empty state.
 */
export function WishlistGrid({ items, unavailable = 0 }: { items: WishlistCard[]; unavailable?: number }) {
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());
  const [adding, setAdding] = useState<ReadonlySet<number>>(() => new Set());
  const shown = items.filter((item) => !removed.has(item.productId));

  const toggle = (set: ReadonlySet<number>, id: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  async function remove(item: WishlistCard) {
    setRemoved((s) => toggle(s, item.productId, true));
    if (!(await removeFromWishlist(item.slug, item.productId))) setRemoved((s) => toggle(s, item.productId, false));
  }

  /** Quantity 1 through the store's one Add to Cart (toasts, header count, mini cart). */
  async function addToCart(item: WishlistCard) {
    setAdding((s) => toggle(s, item.productId, true));
    try {
      await addProductToCart(item.productId, 1);
    } finally {
      setAdding((s) => toggle(s, item.productId, false));
    }
  }

  return (
    <>
      <p className="text-sm text-ink/70" aria-live="polite" data-testid="wishlist-page-count">
        {formatCount(shown.length, "product")}
      </p>
      {unavailable > 0 ? (
        <p className="rounded-xl bg-sand px-4 py-3 text-sm" role="status">
          {unavailable === 1
            ? "A product you saved is no longer available, so it is not shown here."
            : `${unavailable} products you saved are no longer available, so they are not shown here.`}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <p>{WISHLIST_EMPTY}</p>
          <Link href="/products" className="btn-primary mt-4">
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
          {shown.map((item) => (
            <li key={item.productId} className="product-card" data-testid="wishlist-item">
              <Link href={`/products/${item.slug}`} className="group block">
                <div className="product-card-media">
                  {item.thumbnail ? <Image src={item.thumbnail} alt="" fill sizes="(min-width: 1280px) 20vw, 45vw" className="product-card-img" /> : null}
                </div>
                <div className="product-card-body">
                  <p className="product-card-title">{item.name}</p>
                  <p className="mt-1 font-semibold">{formatPaise(item.price)}</p>
                </div>
              </Link>
              <button type="button" aria-label={`Remove ${item.name} from wishlist`} className="product-card-wish" onClick={() => void remove(item)}>
                <Icon name="trash" size={18} />
              </button>
              <div className="mt-auto px-4 pb-4">
                {(item.variantCount ?? 0) > 0 && !item.outOfStock ? (
                  // Sold by variant: a length or size is chosen on its page.
                  <Link href={`/products/${item.slug}`} className="btn-primary w-full" aria-label={`Choose options, ${item.name}`}>
                    Choose options
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="btn-primary w-full"
                    disabled={item.outOfStock || adding.has(item.productId)}
                    aria-busy={adding.has(item.productId) || undefined}
                    onClick={() => void addToCart(item)}
                  >
                    {item.outOfStock ? (
                      "Out Of Stock"
                    ) : (
                      <>
                        <Icon name="cart" size={18} className="mr-2" /> Add to Cart
                      </>
                    )}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
