import type { Metadata } from "next";
import { WishlistGrid } from "@/components/wishlist/WishlistGrid";
import { requireUser } from "@/lib/accounts";
import { readWishlist } from "@/lib/cart";

export const metadata: Metadata = { title: "Wishlist", robots: { index: false, follow: false } };

/** Wishlist (docs/storefront.md, Accounts): the customer's saved products, rendered here, changed in the browser. */
export default async function WishlistPage() {
  const user = await requireUser("/wishlists");
  const { items, unavailable } = await readWishlist(user.id);
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl text-navy md:text-4xl">Wishlist</h1>
      <WishlistGrid
        unavailable={unavailable}
        items={items.map(({ product: p }) => ({ productId: p.id, slug: p.slug, name: p.name, thumbnail: p.thumbnail, price: p.price, outOfStock: p.availability === "out_of_stock", variantCount: p.variantCount }))}
      />
    </div>
  );
}
