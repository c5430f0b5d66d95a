import Image from "next/image";
import Link from "next/link";
import { Icon } from "@/components/ui/Icon";
import { availabilityLabel, availabilityTone, discountLabel } from "@/lib/catalog-display";
import type { ProductCard as Card } from "@/lib/server/catalog";
import { PriceTag } from "./PriceTag";

export function ProductCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  const discount = discountLabel(product.discountPercent);
  const label = availabilityLabel(product.availability);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-square overflow-hidden bg-sand">
        {product.thumbnail ? (
          <Image
            src={product.thumbnail}
            alt={product.name}
            fill
            priority={priority}
            sizes="(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw"
            className="object-cover transition duration-300 group-hover:scale-105"
          />
        ) : null}
        {discount ? <span className="absolute top-3 left-3 rounded-full bg-madder px-2.5 py-1 text-xs font-semibold text-white">{discount}</span> : null}
        <Link
          href="/login"
          aria-label={`Add ${product.name} to wishlist`}
          className="absolute top-3 right-3 z-10 rounded-full bg-white/90 p-2 text-ink shadow hover:text-madder"
        >
          <Icon name="heart" size={18} />
        </Link>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-base leading-snug font-medium text-ink">
          <Link href={`/products/${product.slug}`} className="after:absolute after:inset-0">
            {product.name}
          </Link>
        </h3>
        <PriceTag price={product.price} listPrice={product.listPrice} />
        <p className={`mt-auto pt-3 text-xs font-semibold tracking-wide ${availabilityTone(product.availability)}`}>
          {label}
        </p>
      </div>
    </article>
  );
}
