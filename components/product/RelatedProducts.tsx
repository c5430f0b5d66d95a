import type { ProductCard as Card } from "@/lib/catalog";
import { RelatedCarousel } from "./RelatedCarousel";

/** "You May Also Like": up to 6 cards, a grid from 768 px up and a Swiper carousel below. */
export function RelatedProducts({ products }: { products: Card[] }) {
  if (!products.length) return null;
  return (
    <section aria-labelledby="you-may-also-like" className="defer-render mt-16 [--defer-height:480px]" data-testid="related">
      <h2 id="you-may-also-like" className="text-3xl text-navy">
        You May Also Like
      </h2>
      <RelatedCarousel products={products.slice(0, 6)} />
    </section>
  );
}
