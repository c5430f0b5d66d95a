/**
 * Rules about placed orders that pages, API answers and services share, kept free of the
 * database so they can be tested on their own (lib/orders/rules.test.ts).
 */

import { DELIVERY, type DeliveryStatus, PAYMENT, PAYMENT_TYPE, type PaymentStatus, type PaymentType, REFUND, type RefundStatus } from "./status";

/** Purchase History shows this many orders a page (docs/storefront.md, "Orders"). */
export const ORDERS_PER_PAGE = 10;

/** Days after delivery within which a line may be claimed as damaged or defective (docs/storefront.md, "Orders"). */
export const DEFAULT_REFUND_WINDOW_DAYS = 7;

/** The setting refund_window_days as a whole number of days; the default when missing or odd. */
export function refundWindowDays(raw: string | null | undefined): number {
  const days = Number(raw);
  return raw !== null && raw !== undefined && raw.trim() !== "" && Number.isInteger(days) && days >= 0 && days <= 365 ? days : DEFAULT_REFUND_WINDOW_DAYS;
}

/** What the Refund column says once a refund was asked for. */
export const REFUND_LABELS: Record<RefundStatus, string> = {
  [REFUND.requested]: "Refund Requested",
  [REFUND.approved]: "Refund Approved",
  [REFUND.rejected]: "Refund Rejected",
  [REFUND.refunded]: "Refunded",
};

/** The Refund column's fallback (docs/storefront.md, "Orders"), shown when a line has neither a button nor a label. */
export const NO_REFUND = "No Refund Available";

/** The last moment a delivered line may be claimed; null when the delivery time is unknown. */
export function refundDeadline(deliveredAt: string | null | undefined, windowDays: number): Date | null {
  const at = typeof deliveredAt === "string" ? Date.parse(deliveredAt) : NaN;
  if (!Number.isFinite(at)) return null;
  return new Date(at + windowDays * 24 * 60 * 60 * 1000);
}

export type RefundView = { button: boolean; label: string };

/**
 * The Refund column of one line: a button while the line is delivered, within the window and not
 * yet claimed; the claim's state once claimed; otherwise an empty label (the page then shows
 * "No Refund Available").
 */
export function refundView(line: { deliveryStatus: DeliveryStatus; refundStatus: RefundStatus | null }, deliveredAt: string | null, windowDays: number, now: Date): RefundView {
  if (line.refundStatus) return { button: false, label: REFUND_LABELS[line.refundStatus] };
  if (line.deliveryStatus !== DELIVERY.delivered) return { button: false, label: "" };
  const deadline = refundDeadline(deliveredAt, windowDays);
  return { button: deadline !== null && now.getTime() <= deadline.getTime(), label: "" };
}

/**
 * Whether an order's amount counts as money the customer spent (dashboard Total Expenditure): it
 * was paid (online, or cash collected at delivery), or it is a cash-on-delivery order that was
 * delivered. Unpaid orders still pending are not spending, and a cancelled order never is (a paid
 * one is owed back to the customer).
 */
export function countsAsSpent(order: { deliveryStatus: DeliveryStatus; paymentStatus: PaymentStatus; paymentType: PaymentType }): boolean {
  if (order.deliveryStatus === DELIVERY.cancelled) return false;
  return order.paymentStatus === PAYMENT.paid || (order.paymentType === PAYMENT_TYPE.cod && order.deliveryStatus === DELIVERY.delivered);
}

/** The page of a list to show: 1 for junk, the last page when asked for one past the end. */
export function clampPage(requested: number, total: number, perPage = ORDERS_PER_PAGE): { page: number; lastPage: number } {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, lastPage) : 1;
  return { page, lastPage };
}

/** Labels shoppers read for stored values. */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = { [PAYMENT_TYPE.cod]: "Cash on Delivery", [PAYMENT_TYPE.online]: "Pay online" };

export function paymentTypeLabel(value: PaymentType | null | undefined): string {
  return value ? PAYMENT_TYPE_LABELS[value] : "";
}
