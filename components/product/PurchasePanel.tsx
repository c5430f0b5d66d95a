"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { Icon } from "@/components/ui/Icon";

export const MIN_QUANTITY = 1;

/** Quantity (minimum 1), Add to Cart and Add to Wishlist. */
export function PurchasePanel({ outOfStock }: { outOfStock: boolean }) {
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <span id="qty-label" className="text-sm font-medium">
          Quantity
        </span>
        <div className="flex items-center rounded-full border border-ink/20" role="group" aria-labelledby="qty-label">
          <button type="button" onClick={() => setQuantity((q) => Math.max(MIN_QUANTITY, q - 1))} disabled={quantity <= MIN_QUANTITY} aria-label="Decrease quantity" className="p-3 disabled:opacity-40">
            <Icon name="minus" size={16} />
          </button>
          <input
            type="number"
            inputMode="numeric"
            min={MIN_QUANTITY}
            value={quantity}
            onChange={(e) => setQuantity(Math.max(MIN_QUANTITY, Math.floor(Number(e.target.value)) || MIN_QUANTITY))}
            aria-label="Quantity"
            className="w-14 border-x border-ink/10 bg-transparent py-2 text-center [appearance:textfield]"
          />
          <button type="button" onClick={() => setQuantity((q) => q + 1)} aria-label="Increase quantity" className="p-3">
            <Icon name="plus" size={16} />
          </button>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={outOfStock}
          onClick={() => toast.error("You need to be logged in or have a guest session to add items to the cart.")}
          className="btn-primary"
          data-quantity={quantity}
        >
          <Icon name="cart" size={18} className="mr-2" /> Add to Cart
        </button>
        <button
          type="button"
          onClick={() => toast.error("You need to be logged in to add items to the wishlist.")}
          className="inline-flex items-center rounded-full border border-navy px-6 py-3 text-sm font-semibold text-navy hover:bg-navy hover:text-white"
        >
          <Icon name="heart" size={18} className="mr-2" /> Add to Wishlist
        </button>
      </div>
    </div>
  );
}
