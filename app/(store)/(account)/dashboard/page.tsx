import type { Metadata } from "next";
import Image from "next/image";
import Link from "next/link";
import type { ReactNode } from "react";
import { CouponList } from "@/components/account/CouponList";
import { DefaultAddressCard } from "@/components/account/DefaultAddressCard";
import { formatPaise } from "@/lib/platform/format";
import { dashboardStats, getDefaultAddress, presentAddress, requireUser } from "@/lib/accounts";
import { availableCoupons } from "@/lib/cart";
import { recentlyViewed } from "@/lib/catalog";

export const metadata: Metadata = { title: "Dashboard", robots: { index: false, follow: false } };

function Card({ title, children, href }: { title: string; children: ReactNode; href?: string }) {
  const body = (
    <>
      <h2 className="font-sans text-sm font-semibold tracking-wide text-ink/70 uppercase">{title}</h2>
      <div className="mt-2">{children}</div>
    </>
  );
  return href ? (
    <Link href={href} className="block rounded-2xl bg-white p-5 shadow-sm transition hover:shadow-md">
      {body}
    </Link>
  ) : (
    <section className="rounded-2xl bg-white p-5 shadow-sm">{body}</section>
  );
}

/** The account dashboard (docs/storefront.md, Accounts), every figure from the customer's own rows. */
export default async function DashboardPage() {
  const user = await requireUser("/dashboard");
  const [stats, coupons, address, viewed] = await Promise.all([dashboardStats(user.id), availableCoupons(user.id), getDefaultAddress(user.id), recentlyViewed(user.id, 6)]);
  const figure = "font-display text-3xl text-navy";
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl text-navy md:text-4xl">Dashboard</h1>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card title="Total Expenditure" href="/purchase-history">
          <p className={figure} data-testid="total-expenditure">
            {formatPaise(stats.totalExpenditure)}
          </p>
        </Card>
        <Card title="Products in Cart">
          <p className={figure} data-testid="cart-count">
            {stats.productsInCart}
          </p>
        </Card>
        <Card title="Products in Wishlist" href="/wishlists">
          <p className={figure} data-testid="wishlist-count">
            {stats.productsInWishlist}
          </p>
        </Card>
        <Card title="Total Products Ordered" href="/purchase-history">
          <p className={figure} data-testid="products-ordered">
            {stats.productsOrdered}
          </p>
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="coupons-title" className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="coupons-title" className="mb-3 text-xl">
            Available Coupons
          </h2>
          <CouponList coupons={coupons} />
        </section>
        <section aria-labelledby="address-title" className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="address-title" className="mb-3 text-xl">
            Default Shipping Address
          </h2>
          <DefaultAddressCard userId={user.id} address={address ? presentAddress(address) : null} />
        </section>
      </div>
      {viewed.length ? (
        <section aria-labelledby="viewed-title" className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="viewed-title" className="mb-4 text-xl">
            Recently viewed
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
            {viewed.map((p) => (
              <li key={p.slug}>
                <Link href={`/products/${p.slug}`} className="group block">
                  <div className="relative aspect-square overflow-hidden rounded-lg bg-sand">
                    {p.thumbnail ? <Image src={p.thumbnail} alt="" fill sizes="160px" className="object-cover transition group-hover:scale-105" /> : null}
                  </div>
                  <p className="mt-2 line-clamp-2 text-sm">{p.name}</p>
                  <p className="text-sm font-semibold">{formatPaise(p.price)}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
