import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { formatPaise } from "@/lib/format";
import { requireUser } from "@/lib/server/auth/session";
import { readCart } from "@/lib/server/cart";

export const metadata: Metadata = { title: "Checkout", robots: { index: false, follow: false } };

/**
 * /checkout: guests are sent to sign in first (middleware.ts and requireUser), and their cart
 * merges into the customer's there. Placing the order (address, payment) is issue 10; until then
 * this page shows the merged cart the order will be placed from.
 */
export default async function CheckoutPage() {
  const user = await requireUser("/checkout");
  const cart = await readCart({ kind: "user", userId: user.id });
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Cart", href: "/cart" }, { name: "Checkout" }]} />
      <h1 className="mt-4 mb-6 text-3xl text-navy md:text-4xl">Checkout</h1>
      <div className="max-w-2xl space-y-4 rounded-2xl bg-white p-6 shadow-sm">
        {cart.lines.length === 0 ? (
          <p>
            Your cart is empty. <Link href="/products" className="font-semibold text-saffron-dark hover:underline">Continue shopping</Link>
          </p>
        ) : (
          <>
            <ul className="divide-y divide-sand text-sm" data-testid="checkout-lines">
              {cart.lines.map((l) => (
                <li key={l.id} className="flex justify-between gap-4 py-2">
                  <span>
                    {l.name} × {l.quantity}
                  </span>
                  <span>{formatPaise(l.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <p className="flex justify-between font-semibold">
              <span>Total</span>
              <span>{formatPaise(cart.totals.total)}</span>
            </p>
            <p className="text-sm text-ink/70">Online ordering opens here shortly. To order now, call us or write to us from the contact page.</p>
            <Link href="/cart" className="font-semibold text-saffron-dark hover:underline">
              Back to cart
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
