import type { ProductCard as Card } from "@/lib/server/catalog";
import { ProductCard } from "./ProductCard";

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
