import type { ReactNode } from "react";
import { showListPrice } from "@/lib/catalog-display";
import { formatPaise } from "@/lib/format";

/** Selling price, and the list price struck through when it differs. */
export function PriceTag({ price, listPrice, size = "card", children }: { price: number; listPrice: number; size?: "card" | "page"; children?: ReactNode }) {
  const page = size === "page";
  return (
    <p className={`flex flex-wrap items-baseline ${page ? "gap-3" : "mt-2 gap-2"}`}>
      <span className={`font-semibold text-navy ${page ? "text-3xl" : "text-lg"}`}>{formatPaise(price)}</span>
      {showListPrice(price, listPrice) ? (
        <s className={`text-ink/70 ${page ? "text-lg" : "text-sm"}`}>
          <span className="sr-only">Was </span>
          {formatPaise(listPrice)}
        </s>
      ) : null}
      {children}
    </p>
  );
}
