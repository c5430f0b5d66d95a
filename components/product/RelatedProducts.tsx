import { ProductCard } from "@/components/catalog/ProductCard";
import { Carousel } from "@/components/ui/Carousel";
import type { ProductCard as Card } from "@/lib/server/catalog";

/** "You May Also Like": up to 6 cards in a grid on desktop, a Swiper carousel under 768 px. */
export function RelatedProducts({ products }: { products: Card[] }) {
  if (!products.length) return null;
  const six = products.slice(0, 6);
  return (
    <section aria-labelledby="you-may-also-like" className="mt-16">
      <h2 id="you-may-also-like" className="text-3xl text-navy">
        You May Also Like
      </h2>
      <ul className="mt-8 hidden grid-cols-3 gap-5 md:grid xl:grid-cols-6" data-testid="related-grid">
        {six.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
      <div className="mt-8 md:hidden" data-testid="related-carousel">
        <Carousel slidesPerView={{ 0: 1.4, 600: 2.2 }} gap={16} autoplayMs={3000} label="You May Also Like">
          {six.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </Carousel>
      </div>
    </section>
  );
}
