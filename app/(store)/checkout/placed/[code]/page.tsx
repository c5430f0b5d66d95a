import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { Icon } from "@/components/ui/Icon";
import { formatPaise } from "@/lib/platform/format";
import { requireUser } from "@/lib/accounts";
import { codPlacedPath, findPlacedCodOrder } from "@/lib/orders";
import { DELIVERY } from "@/lib/orders/status";

export const metadata: Metadata = { title: "Order placed", robots: { index: false, follow: false } };

type Props = { params: Promise<{ code: string }> };

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-sand py-2.5 last:border-0">
      <dt className="text-ink/70">{label}</dt>
      <dd className="text-right font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Where a Cash on Delivery order lands once placed (POST /checkout/place's `next`): nothing has
 * been paid, so it is an order confirmation, not the payment result page (/payment-response stays
 * for online payments). Only the customer who placed the order sees it: a guest is sent to sign
 * in, and another customer's code, an online order's or an unknown one is a 404.
 */
export default async function OrderPlacedPage({ params }: Props) {
  const { code } = await params;
  const user = await requireUser(codPlacedPath(code));
  const order = await findPlacedCodOrder(user.id, code);
  if (!order) notFound();
  const cancelled = order.deliveryStatus === DELIVERY.cancelled;
  return (
    <div className="container-page flex min-h-[60vh] items-center justify-center py-16">
      <section aria-labelledby="order-placed" className="w-full max-w-xl rounded-2xl bg-white p-8 shadow-sm md:p-12">
        <span className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${cancelled ? "bg-madder/10 text-madder" : "bg-leaf/10 text-leaf"}`}>
          <Icon name={cancelled ? "close" : "check"} size={32} />
        </span>
        <h1 id="order-placed" className="mt-6 text-center text-3xl text-navy md:text-4xl">
          {cancelled ? "Order cancelled" : "Order placed"}
        </h1>
        <p className="mt-3 text-center text-ink/80">
          {cancelled
            ? `Your order ${order.code} has been cancelled.`
            : order.dueOnDelivery > 0
              ? `Thank you for your order. Please keep ${formatPaise(order.dueOnDelivery)} ready to pay in cash when it is delivered.`
              : "Thank you for your order. It has been paid."}
        </p>
        <dl className="mt-8 text-sm">
          <Row label="Order code" testId="placed-order-code">
            {order.code}
          </Row>
          <Row label="Payment" testId="placed-payment">
            Cash on Delivery ({order.paymentStatus})
          </Row>
          <Row label="To pay on delivery" testId="placed-due">
            {formatPaise(order.dueOnDelivery)}
          </Row>
          {order.estimatedDelivery && !cancelled ? (
            <Row label="Estimated delivery" testId="placed-delivery">
              {order.estimatedDelivery}
            </Row>
          ) : null}
        </dl>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href={`/order-details/${order.id}`} className="btn-primary">
            View Order
          </Link>
          <Link href="/products" className="inline-flex items-center rounded-full border border-navy/20 px-6 py-3 text-sm font-semibold text-navy hover:border-saffron hover:text-saffron-dark">
            Continue Shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
