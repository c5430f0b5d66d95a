import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SandboxPayButtons } from "@/components/payment/SandboxPayButtons";
import { formatPaise } from "@/lib/platform/format";
import { PAYMENT } from "@/lib/orders/status";
import { callbackPath, DEFAULT_SHOP_NAME, sandboxCheckout } from "@/lib/orders";
import { getSiteSettings } from "@/lib/platform/settings";
import { pageMetadata } from "@/lib/seo/metadata";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = pageMetadata({
  title: "Test payment",
  description: "The store's sandbox payment page: no money moves.",
  path: "/payment/sandbox",
  noIndex: true,
});

/**
 * The sandbox provider's payment page (what Razorpay's checkout is for real payments): shows the
 * shop, the order and the amount, and lets the tester pay or fail. Not found when the sandbox is
 * switched off or the provider order is unknown.
 */
export default async function SandboxPaymentPage({ searchParams }: Props) {
  const raw = (await searchParams).order_id;
  const providerOrderId = Array.isArray(raw) ? raw[0] : raw;
  if (!providerOrderId || !/^order_[A-Za-z0-9]{14}$/.test(providerOrderId)) notFound();
  const checkout = await sandboxCheckout(providerOrderId);
  if (!checkout) notFound();
  const shopName = (await getSiteSettings()).website_name || DEFAULT_SHOP_NAME;
  const amount = formatPaise(checkout.amount);

  return (
    <div className="container-page flex min-h-[60vh] items-center justify-center py-16">
      <section aria-labelledby="sandbox-title" className="w-full max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm md:p-12">
        <p className="text-xs font-semibold tracking-widest text-saffron-dark uppercase">Sandbox · no money moves</p>
        <h1 id="sandbox-title" className="mt-3 text-3xl text-navy md:text-4xl">
          Test payment
        </h1>
        <dl className="mx-auto mt-6 grid max-w-sm grid-cols-2 gap-x-4 gap-y-2 text-left text-sm">
          <dt className="text-ink/70">Shop</dt>
          <dd className="font-semibold text-navy" data-testid="sandbox-shop">{shopName}</dd>
          <dt className="text-ink/70">Order</dt>
          <dd className="font-semibold text-navy" data-testid="sandbox-order">{checkout.orderCode}</dd>
          <dt className="text-ink/70">Amount</dt>
          <dd className="font-semibold text-navy" data-testid="sandbox-amount">{amount}</dd>
        </dl>
        {checkout.paymentStatus === PAYMENT.unpaid ? (
          <SandboxPayButtons providerOrderId={providerOrderId} amountLabel={amount} callbackUrl={callbackPath(checkout.orderCode)} />
        ) : (
          <p className="mt-8 text-ink/80">
            This order is already paid.{" "}
            <Link href="/purchase-history" className="font-semibold text-saffron-dark hover:underline">
              View Purchase History
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
