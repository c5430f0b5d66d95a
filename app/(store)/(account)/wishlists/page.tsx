import type { Metadata } from "next";
import Image from "next/image";
import Link from "next/link";
import { formatPaise } from "@/lib/format";
import { requireUser } from "@/lib/server/auth/session";
import { listWishlist } from "@/lib/server/wishlist";

export const metadata: Metadata = { title: "Wishlist", robots: { index: false, follow: false } };

/** Wishlist (spec §2.11): the customer's saved products. */
export default async function WishlistPage() {
  const user = await requireUser("/wishlists");
  const items = await listWishlist(user.id);
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl text-navy md:text-4xl">Wishlist</h1>
      {items.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <p>There isn&apos;t anything added yet</p>
          <Link href="/products" className="btn-primary mt-4">
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
          {items.map((item) => (
            <li key={item.id} className="product-card">
              <Link href={`/products/${item.product.slug}`} className="group block">
                <div className="product-card-media">{item.product.thumbnail ? <Image src={item.product.thumbnail} alt="" fill sizes="(min-width: 1280px) 20vw, 45vw" className="product-card-img" /> : null}</div>
                <div className="product-card-body">
                  <p className="product-card-title">{item.product.name}</p>
                  <p className="mt-1 font-semibold">{formatPaise(item.product.price)}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
