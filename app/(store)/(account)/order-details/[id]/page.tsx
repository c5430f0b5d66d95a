import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { RefundRequestButton } from "@/components/account/OrderActions";
import { ReturnRequestForm } from "@/components/account/ReturnRequestForm";
import { RETURN_KIND_LABELS, RETURN_STATE_LABELS } from "@/lib/orders/returns";
import { NO_REFUND, paymentTypeLabel } from "@/lib/orders/rules";
import { formatDate, formatPaise } from "@/lib/platform/format";
import { requireUser } from "@/lib/accounts";
import { creditNotesOf, customerReturns, getOrder, returnOptions } from "@/lib/orders";

export const metadata: Metadata = { title: "Order details", robots: { index: false, follow: false } };

const na = (value: string | null | undefined) => (value && value.trim() ? value : "N/A");

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="font-semibold text-ink/75">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Order details (docs/storefront.md, Accounts): one of the customer's own orders; another's id is a 404. */
export default async function OrderDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/order-details/${encodeURIComponent(id)}`);
  const orderId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const order = orderId ? await getOrder(user.id, orderId) : null;
  if (!order) notFound();
  // The GST credit notes of its refunds and returns (the order is the customer's own: getOrder checked).
  const [creditNotes, returns, returnable] = await Promise.all([creditNotesOf(order.id), customerReturns(user.id, order.id), returnOptions(user.id, order.id)]);
  const s = order.shipping;
  const place = [s.address, s.city, s.state, s.country].filter((p) => p.trim()).join(", ");
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl text-navy md:text-4xl">Order Id: {order.code}</h1>
        <Link href="/purchase-history" className="text-sm font-semibold text-saffron-dark underline underline-offset-2">
          Back to Purchase History
        </Link>
      </div>
      <section aria-labelledby="summary" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="summary" className="mb-3 text-xl">
          Order Summary
        </h2>
        <dl className="grid md:grid-cols-2 md:gap-x-8">
          <Row label="Order code">{order.code}</Row>
          <Row label="Customer">{na(s.name)}</Row>
          <Row label="Email">{na(s.email)}</Row>
          <Row label="Shipping address">{place ? `${place} - ${na(s.postalCode)}` : "N/A"}</Row>
          <Row label="Order date">{formatDate(order.date) || "N/A"}</Row>
          <Row label="Order status">{na(order.deliveryStatus)}</Row>
          <Row label="Total">{formatPaise(order.grandTotal)}</Row>
          <Row label="Shipping method">{order.shippingType.trim() || "Flat shipping rate"}</Row>
          {order.estimatedDelivery ? <Row label="Estimated delivery">{order.estimatedDelivery}</Row> : null}
          <Row label="Payment method">{na(paymentTypeLabel(order.paymentType))}</Row>
          <Row label="Payment status">{na(order.paymentStatus)}</Row>
        </dl>
      </section>
      <section aria-labelledby="delivery" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="delivery" className="mb-3 text-xl">
          Delivery
        </h2>
        <ol className="grid gap-2 sm:grid-cols-5" aria-label="Order progress">
          {order.timeline.map((t) => (
            <li key={t.step} data-testid="timeline-step" data-done={t.at ? "true" : "false"} className={`rounded-lg border p-2 text-sm ${t.at ? "border-green-700/40 bg-green-50" : "border-ink/10 text-ink/60"}`}>
              <span className="block font-semibold">{t.step}</span>
              <span className="text-xs">{t.at ? formatDate(t.at) : "Not yet"}</span>
            </li>
          ))}
        </ol>
        {order.shipments.map((sh) => (
          <div key={sh.id} className="mt-4 border-t border-ink/10 pt-3" data-testid="shipment">
            <dl className="grid md:grid-cols-2 md:gap-x-8">
              <Row label="Courier">{sh.carrier}</Row>
              <Row label="AWB">{sh.awb ?? "N/A"}</Row>
              <Row label="Shipment status">{sh.statusLabel}</Row>
              <Row label="Tracking">
                {sh.trackingUrl ? (
                  <a href={sh.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-saffron-dark underline underline-offset-2">
                    Track your parcel
                  </a>
                ) : (
                  "N/A"
                )}
              </Row>
            </dl>
            <ul className="mt-2 grid gap-1 text-sm text-ink/80">
              {sh.events.map((e, i) => (
                <li key={i}>
                  {formatDate(e.at)}: {e.label}
                  {e.location ? ` (${e.location})` : ""}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <section aria-labelledby="items" className="overflow-x-auto rounded-2xl bg-white shadow-sm">
        <h2 id="items" className="px-5 pt-5 text-xl">
          Order Items
        </h2>
        <table className="mt-3 w-full min-w-[40rem] text-left text-sm">
          <thead className="border-b border-ink/10 text-xs tracking-wide text-ink/70 uppercase">
            <tr>
              {["#", "Product", "Variation", "Quantity", "Status", "Price", "Refund"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l, i) => (
              <tr key={l.id} className="border-b border-ink/5 last:border-0" data-testid="order-line">
                <td className="px-4 py-3">{i + 1}</td>
                <td className="px-4 py-3">{na(l.productName)}</td>
                <td className="px-4 py-3">{na(l.variation)}</td>
                <td className="px-4 py-3">{l.quantity}</td>
                <td className="px-4 py-3">{na(l.deliveryStatus)}</td>
                <td className="px-4 py-3">{formatPaise(l.price)}</td>
                <td className="px-4 py-3">{l.refundButton ? <RefundRequestButton lineId={l.id} productName={l.productName} /> : l.refundLabel || NO_REFUND}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {returns.length || returnable.options.length ? (
        <section aria-labelledby="returns" className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="returns" className="text-xl">
            Returns
          </h2>
          {returns.length ? (
            <ul className="grid gap-3 text-sm">
              {returns.map((r) => (
                <li key={r.id} data-testid="order-return" className="rounded-lg border border-ink/10 p-3">
                  <p className="font-semibold">
                    {RETURN_KIND_LABELS[r.kind]}: {r.quantity} × {r.productName} · <span data-testid="return-state">{RETURN_STATE_LABELS[r.state]}</span>
                  </p>
                  <p className="text-ink/75">Your reason: {r.reason}</p>
                  {r.declineReason ? <p>Declined: {r.declineReason}</p> : null}
                  {r.sentAt ? <p>{r.sendMethod === "pickup" ? `A courier pickup is booked${r.awb ? ` (AWB ${r.awb})` : ""}.` : `Please send it back to us${r.awb ? ` (AWB ${r.awb})` : ""}.`}</p> : null}
                  {r.receivedAt ? <p>Received on {formatDate(r.receivedAt)}.</p> : null}
                  {r.refunded !== null ? <p>Refunded {formatPaise(r.refunded)}.</p> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {returnable.options.length && returnable.deadline ? <ReturnRequestForm choices={returnable.options} deadline={returnable.deadline} /> : null}
        </section>
      ) : null}
      {creditNotes.length ? (
        <section aria-labelledby="credit-notes" className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="credit-notes" className="mb-3 text-xl">
            Credit Notes
          </h2>
          <ul className="grid gap-2 text-sm">
            {creditNotes.map((n) => (
              <li key={n.id} className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <a href={`/api/v2/credit-note/download/${n.id}`} target="_blank" rel="noopener" className="font-semibold text-saffron-dark underline underline-offset-2">
                  Credit note {n.number}
                </a>
                <span>
                  {formatDate(n.issuedAt)} · {formatPaise(n.total)} · against invoice {n.invoiceNumber}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="amount" className="max-w-md rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="amount" className="mb-3 text-xl">
          Order Amount
        </h2>
        <dl>
          <Row label="Subtotal">{formatPaise(order.subtotal)}</Row>
          <Row label="Shipping">{formatPaise(order.shippingCost)}</Row>
          <Row label="Tax">{formatPaise(order.tax)}</Row>
          <Row label="Coupon">{formatPaise(order.couponDiscount)}</Row>
          <Row label="Total">
            <strong>{formatPaise(order.grandTotal)}</strong>
          </Row>
        </dl>
      </section>
    </div>
  );
}
