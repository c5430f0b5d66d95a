import Image from "next/image";
import Link from "next/link";
import { AddToCart } from "@/components/cart/AddToCart";
import { WishlistHeart } from "@/components/wishlist/WishlistHeart";
import { availabilityLabel, availabilityTone, discountLabel, lineCapOf } from "@/lib/catalog/display";
import type { ProductCard as Card } from "@/lib/catalog";
import { PriceTag } from "./PriceTag";

export function ProductCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  const discount = discountLabel(product.discountPercent);
  const label = availabilityLabel(product.availability);
  const cap = lineCapOf(product.availability, product.stockQuantity);
  return (
    // Component classes (app/globals.css, "Product card"): a list page repeats this card up to 48
    // times, in the HTML and again in the RSC payload, so short class names keep pages light.
    <article className="product-card group">
      <div className="product-card-media">
        {product.thumbnail ? (
          // A card is at most 300 CSS px wide: the 384 px photo for 1x screens and 640 px for 2x and up.
          <Image src={product.thumbnail} alt={product.name} width={300} height={300} priority={priority} className="product-card-img" />
        ) : null}
        {discount ? <span className="product-card-badge">{discount}</span> : null}
        {/* A client island: the card stays the same for everyone, only the heart knows the customer. */}
        <WishlistHeart productId={product.id} slug={product.slug} name={product.name} />
      </div>
      <div className="product-card-body">
        <h3 className="product-card-title">
          <Link href={`/products/${product.slug}`} className="product-card-link">
            {product.name}
          </Link>
        </h3>
        {/* Sold by variant: the lowest price of its variants, and a link to choose one on its page. */}
        <PriceTag price={product.price} listPrice={product.listPrice} from={product.variantCount > 0} />
        <p className={`product-card-stock ${availabilityTone(product.availability)}`}>{label}</p>
        <div className="product-card-buy">
          {product.variantCount > 0 ? (
            // The same two boxes as Add to Cart's (the count where the quantity is), so the card's
            // stock line sits where its neighbours' do.
            <div className="flex flex-wrap items-center gap-2">
              <span className="product-card-choices">{product.variantCount} choices</span>
              <Link href={`/products/${product.slug}`} className="btn-primary min-w-24 flex-1 justify-center !px-3 !py-2 text-xs whitespace-nowrap" aria-label={`Choose options, ${product.name}`}>
                Choose options
              </Link>
            </div>
          ) : (
            <AddToCart productId={product.id} productName={product.name} outOfStock={cap === 0} maxQuantity={cap} compact />
          )}
        </div>
      </div>
    </article>
  );
}
