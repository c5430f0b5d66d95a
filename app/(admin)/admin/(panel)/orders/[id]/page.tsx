import { randomBytes } from "node:crypto";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/admin/format";
import { OrderMoves } from "@/components/admin/OrderMoves";
import { RefundForm, RetryRefund } from "@/components/admin/RefundForm";
import { DELIVERY_TONE, PAYMENT_TONE } from "@/components/admin/tones";
import { Badge, Empty, Facts, Notice, PageHeader, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { PAYMENT_TYPE_FILTERS, staffMoves } from "@/lib/orders/admin-list";
import { orderRefusal, shipmentMoves } from "@/lib/orders/lifecycle";
import { SHIPMENT_MOVE_LABELS } from "@/lib/orders/shipping";
import { ShipForm, ShipmentMoveButtons } from "@/components/admin/Fulfilment";
import { formatPaise } from "@/lib/platform/format";
import { adminOrderDetail, codRemittanceOfOrder, creditNotesOf, orderNotesOf, refundsOf, shipmentsOf, shippingProviders } from "@/lib/orders";
import { formatDate } from "@/lib/platform/format";
import { PAYMENT_ROW, REFUND, REFUND_RECORD } from "@/lib/orders/status";
import { NoteForm } from "@/components/admin/PeopleForms";
import { ORDER_NOTE_MAX } from "@/lib/orders/schemas";
import { moveOrder, moveShipmentAction, orderNoteAction, refundOrder, retryOrderRefund, shipOrderAction } from "../actions";
import { OrderReturns } from "../../returns/order-returns";

/** A pending refund older than this is offered a Retry (its provider call may have died). */
const RETRY_AFTER_MS = 60_000;

/** The refunds pending with the provider for longer than RETRY_AFTER_MS. */
function stalePending(refunds: readonly { id: number; status: string; updated_at: string }[], now = new Date()): Set<number> {
  return new Set(refunds.filter((r) => r.status === REFUND_RECORD.pending && now.getTime() - Date.parse(r.updated_at) > RETRY_AFTER_MS).map((r) => r.id));
}

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Order" };

/**
 * /admin/orders/[id]: one order as staff see it (lines, money, addresses, payments, its history
 * of events, its staff notes with a form to add one), with the status moves the lifecycle allows
 * as buttons for a role with order:update.
 */
export default async function OrderPage({ params }: Params) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/orders/${encodeURIComponent(raw)}`, "order", "read");
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  const order = Number.isSafeInteger(id) ? await adminOrderDetail(id) : null;
  if (!order) notFound();
  const facts = { delivery: order.deliveryStatus, payment: order.paymentStatus, paymentType: order.paymentType, cancelReason: (order.cancelReason as never) ?? null, couponCode: order.couponCode };
  const fulfils = can(staff, "order", "update");
  // Shipping is the Fulfilment section's Ship form (a provider books the parcel), not a bare status move.
  const moves = fulfils ? staffMoves(facts).filter((m) => m.transition !== "ship") : [];
  const shipments = await shipmentsOf(order.id);
  const providers = fulfils && orderRefusal("ship", facts) === null ? (await shippingProviders()).filter((p) => p.on) : [];
  const s = order.shipping;
  const [refunds, creditNotes, notes, cod] = await Promise.all([refundsOf(order.id), creditNotesOf(order.id), orderNotesOf(order.id), codRemittanceOfOrder(order.id)]);
  const refundable = order.payments.find((p) => (p.status === PAYMENT_ROW.paid || p.status === PAYMENT_ROW.refundDue) && p.refunded < p.amount);
  const mayRefund = can(staff, "refund", "create");
  const claims = order.lines.filter((l) => l.refundStatus === REFUND.requested || l.refundStatus === REFUND.approved);
  const retryable = stalePending(refunds);
  return (
    <>
      <PageHeader
        title={`Order ${order.code}`}
        intro={
          <>
            Placed {formatDateTime(order.date)} · <Badge tone={DELIVERY_TONE[order.deliveryStatus]}>{order.deliveryStatus}</Badge> <Badge tone={PAYMENT_TONE[order.paymentStatus]}>{order.paymentStatus}</Badge>
          </>
        }
      />
      {moves.length ? (
        <Section title="Move this order">
          <OrderMoves orderId={order.id} moves={moves.map((m) => ({ target: m.target, label: m.label }))} action={moveOrder} />
        </Section>
      ) : null}
      <Section
        title="Fulfilment"
        actions={
          fulfils ? (
            <a href={`/admin/orders/packing-slips?ids=${order.id}`} target="_blank" rel="noopener" className="text-sm font-medium text-slate-800 underline underline-offset-2">
              Packing slip (PDF)
            </a>
          ) : null
        }
      >
        {providers.length ? <ShipForm orderId={order.id} providers={providers.map((p) => ({ key: p.key, label: p.label }))} action={shipOrderAction} /> : null}
        {shipments.length ? (
          <Table caption="Shipments" head={["Carrier", "AWB", "Status", "Tracking", "Events", ...(fulfils ? ["Actions"] : [])]}>
            {shipments.map((sh) => {
              const allowed = fulfils ? shipmentMoves(sh.status, "staff").filter((n): n is Exclude<typeof n, "create"> => n !== "create") : [];
              return (
                <tr key={sh.id} data-testid="admin-shipment">
                  <td>
                    {sh.carrier}
                    <span className="block text-xs text-slate-600">{sh.provider}</span>
                  </td>
                  <td className="font-mono text-xs">{sh.awb ?? "—"}</td>
                  <td>
                    <Badge tone={sh.status === "delivered" ? "green" : sh.status === "delivery_failed" || sh.status.startsWith("rto") ? "amber" : "blue"}>{sh.statusLabel}</Badge>
                  </td>
                  <td className="text-xs">
                    {sh.trackingUrl ? (
                      <a href={sh.trackingUrl} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
                        Track
                      </a>
                    ) : (
                      "—"
                    )}
                    {fulfils && sh.provider !== "manual" ? (
                      <a href={`/admin/orders/labels?ids=${order.id}`} target="_blank" rel="noopener" className="block underline underline-offset-2">
                        Label (PDF)
                      </a>
                    ) : null}
                  </td>
                  <td className="text-xs">
                    <ul>
                      {sh.events.map((e, i) => (
                        <li key={i}>
                          {formatDateTime(e.at)} · {e.label}
                          {e.location ? ` · ${e.location}` : ""} <span className="text-slate-500">({e.source})</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  {fulfils ? (
                    <td>
                      {allowed.length ? (
                        <ShipmentMoveButtons
                          orderId={order.id}
                          shipmentId={sh.id}
                          moves={allowed.map((n) => ({ event: n, label: sh.provider === "sandbox" && n !== "receive_return" && n !== "reattempt" && n !== "return_to_origin" ? `Sandbox: ${SHIPMENT_MOVE_LABELS[n].toLowerCase()}` : SHIPMENT_MOVE_LABELS[n] }))}
                          action={moveShipmentAction}
                        />
                      ) : (
                        "—"
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </Table>
        ) : (
          <p className="text-sm text-slate-600">Not shipped yet.</p>
        )}
        {cod.map((c) => (
          // Cash on Delivery reconciliation (/admin/cod): whether the courier has paid the cash it collected.
          <p key={c.shipmentId} className="mt-2 text-sm" data-testid="cod-remittance">
            {c.remittanceId !== null ? (
              <>
                COD remitted on {formatDate(c.remittedOn ?? c.remittedAt)}{" "}
                {can(staff, "remittance", "read") ? (
                  <Link href={`/admin/cod/remittances/${c.remittanceId}`} className="underline underline-offset-2">
                    (remittance #{c.remittanceId})
                  </Link>
                ) : (
                  `(remittance #${c.remittanceId})`
                )}
              </>
            ) : (
              <>COD of {formatPaise(c.codAmount)} not yet remitted by the courier{c.awb ? ` (AWB ${c.awb})` : ""}.</>
            )}
          </p>
        ))}
      </Section>
      <Section title="Items">
        <Table caption="Order items" head={["Item", "Qty", "Unit price", "Total", "GST", "Status", "Refund"]}>
          {order.lines.map((l) => (
            <tr key={l.id}>
              <td className="max-w-xs">
                {l.productSlug ? (
                  <Link href={`/admin/products/${encodeURIComponent(l.productSlug)}`} className="underline-offset-2 hover:underline">
                    {l.productName}
                  </Link>
                ) : (
                  l.productName
                )}
                {l.variation ? <span className="block text-xs text-slate-600">{l.variation}</span> : null}
              </td>
              <td className="tabular-nums">{l.quantity}</td>
              <td className="tabular-nums">{formatPaise(l.unitPrice)}</td>
              <td className="tabular-nums">{formatPaise(l.total)}</td>
              <td className="text-xs">{l.gstRate === null ? "—" : `${l.gstRate}%${l.hsnCode ? ` · HSN ${l.hsnCode}` : ""}`}</td>
              <td>{l.deliveryStatus}</td>
              <td>
                {l.refundStatus ?? "—"}
                {l.refundReason ? <span className="block text-xs text-slate-600">{l.refundReason}</span> : null}
              </td>
            </tr>
          ))}
        </Table>
        <div className="mt-3 ml-auto max-w-xs text-sm">
          <Facts
            items={[
              ["Subtotal", formatPaise(order.subtotal)],
              ["Shipping", formatPaise(order.shippingCost)],
              ["Tax", formatPaise(order.tax)],
              ["Coupon", order.couponDiscount ? `−${formatPaise(order.couponDiscount)}${order.couponCode ? ` (${order.couponCode})` : ""}` : "—"],
              ["Total", <strong key="t">{formatPaise(order.grandTotal)}</strong>],
            ]}
          />
        </div>
      </Section>
      <OrderReturns orderId={order.id} staff={staff} throughProvider={order.payments.some((p) => p.provider !== "cod" && (p.status === PAYMENT_ROW.paid || p.status === PAYMENT_ROW.refundDue))} />
      <Section title="Customer and delivery">
        <Facts
          items={[
            [
              "Customer",
              can(staff, "customer", "read") ? (
                <Link key="c" href={`/admin/customers/${order.customer.id}`} className="underline underline-offset-2">
                  {`${order.customer.name}${order.customer.email ? ` (${order.customer.email})` : ""}`}
                </Link>
              ) : (
                `${order.customer.name}${order.customer.email ? ` (${order.customer.email})` : ""}`
              ),
            ],
            ["Ship to", `${s.name}, ${s.address}, ${s.city}, ${s.state} ${s.postalCode}, ${s.country}`],
            ["Phone", s.phone],
            ["Email", s.email],
            ["Shipping", `${s.method}${order.estimatedDelivery ? ` · ${order.estimatedDelivery}` : ""}`],
            ["Bill to", order.billing ? `${order.billing.name}, ${order.billing.address}${order.billing.city ? `, ${order.billing.city}` : ""}` : "Same as shipping"],
            ["Buyer GSTIN", order.buyerGstin ?? "—"],
            ["Paid by", `${PAYMENT_TYPE_FILTERS[order.paymentType]}${order.paymentProvider ? ` (${order.paymentProvider})` : ""}`],
            ["Invoice", order.invoiceNumber ?? "Not issued"],
            ["Cancelled because", order.cancelReason ?? "—"],
          ]}
        />
      </Section>
      <Section title={`Staff notes (${notes?.length ?? 0})`}>
        <p className="mb-3 text-xs text-slate-600">Only staff see these notes; the customer never does.</p>
        {notes?.length ? (
          <ol className="mb-4 space-y-3" aria-label="Staff notes">
            {notes.map((n) => (
              <li key={n.id}>
                <p className="mb-1 text-xs text-slate-600">
                  {formatDateTime(n.created_at)} · {n.author ?? `Staff #${n.author_id}`}
                </p>
                <div className="rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap ring-1 ring-slate-200 ring-inset">{n.body}</div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mb-4 text-sm text-slate-600">No note yet.</p>
        )}
        <NoteForm id={order.id} action={orderNoteAction} label="New note (staff only)" maxLength={ORDER_NOTE_MAX} />
      </Section>
      <Section title="Payments">
        <Table caption="Payments" head={["Provider", "Amount", "Refunded", "Status", "Reference", "Created"]}>
          {order.payments.map((p) => (
            <tr key={p.id}>
              <td>{p.provider}</td>
              <td className="tabular-nums">{formatPaise(p.amount)}</td>
              <td className="tabular-nums">{formatPaise(p.refunded)}</td>
              <td>{p.status}</td>
              <td className="font-mono text-xs break-all">{p.reference ?? ""}</td>
              <td className="text-xs whitespace-nowrap">{formatDateTime(p.createdAt)}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section title="Refunds">
        {claims.length ? (
          <Notice tone="amber">
            The customer asked for a refund of {claims.map((l) => `${l.productName} (${l.refundStatus})`).join(", ")}.
          </Notice>
        ) : null}
        {order.payments.some((p) => p.status === PAYMENT_ROW.refundDue) ? <Notice tone="red">The payment of this cancelled order is due back to the customer.</Notice> : null}
        <Table caption="Refunds" head={["When", "Amount", "Method", "Reference", "Status", "Note", ""]} empty={refunds.length ? null : <Empty>No refund yet.</Empty>}>
          {refunds.map((r) => (
            <tr key={r.id}>
              <td className="text-xs whitespace-nowrap">{formatDateTime(r.created_at)}</td>
              <td className="tabular-nums">{formatPaise(r.amount)}</td>
              <td>{r.method}</td>
              <td className="font-mono text-xs break-all">{r.provider_refund_id ?? r.reference ?? ""}</td>
              <td>
                <Badge tone={r.status === REFUND_RECORD.processed ? "green" : r.status === REFUND_RECORD.failed ? "red" : "amber"}>{r.status}</Badge>
              </td>
              <td className="max-w-xs text-xs break-words">{r.note ?? ""}</td>
              <td>{mayRefund && retryable.has(r.id) ? <RetryRefund orderId={order.id} refundId={r.id} action={retryOrderRefund} /> : null}</td>
            </tr>
          ))}
        </Table>
        {mayRefund && refundable ? (
          <div className="mt-4">
            <RefundForm
              orderId={order.id}
              idempotencyKey={randomBytes(18).toString("base64url")}
              left={refundable.amount - refundable.refunded}
              throughProvider={refundable.provider !== "cod"}
              lines={order.lines.map((l) => ({ id: l.id, name: l.variation ? `${l.productName} (${l.variation})` : l.productName, quantity: l.quantity, claimed: l.refundStatus === REFUND.requested || l.refundStatus === REFUND.approved }))}
              action={refundOrder}
            />
          </div>
        ) : null}
      </Section>
      <Section title="Credit notes">
        <Table caption="Credit notes" head={["Number", "Issued", "Invoice", "Reason", "CGST + SGST / IGST", "Total", ""]} empty={creditNotes.length ? null : <Empty>No credit note.</Empty>}>
          {creditNotes.map((n) => (
            <tr key={n.id}>
              <td className="font-mono">{n.number}</td>
              <td className="text-xs whitespace-nowrap">{formatDateTime(n.issuedAt)}</td>
              <td className="font-mono text-xs">{n.invoiceNumber}</td>
              <td className="max-w-xs text-xs break-words">{n.reason}</td>
              <td className="text-xs tabular-nums">{n.igst ? `IGST ${formatPaise(n.igst)}` : `${formatPaise(n.cgst)} + ${formatPaise(n.sgst)}`}</td>
              <td className="tabular-nums">{formatPaise(n.total)}</td>
              <td>
                <a href={`/admin/credit-notes/${n.id}`} className="underline underline-offset-2" target="_blank" rel="noopener">
                  PDF
                </a>
              </td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section title="History">
        <Table caption="Order history" head={["When", "What", "From", "To", "By", "Note"]}>
          {order.events.map((e) => (
            <tr key={e.id}>
              <td className="text-xs whitespace-nowrap">{formatDateTime(e.createdAt)}</td>
              <td>
                {e.event} <span className="text-xs text-slate-600">({e.entity})</span>
              </td>
              <td className="text-xs">{e.from ?? "—"}</td>
              <td className="text-xs">{e.to}</td>
              <td>{e.actorName ? `${e.actorName} (${e.actor})` : e.actor}</td>
              <td className="max-w-xs break-words">{e.note ?? ""}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <p className="text-sm">
        <Link href="/admin/orders" className="text-slate-800 underline underline-offset-2">
          ← All orders
        </Link>
      </p>
    </>
  );
}
