/**
 * The names of an order's states as the database stores them, and the messages that go with them.
 * Pure: pages, client components and every server module read them from here (no retyped
 * literals). The rules that move an order between them are in ./server/order-state.ts.
 */

export const DELIVERY = { pending: "Pending", confirmed: "Confirmed", shipped: "Shipped", delivered: "Delivered", cancelled: "Cancelled" } as const;
export type DeliveryStatus = (typeof DELIVERY)[keyof typeof DELIVERY];
export const PAYMENT = { unpaid: "Un-Paid", paid: "Paid", refunded: "Refunded" } as const;
export type PaymentStatus = (typeof PAYMENT)[keyof typeof PAYMENT];
/** orders.payment_type values. */
export const PAYMENT_TYPE = { cod: "cash_on_delivery", online: "online" } as const;
export type PaymentType = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];

/** order_lines.refund_status values. */
export const REFUND = { requested: "Requested", approved: "Approved", rejected: "Rejected", refunded: "Refunded" } as const;
export type RefundStatus = (typeof REFUND)[keyof typeof REFUND];

export const ORDER_MESSAGES = {
  notFound: "Order not found.",
  cancelled: "Your order has been cancelled.",
  alreadyCancelled: "This order is already cancelled.",
  notCancellable: "This order can no longer be cancelled. Please contact us for help.",
} as const;
