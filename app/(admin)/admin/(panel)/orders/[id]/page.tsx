import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/admin/format";
import { OrderMoves } from "@/components/admin/OrderMoves";
import { DELIVERY_TONE, PAYMENT_TONE } from "@/components/admin/tones";
import { Badge, Facts, PageHeader, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { PAYMENT_TYPE_FILTERS, staffMoves } from "@/lib/orders/admin-list";
import { adminOrderDetail } from "@/lib/orders";
import { formatPaise } from "@/lib/platform/format";
import { moveOrder } from "../actions";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Order" };

/**
 * /admin/orders/[id]: one order as staff see it (lines, money, addresses, payments, its history
 * of events), with the status moves the lifecycle allows as buttons for a role with order:update.
 */
export default async function OrderPage({ params }: Params) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/orders/${encodeURIComponent(raw)}`, "order", "read");
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  const order = Number.isSafeInteger(id) ? await adminOrderDetail(id) : null;
  if (!order) notFound();
  const moves = can(staff, "order", "update")
    ? staffMoves({ delivery: order.deliveryStatus, payment: order.paymentStatus, paymentType: order.paymentType, cancelReason: (order.cancelReason as never) ?? null, couponCode: order.couponCode })
    : [];
  const s = order.shipping;
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
