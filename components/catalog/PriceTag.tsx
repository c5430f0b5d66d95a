import type { ReactNode } from "react";
import { showListPrice } from "@/lib/catalog/display";
import { formatPaise } from "@/lib/platform/format";

/** Selling price, and the list price struck through when it differs; "From" before the lowest price of a product sold by variant. */
export function PriceTag({ price, listPrice, size = "card", from = false, children }: { price: number; listPrice: number; size?: "card" | "page"; from?: boolean; children?: ReactNode }) {
  // Component classes (app/globals.css, "Prices"): a list page repeats this for every card.
  return (
    <p className={`price price-${size}`}>
      {from ? <span className="price-from">From</span> : null}
      <span className="price-now">{formatPaise(price)}</span>
      {showListPrice(price, listPrice) ? (
        <s className="price-was">
          <span className="sr-only">Was </span>
          {formatPaise(listPrice)}
        </s>
      ) : null}
      {children}
    </p>
  );
}
