import "server-only";
import { formatPaise } from "@/lib/platform/format";
import { getDb } from "@/lib/platform/db";
import { invoiceFileName, invoicePdf } from "./invoices";
import type { MailAttachment, MailBrand, MailMessage } from "@/lib/platform/mail";
import { noticeMail } from "@/lib/platform/mail/templates";
import { log } from "@/lib/platform/log";
import { type OrderMailKind, PAYMENT_TYPE } from "../status";
import { mailEvent, registerMail, type OutboxEvent } from "@/lib/platform/outbox";
import { variationColumn } from "./variation";
import { shipmentMailFacts, shipmentMailLines, shipmentsOf } from "./shipping/views";

/**
 * The mails an order sends its customer, each with a link to the order's page. The change they
 * announce asks for them in its own transaction (`outbox.add(trx, orderMail(id, kind))`), and the
 * outbox (lib/platform/outbox/) renders and sends them once it has committed: retried when the
 * mail server fails, never undoing the change.
 */
export type { OrderMailKind } from "../status";

async function orderForMail(orderId: number) {
  const { db } = await getDb();
  return db
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.code", "o.grand_total", "o.payment_type", "o.estimated_delivery", "o.shipping_name", "u.email", "u.name"])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
}

/** "2 × Ikat Cushion Cover (Blue) — ₹2,400" for each line of the order. */
async function lineSummary(orderId: number): Promise<string[]> {
  const { db } = await getDb();
  const lines = await db.selectFrom("order_lines").select(["product_name", variationColumn(), "quantity", "total"]).where("order_id", "=", orderId).orderBy("id").execute();
  return lines.map((l) => `${l.quantity} × ${l.product_name}${l.variation ? ` (${l.variation})` : ""} — ${formatPaise(l.total)}`);
}

const SUBJECTS: Record<OrderMailKind, (code: string) => string> = {
  placed: (code) => `Order ${code} placed`,
  paid: (code) => `Payment received for order ${code}`,
  cancelled: (code) => `Order ${code} cancelled`,
  expired: (code) => `Order ${code} cancelled: payment not received`,
  shipped: (code) => `Order ${code} shipped`,
  delivered: (code) => `Order ${code} delivered`,
};

/** The order's GST invoice as a mail attachment; none (logged) when it cannot be made. */
async function invoiceAttachment(orderId: number): Promise<MailAttachment[]> {
  try {
    const { number, pdf } = await invoicePdf(null, orderId);
    return [{ filename: invoiceFileName(number), content: pdf, contentType: "application/pdf" }];
  } catch (error) {
    log.error({ err: error, orderId }, "no invoice for the payment mail");
    return [];
  }
}

const KINDS: readonly OrderMailKind[] = ["placed", "paid", "cancelled", "expired", "shipped", "delivered"];

/** The parcel lines of the shipped and delivered mails (./shipping/service.ts shipmentMailFacts), none when the order has no shipment. */
async function parcelLines(order: { id: number; code: string; grand_total: number; payment_type: string }, kind: "shipped" | "delivered", siteUrl: string): Promise<string[]> {
  const { db } = await getDb();
  const shipment = (await shipmentsOf(order.id, db)).at(-1);
  if (!shipment) return [];
  const o = await db.selectFrom("orders").select("payment_status").where("id", "=", order.id).executeTakeFirstOrThrow();
  const facts = shipmentMailFacts({ id: order.id, code: order.code, grandTotal: order.grand_total, paymentType: order.payment_type, paymentStatus: o.payment_status }, shipment, siteUrl);
  return shipmentMailLines(kind, facts, formatPaise);
}

/** The outbox event that mails the order's customer about `kind` once the transaction commits. */
export function orderMail(orderId: number, kind: OrderMailKind): OutboxEvent {
  return mailEvent("order", { orderId, kind });
}

/** Renders an order's mail as it is when the outbox delivers it; null when the customer has no email. */
async function renderOrderMail(orderId: number, kind: OrderMailKind, brand: MailBrand): Promise<MailMessage | null> {
  const order = await orderForMail(orderId);
  if (!order?.email) return null;
  // The payment mail carries the GST invoice the payment issued.
  const attachments = kind === "paid" ? await invoiceAttachment(order.id) : [];
  const total = formatPaise(order.grand_total);
  const items = kind === "paid" ? [] : await lineSummary(orderId);
  const itemsBlock = items.length ? ["Items:", ...items, `Total: ${total}`] : [];
  const parcel = kind === "shipped" || kind === "delivered" ? await parcelLines(order, kind, brand.siteUrl) : [];
  const lines: Record<OrderMailKind, string[]> = {
    placed: [
      `Thank you for your order ${order.code} of ${total}.`,
      // Nothing is paid yet for Cash on Delivery: the mail says what is due at the door, never that a payment succeeded.
      order.payment_type === PAYMENT_TYPE.cod ? `Please keep ${total} ready to pay in cash when it is delivered.` : "We will confirm it as soon as your payment is received.",
      ...(order.estimated_delivery ? [`Estimated delivery: ${order.estimated_delivery}.`] : []),
      ...itemsBlock,
    ],
    paid: [`We have received your payment of ${total} for order ${order.code}. Your order is confirmed.`, ...(attachments.length ? ["Your GST invoice is attached."] : [])],
    cancelled: [`Your order ${order.code} has been cancelled. If you paid for it, the amount will be refunded to you.`, ...itemsBlock],
    expired: [
      `We did not receive the payment for your order ${order.code} in time, so it has been cancelled and its items were released.`,
      "If money was taken from your account, it will be refunded to you. You are welcome to place the order again.",
      ...itemsBlock,
    ],
    shipped: parcel.length
      ? [...parcel, ...(order.estimated_delivery ? [`Estimated delivery: ${order.estimated_delivery}.`] : []), ...itemsBlock]
      : [
          `Your order ${order.code} is on its way.`,
          ...(order.estimated_delivery ? [`Estimated delivery: ${order.estimated_delivery}.`] : []),
          ...itemsBlock,
          order.payment_type === PAYMENT_TYPE.cod ? `Please keep ${total} ready to pay in cash at delivery.` : "",
        ].filter(Boolean),
    delivered: parcel.length ? [...parcel, ...itemsBlock] : [`Your order ${order.code} has been delivered. We hope you love it.`, ...itemsBlock],
  };
  const link = `${brand.siteUrl}/order-details/${order.id}`;
  const message = noticeMail(brand, order.email, SUBJECTS[kind](order.code), [...lines[kind], `See your order: ${link}`], order.name || order.shipping_name);
  return attachments.length ? { ...message, attachments } : message;
}

registerMail("order", async (ref, brand) => {
  const { orderId, kind } = ref;
  if (typeof orderId !== "number" || !KINDS.includes(kind as OrderMailKind)) throw new Error(`not an order mail: ${JSON.stringify(ref)}`);
  return renderOrderMail(orderId, kind as OrderMailKind, brand);
});
