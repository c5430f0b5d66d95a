import "server-only";
import { getDb } from "@/lib/platform/db";
import { invoiceFileName, invoicePdf } from "./invoices";
import type { MailAttachment, MailBrand, MailMessage } from "@/lib/platform/mail";
import { log } from "@/lib/platform/log";
import { mailEvent, registerMail, type OutboxEvent } from "@/lib/platform/outbox";
import { decodeOrderMailRef, encodeOrderMailRef, type OrderMailFacts } from "../mail-facts";
import type { OrderMailKind } from "../status";
import { mailPhotoUrl, type OrderMail, renderOrderMailMessage } from "./order-mail-view";
import { variationColumn } from "./variation";

/**
 * The mails an order sends its customer, each with a link to the order's page. The change they
 * announce asks for them in its own transaction (`outbox.add(trx, orderMail(id, kind, facts))`),
 * and the outbox (lib/platform/outbox/) renders and sends them once it has committed: retried when
 * the mail server fails, never undoing the change. Every kind goes through one template
 * (./order-mail-view.tsx, React Email: docs/decisions/0059).
 *
 * For shipping, refunds and returns: pass what the shopper should read as facts, e.g.
 *   orderMail(id, "shipped", { shipment: { carrier: "Delhivery", awb: "1234", trackingUrl, status: "Shipped" } })
 *   orderMail(id, "refunded", { refund: { amount: 120000, method: "original", reference: "rfnd_X" } })
 *   orderMail(id, "return", { return: { state: "approved", reason: null, lineId } })
 * A kind without the facts it needs throws when the event is made (a programming error).
 */
export type { OrderMailKind } from "../status";
export type { OrderMailFacts } from "../mail-facts";

/** The order as the mail shows it now, with the facts of the change; null when the customer has no email. */
export async function loadOrderMail(orderId: number, kind: OrderMailKind, facts: OrderMailFacts, siteUrl: string): Promise<OrderMail | null> {
  const { db } = await getDb();
  const order = await db
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select([
      "o.id",
      "o.code",
      "o.created_at",
      "o.payment_type",
      "o.estimated_delivery",
      "o.coupon_code",
      "o.subtotal",
      "o.shipping_cost",
      "o.coupon_discount",
      "o.tax",
      "o.grand_total",
      "o.shipping_name",
      "o.shipping_address",
      "o.shipping_city",
      "o.shipping_state",
      "o.shipping_postal_code",
      "o.shipping_country",
      "o.shipping_phone",
      "u.email",
      "u.name",
    ])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!order?.email) return null;
  let lineQuery = db
    .selectFrom("order_lines as l")
    .leftJoin("products as p", "p.id", "l.product_id")
    .leftJoin("product_variants as v", "v.id", "l.variant_id")
    .select(["l.id", "l.product_name", variationColumn(), "l.quantity", "l.unit_price", "l.total", "p.thumbnail_image", "v.photo"])
    .where("l.order_id", "=", orderId);
  // A return about one line shows that line.
  if (facts.return?.lineId) lineQuery = lineQuery.where("l.id", "=", facts.return.lineId);
  const lines = await lineQuery.orderBy("l.id").execute();
  return {
    kind,
    to: order.email,
    customerName: order.name || order.shipping_name,
    order: {
      id: order.id,
      code: order.code,
      placedAt: new Date(order.created_at).toISOString(),
      paymentType: order.payment_type,
      url: `${siteUrl}/order-details/${order.id}`,
      estimatedDelivery: order.estimated_delivery,
      couponCode: order.coupon_code,
    },
    lines: lines.map((l) => ({
      name: l.product_name,
      variant: l.variation,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      total: l.total,
      // The variant's own photo when it has one, else the product's.
      imageUrl: mailPhotoUrl(l.photo ?? l.thumbnail_image, siteUrl),
    })),
    totals: { subtotal: order.subtotal, shipping: order.shipping_cost, couponDiscount: order.coupon_discount, tax: order.tax, grandTotal: order.grand_total },
    address: {
      name: order.shipping_name,
      address: order.shipping_address,
      city: order.shipping_city,
      state: order.shipping_state,
      postalCode: order.shipping_postal_code,
      country: order.shipping_country,
      phone: order.shipping_phone,
    },
    shipment: facts.shipment ?? null,
    refund: facts.refund ?? null,
    return: facts.return ?? null,
    invoiceAttached: false,
  };
}

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

/**
 * The outbox event that mails the order's customer about `kind` once the transaction commits,
 * with the facts of the change (required: a shipment for nothing, a refund for "refunded", a
 * return's state for "return"; see ../mail-facts.ts).
 */
export function orderMail(orderId: number, kind: OrderMailKind, facts: OrderMailFacts = {}): OutboxEvent {
  return mailEvent("order", encodeOrderMailRef(orderId, kind, facts));
}

/** Renders an order's mail as the order is when the outbox delivers it; null when the customer has no email. */
async function renderOrderMail(orderId: number, kind: OrderMailKind, facts: OrderMailFacts, brand: MailBrand): Promise<MailMessage | null> {
  const mail = await loadOrderMail(orderId, kind, facts, brand.siteUrl);
  if (!mail) return null;
  // The payment mail carries the GST invoice the payment issued.
  const attachments = kind === "paid" ? await invoiceAttachment(orderId) : [];
  return renderOrderMailMessage({ ...mail, invoiceAttached: attachments.length > 0 }, brand, attachments);
}

registerMail("order", async (ref, brand) => {
  const { orderId, kind, facts } = decodeOrderMailRef(ref);
  return renderOrderMail(orderId, kind, facts, brand);
});
