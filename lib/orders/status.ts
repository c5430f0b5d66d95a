/**
 * The names of an order's states as the database stores them, and the messages that go with them.
 * Pure: pages, client components and every server module read them from here (no retyped
 * literals), and the table types (lib/platform/db/schema.ts) declare the status columns with the
 * unions below. Which state may follow which is the transitions table in ./lifecycle.ts.
 */

const values = <T extends Record<string, string>>(names: T) => Object.values(names) as T[keyof T][];

/** orders.delivery_status and order_lines.delivery_status. */
/** Returned: the courier could not deliver it and brought it back to the shop (RTO received, restocked). */
export const DELIVERY = { pending: "Pending", confirmed: "Confirmed", shipped: "Shipped", delivered: "Delivered", cancelled: "Cancelled", returned: "Returned" } as const;
export type DeliveryStatus = (typeof DELIVERY)[keyof typeof DELIVERY];
export const DELIVERY_STATUSES = values(DELIVERY);

/** orders.payment_status: what the customer sees of the money. */
export const PAYMENT = { unpaid: "Un-Paid", paid: "Paid", refunded: "Refunded" } as const;
export type PaymentStatus = (typeof PAYMENT)[keyof typeof PAYMENT];
export const PAYMENT_STATUSES = values(PAYMENT);

/** orders.payment_type values. */
export const PAYMENT_TYPE = { cod: "cash_on_delivery", online: "online" } as const;
export type PaymentType = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];

/** orders.cancel_reason: who cancelled, or that an online payment did not arrive in time. */
export const CANCEL_REASON = { customer: "customer", paymentTimeout: "payment_timeout", merchant: "merchant" } as const;
export type CancelReason = (typeof CANCEL_REASON)[keyof typeof CANCEL_REASON];

/** order_lines.refund_status values (a customer's claim on a delivered line). */
export const REFUND = { requested: "Requested", approved: "Approved", rejected: "Rejected", refunded: "Refunded" } as const;
export type RefundStatus = (typeof REFUND)[keyof typeof REFUND];

/**
 * payments.status: one row per order and way of paying. `created` (an online payment not made
 * yet), `pending` (cash due at the door), `paid`, `failed` (the provider said so, or the order was
 * cancelled before it was paid), `refund_due` (money taken for an order that will not ship),
 * `refunded` (every paisa given back), `closed` (staff closed a refund_due with a reason).
 */
export const PAYMENT_ROW = { created: "created", pending: "pending", paid: "paid", failed: "failed", refundDue: "refund_due", refunded: "refunded", closed: "closed" } as const;
export type PaymentRowStatus = (typeof PAYMENT_ROW)[keyof typeof PAYMENT_ROW];
export const PAYMENT_ROW_STATUSES = values(PAYMENT_ROW);

/** Who made a change (order_events.actor, stock_movements.actor): shared with every domain's records. */
export { ACTOR, type Actor } from "@/lib/platform/actor";

/** The machines of ./lifecycle.ts, as order_events.entity names them. */
export const ENTITY = { order: "order", line: "line", payment: "payment" } as const;
export type Entity = (typeof ENTITY)[keyof typeof ENTITY];

/** How a refund's money went back (refunds.method). `original`: through the payment provider that took it. */
export const REFUND_METHOD = { original: "original", bankTransfer: "bank_transfer", upi: "upi", cash: "cash" } as const;
export type RefundMethod = (typeof REFUND_METHOD)[keyof typeof REFUND_METHOD];
export const REFUND_METHODS = values(REFUND_METHOD);

/** refunds.status: `pending` until the provider has answered (or at once for a manual refund), then `processed` or `failed`. */
export const REFUND_RECORD = { pending: "pending", processed: "processed", failed: "failed" } as const;
export type RefundRecordStatus = (typeof REFUND_RECORD)[keyof typeof REFUND_RECORD];

/**
 * The mails an order sends its customer (lib/orders/server/order-mail.ts; what each says:
 * docs/operations.md "Mails"). "expired": cancelled because an online payment did not arrive in
 * time; "refunded": a refund was processed (its amount, method and reference travel with the
 * mail); "return": a step of a return (its state travels with the mail, ./mail-facts.ts).
 */
export const ORDER_MAIL = {
  placed: "placed",
  paid: "paid",
  cancelled: "cancelled",
  expired: "expired",
  shipped: "shipped",
  delivered: "delivered",
  refunded: "refunded",
  return: "return",
} as const;
export type OrderMailKind = (typeof ORDER_MAIL)[keyof typeof ORDER_MAIL];
export const ORDER_MAIL_KINDS = values(ORDER_MAIL);

/**
 * shipments.status: a parcel's way to the customer and, when it could not be delivered, back
 * (NDR: a failed delivery attempt, for the shop to decide re-attempt or return; RTO: return to origin).
 */
export const SHIPMENT = {
  inTransit: "in_transit",
  outForDelivery: "out_for_delivery",
  deliveryFailed: "delivery_failed",
  delivered: "delivered",
  rtoInTransit: "rto_in_transit",
  rtoReceived: "rto_received",
} as const;
export type ShipmentStatus = (typeof SHIPMENT)[keyof typeof SHIPMENT];
export const SHIPMENT_STATUSES = values(SHIPMENT);

/** How staff and shoppers read a shipment's status. */
export const SHIPMENT_LABEL: Record<ShipmentStatus, string> = {
  in_transit: "Shipped",
  out_for_delivery: "Out for delivery",
  delivery_failed: "Delivery attempt failed",
  delivered: "Delivered",
  rto_in_transit: "Returning to the shop",
  rto_received: "Returned",
};

/** shipment_events.source: who told the store. */
export const SHIPMENT_SOURCE = { staff: "staff", provider: "provider", webhook: "webhook" } as const;
export type ShipmentSource = (typeof SHIPMENT_SOURCE)[keyof typeof SHIPMENT_SOURCE];

export const ORDER_MESSAGES = {
  notFound: "Order not found.",
  cancelled: "Your order has been cancelled.",
  alreadyCancelled: "This order is already cancelled.",
  notCancellable: "This order can no longer be cancelled. Please contact us for help.",
} as const;

export const REFUND_MESSAGES = {
  requested: "Your refund request has been sent. We will get back to you soon.",
  lineNotFound: "Order item not found.",
  alreadyRequested: "A refund has already been requested for this item.",
  notDelivered: "A refund can be requested only after the item has been delivered.",
  windowClosed: (days: number) => `Refunds can be requested only within ${days} days of delivery.`,
  notRequested: "No refund was requested for this item.",
} as const;
