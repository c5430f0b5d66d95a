import { AddToCart } from "@/components/cart/AddToCart";
import { lineCapOf } from "@/lib/catalog-display";
import { Icon } from "@/components/ui/Icon";

/** Quantity (minimum 1), Add to Cart and Add to Wishlist on the product page. */
export function PurchasePanel({ product }: { product: { id: number; slug: string; name: string; availability: string; stockQuantity: number } }) {
  const cap = lineCapOf(product.availability, product.stockQuantity);
  return (
    <div className="space-y-4">
      <p id="qty-label" className="text-sm font-medium">
        Quantity
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <AddToCart productId={product.id} productName={product.name} outOfStock={cap === 0} maxQuantity={cap} />
        <button type="button" className="inline-flex items-center rounded-full border border-navy px-6 py-3 text-sm font-semibold text-navy hover:bg-navy hover:text-white">
          <Icon name="heart" size={18} className="mr-2" /> Add to Wishlist
        </button>
      </div>
    </div>
  );
}
