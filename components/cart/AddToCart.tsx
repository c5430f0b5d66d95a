"use client";

import { useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { addToCart } from "@/lib/cart/client/cart";
// Not from lib/cart/schemas: that module builds zod schemas, and would bring zod (30 KB gzip)
// into every page with a product card.
import { MAX_QUANTITY } from "@/lib/catalog/display";

export const MIN_QUANTITY = 1;

const clamp = (n: number, max: number) => Math.min(Math.max(MIN_QUANTITY, Math.floor(n) || MIN_QUANTITY), max);

/**
 * Quantity box (minimum 1, docs/storefront.md, Pages) and Add to Cart, the same on product cards and the product
 * page (which passes the chosen variant's label). While the request runs the button says "Adding..." and cannot be pressed again; the
 * server's message comes back as a toast and the mini cart opens on success.
 */
export function AddToCart({ productId, productName, variant = "", outOfStock, maxQuantity = MAX_QUANTITY, compact = false }: { productId: number; productName: string; variant?: string; outOfStock: boolean; maxQuantity?: number; compact?: boolean }) {
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const [busy, setBusy] = useState(false);
  const max = Math.max(MIN_QUANTITY, Math.min(maxQuantity, MAX_QUANTITY));
  const size = compact ? 14 : 16;
  const label = outOfStock ? "Out Of Stock" : busy ? "Adding..." : "Add to Cart";
  const add = async () => {
    setBusy(true);
    try {
      if (await addToCart(productId, quantity, variant)) setQuantity(MIN_QUANTITY);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={compact ? "flex flex-wrap items-center gap-2" : "flex flex-wrap items-center gap-3"}>
      <div className="flex items-center rounded-full border border-ink/20" role="group" aria-label={`Quantity of ${productName}`}>
        <button type="button" onClick={() => setQuantity((q) => clamp(q - 1, max))} disabled={quantity <= MIN_QUANTITY || outOfStock} aria-label={compact ? `Decrease quantity of ${productName}` : "Decrease quantity"} className={`${compact ? "p-1.5" : "p-3"} disabled:opacity-40`}>
          <Icon name="minus" size={size} />
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={max}
          value={quantity}
          disabled={outOfStock}
          onChange={(e) => setQuantity(clamp(Number(e.target.value), max))}
          aria-label={compact ? `Quantity of ${productName}` : "Quantity"}
          className={`${compact ? "w-9 py-1 text-sm" : "w-14 py-2"} border-x border-ink/10 bg-transparent text-center [appearance:textfield]`}
        />
        <button type="button" onClick={() => setQuantity((q) => clamp(q + 1, max))} disabled={quantity >= max || outOfStock} aria-label={compact ? `Increase quantity of ${productName}` : "Increase quantity"} className={`${compact ? "p-1.5" : "p-3"} disabled:opacity-40`}>
          <Icon name="plus" size={size} />
        </button>
      </div>
      <button
        type="button"
        disabled={outOfStock || busy}
        aria-busy={busy}
        onClick={() => void add()}
        className={compact ? "btn-primary min-w-24 flex-1 justify-center !px-3 !py-2 text-xs whitespace-nowrap" : "btn-primary"}
        // On a card the name says which product; it starts with the visible text (WCAG 2.5.3).
        aria-label={compact ? `${label}, ${productName}` : undefined}
      >
        {compact ? null : <Icon name="cart" size={18} className="mr-2" />}
        {label}
      </button>
    </div>
  );
}
