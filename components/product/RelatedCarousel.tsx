"use client";

import { ProductCard } from "@/components/catalog/ProductCard";
import { Carousel } from "@/components/ui/Carousel";
import type { ProductCard as Card } from "@/lib/catalog";

/**
 * The related cards, drawn from their data in the browser as on the server. As a client component
 * the page's RSC payload carries six small product records instead of six rendered card trees.
 */
export function RelatedCarousel({ products }: { products: Card[] }) {
  return (
    <Carousel slidesPerView={{ 0: 1.4, 600: 2.2 }} gap={16} autoplayMs={3000} gridFrom768={6} label="You May Also Like" className="mt-8">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </Carousel>
  );
}
