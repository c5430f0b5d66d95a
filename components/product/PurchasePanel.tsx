import { AddToCart } from "@/components/cart/AddToCart";
import { lineCapOf } from "@/lib/catalog/display";
import { WishlistButton } from "@/components/wishlist/WishlistButton";

/** Quantity (minimum 1), Add to Cart and Add to Wishlist on the product page. */
export function PurchasePanel({ product }: { product: { id: number; slug: string; name: string; availability: string; stockQuantity: number } }) {
  const cap = lineCapOf(product.availability, product.stockQuantity);
  return (
    <div className="space-y-4">
      <p className="text-sm font-medium">
        Quantity
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <AddToCart productId={product.id} productName={product.name} outOfStock={cap === 0} maxQuantity={cap} />
        <WishlistButton productId={product.id} slug={product.slug} name={product.name} />
      </div>
    </div>
  );
}
