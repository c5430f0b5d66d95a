import { ProductCard } from "@/components/catalog/ProductCard";
import { Carousel } from "@/components/ui/Carousel";
import type { ProductCard as Card } from "@/lib/server/catalog";

/** "You May Also Like": up to 6 cards, a grid from 768 px up and a Swiper carousel below. */
export function RelatedProducts({ products }: { products: Card[] }) {
  if (!products.length) return null;
  return (
    <section aria-labelledby="you-may-also-like" className="mt-16" data-testid="related">
      <h2 id="you-may-also-like" className="text-3xl text-navy">
        You May Also Like
      </h2>
      <Carousel slidesPerView={{ 0: 1.4, 600: 2.2 }} gap={16} autoplayMs={3000} gridFrom768={6} label="You May Also Like" className="mt-8">
        {products.slice(0, 6).map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </Carousel>
    </section>
  );
}
