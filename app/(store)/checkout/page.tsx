import type { Metadata } from "next";
import Link from "next/link";
import { CheckoutForm } from "@/components/checkout/CheckoutForm";
import { PayNow } from "@/components/checkout/PayNow";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { formatPaise } from "@/lib/platform/format";
import { listAddresses, presentAddress, requireUser } from "@/lib/accounts";
import { readCart } from "@/lib/cart";
import { findOrderToPay } from "@/lib/orders";

export const metadata: Metadata = { title: "Checkout", robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /checkout: guests are sent to sign in first (middleware.ts and requireUser) and their cart merges
 * into the customer's there. The customer chooses the address, shipping and payment and places the
 * order (components/checkout/CheckoutForm.tsx). /checkout?order=CODE is the spec's Retry Payment
 * target: it pays that order again and never places a new one.
 */
export default async function CheckoutPage({ searchParams }: Props) {
  const raw = (await searchParams).order;
  const code = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const user = await requireUser(code ? `/checkout?order=${encodeURIComponent(code)}` : "/checkout");
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Cart", href: "/cart" }, { name: "Checkout" }]} />
      <h1 className="mt-4 mb-6 text-3xl text-navy md:text-4xl">Checkout</h1>
      {code ? <RetryPayment userId={user.id} code={code} /> : <PlaceOrder user={user} />}
    </div>
  );
}

async function PlaceOrder({ user }: { user: { id: number; name: string; email: string } }) {
  const [cart, addresses] = await Promise.all([readCart({ kind: "user", userId: user.id }), listAddresses(user.id)]);
  if (cart.lines.length === 0) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm">
        <p className="text-lg">Your cart is empty.</p>
        <Link href="/products" className="btn-primary mt-5">
          Continue shopping
        </Link>
      </div>
    );
  }
  return <CheckoutForm customer={{ id: user.id, name: user.name, email: user.email }} addresses={addresses.map(presentAddress)} />;
}

async function RetryPayment({ userId, code }: { userId: number; code: string }) {
  const order = await findOrderToPay(userId, code);
  return (
    <section aria-labelledby="retry-title" className="max-w-xl space-y-4 rounded-2xl bg-white p-6 shadow-sm md:p-8">
      {order.state === "payable" ? (
        <>
          <h2 id="retry-title" className="text-2xl">
            Complete your payment for order {order.code}
          </h2>
          <p className="flex justify-between text-lg font-semibold">
            <span>Order total</span>
            <span data-testid="retry-total">{formatPaise(order.grandTotal)}</span>
          </p>
          <p className="text-sm text-ink/70">Inclusive of all taxes. Pay by UPI, card or netbanking; your order and its items stay the same.</p>
          <PayNow orderId={order.id} />
        </>
      ) : (
        <>
          <h2 id="retry-title" className="text-2xl">
            {order.state === "closed" ? `Order ${order.code}` : "Retry Payment"}
          </h2>
          <p role="alert" className="font-medium text-madder">
            {order.message}
          </p>
          <Link href="/purchase-history" className="btn-primary">
            View Purchase History
          </Link>
        </>
      )}
    </section>
  );
}
