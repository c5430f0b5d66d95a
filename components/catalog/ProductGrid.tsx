"use client";

import type { ProductCard as Card } from "@/lib/catalog";
import { ProductCard } from "./ProductCard";

/**
 * A client component on purpose: the list's RSC payload then carries the product records (about
 * 200 bytes each) rather than every rendered card tree (about 1.2 KB each), so list pages are
 * lighter to send and quicker to hydrate. The server still renders the cards into the HTML.
 */
export function ProductGrid({ products, columns = 4 }: { products: Card[]; columns?: 3 | 4 }) {
  return (
    <ul className={`grid grid-cols-2 gap-4 md:grid-cols-3 ${columns === 4 ? "xl:grid-cols-4" : ""}`}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} priority={i < 4} />
        </li>
      ))}
    </ul>
  );
}
