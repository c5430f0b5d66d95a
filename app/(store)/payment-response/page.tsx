import type { Metadata } from "next";
import Link from "next/link";
import { Icon } from "@/components/ui/Icon";
import { pageMetadata } from "@/lib/seo/metadata";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** response=1 means the payment went through; any other value (or none) means it failed. Cash on Delivery orders land on /checkout/placed/CODE instead. */
async function succeeded(searchParams: Props["searchParams"]): Promise<boolean> {
  return first((await searchParams).response) === "1";
}

/** The order the result is about (order=<code>), when it looks like an order code. */
async function orderCode(searchParams: Props["searchParams"]): Promise<string | null> {
  const code = first((await searchParams).order)?.trim();
  return code && /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : null;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const ok = await succeeded(searchParams);
  return pageMetadata({
    title: ok ? "Payment Successful" : "Payment Failed",
    description: ok ? "Your payment was received and your order is confirmed." : "Your payment could not be processed. You can retry the payment from checkout.",
    path: "/payment-response",
    noIndex: true,
  });
}

/** The payment gateway's return page. It reads the query string, so it renders per request. */
export default async function PaymentResponsePage({ searchParams }: Props) {
  const ok = await succeeded(searchParams);
  const code = await orderCode(searchParams);
  // Retry Payment pays the same order again (never a new one) from checkout.
  const retryHref = code ? `/checkout?order=${encodeURIComponent(code)}` : "/checkout";
  return (
    <div className="container-page flex min-h-[60vh] items-center justify-center py-16">
      <section aria-labelledby="payment-result" className="w-full max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm md:p-12" data-result={ok ? "success" : "failure"}>
        <span className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${ok ? "bg-leaf/10 text-leaf" : "bg-madder/10 text-madder"}`}>
          <Icon name={ok ? "check" : "close"} size={32} />
        </span>
        {ok ? (
          <>
            <h1 id="payment-result" className="mt-6 text-3xl text-navy md:text-4xl">
              Payment Successful!
            </h1>
            <p className="mt-3 text-ink/80">Thank you for your purchase. Your order has been confirmed!</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link href="/products" className="btn-primary">
                Continue Shopping
              </Link>
              <Link href="/purchase-history" className="inline-flex items-center rounded-full border border-navy/20 px-6 py-3 text-sm font-semibold text-navy hover:border-saffron hover:text-saffron-dark">
                View Purchase History
              </Link>
            </div>
          </>
        ) : (
          <>
            <h1 id="payment-result" className="mt-6 text-3xl text-navy md:text-4xl">
              Payment Failed
            </h1>
            <p className="mt-3 text-ink/80">We encountered an issue processing your payment. Please try again or contact support.</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link href={retryHref} className="btn-primary">
                Retry Payment
              </Link>
              <Link href="/contact-us" className="inline-flex items-center rounded-full border border-navy/20 px-6 py-3 text-sm font-semibold text-navy hover:border-saffron hover:text-saffron-dark">
                Contact Support
              </Link>
            </div>
          </>
        )}
        {code ? (
          <p className="mt-6 text-sm text-ink/70" data-testid="payment-order">
            Order {code}
          </p>
        ) : null}
      </section>
    </div>
  );
}
