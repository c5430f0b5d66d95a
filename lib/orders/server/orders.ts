import "server-only";
import { orderTimeline, type ShipmentView, shipmentsOf, type TimelineStep } from "./shipping/views";
import { clampPage, ORDERS_PER_PAGE, refundDeadline, refundView, refundWindowDays } from "../rules";
import { ACTOR, DELIVERY, type DeliveryStatus, type PaymentStatus, type PaymentType, REFUND, REFUND_MESSAGES, type RefundStatus } from "../status";
import { orderTransaction } from "./after-commit";
import { noticeRefundRequested } from "./staff-notices";
import { applyTransition } from "./transition";
import { getDb } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { getSiteSettings } from "@/lib/platform/settings";
import { variationColumn } from "./variation";

/** A customer's orders, always looked up through the customer's own id. */

export type OrderSummary = {
  id: number;
  code: string;
  date: string;
  grandTotal: number;
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  paymentType: PaymentType;
};

export type OrderPage = { orders: OrderSummary[]; page: number; lastPage: number; perPage: number; total: number };

export type OrderLine = {
  id: number;
  productName: string;
  productSlug: string | null;
  variation: string | null;
  quantity: number;
  deliveryStatus: DeliveryStatus;
  price: number;
  refundStatus: RefundStatus | null;
  /** The Refund column: a button, or a label ("" = "No Refund Available"). */
  refundButton: boolean;
  refundLabel: string;
};

export type OrderDetail = OrderSummary & {
  shipping: { name: string; email: string; address: string; city: string; state: string; country: string; postalCode: string; phone: string };
  shippingType: string;
  estimatedDelivery: string | null;
  subtotal: number;
  shippingCost: number;
  tax: number;
  couponDiscount: number;
  deliveredAt: string | null;
  lines: OrderLine[];
  shipments: ShipmentView[];
  timeline: TimelineStep[];
};

export { REFUND_MESSAGES };

const summaryColumns = ["id", "code", "created_at as date", "grand_total as grandTotal", "delivery_status as deliveryStatus", "payment_status as paymentStatus", "payment_type as paymentType"] as const;

/**
 * One page of the customer's orders, newest first. A page past the end gives the last page (a
 * list that shrank since the link was made still shows something); `page` says which one it is.
 */
export async function listOrders(userId: number, requestedPage = 1): Promise<OrderPage> {
  const { db } = await getDb();
  const counted = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const { page, lastPage } = clampPage(requestedPage, total);
  const orders = await db
    .selectFrom("orders")
    .select(summaryColumns)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ORDERS_PER_PAGE)
    .offset((page - 1) * ORDERS_PER_PAGE)
    .execute();
  return { orders, page, lastPage, perPage: ORDERS_PER_PAGE, total };
}

/** Days after delivery a line may be claimed (setting refund_window_days, default 7). */
export async function currentRefundWindowDays(): Promise<number> {
  return refundWindowDays((await getSiteSettings()).refund_window_days);
}

/** One of the customer's orders with its lines; null for an id that is not theirs. */
export async function getOrder(userId: number, id: number, now = new Date()): Promise<OrderDetail | null> {
  const { db } = await getDb();
  const o = await db.selectFrom("orders").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!o) return null;
  const rows = await db
    .selectFrom("order_lines")
    .select(["id", "product_name as productName", "product_slug as productSlug", variationColumn(), "quantity", "delivery_status as deliveryStatus", "total as price", "refund_status as refundStatus"])
    .where("order_id", "=", o.id)
    .orderBy("id")
    .execute();
  const windowDays = await currentRefundWindowDays();
  const lines = rows.map((line) => {
    const refund = refundView(line, o.delivered_at, windowDays, now);
    return { ...line, refundButton: refund.button, refundLabel: refund.label };
  });
  return {
    id: o.id,
    code: o.code,
    date: o.created_at,
    grandTotal: o.grand_total,
    deliveryStatus: o.delivery_status,
    paymentStatus: o.payment_status,
    paymentType: o.payment_type,
    shipping: { name: o.shipping_name, email: o.shipping_email, address: o.shipping_address, city: o.shipping_city, state: o.shipping_state, country: o.shipping_country, postalCode: o.shipping_postal_code, phone: o.shipping_phone },
    shippingType: o.shipping_type,
    estimatedDelivery: o.estimated_delivery,
    subtotal: o.subtotal,
    shippingCost: o.shipping_cost,
    tax: o.tax,
    couponDiscount: o.coupon_discount,
    deliveredAt: o.delivered_at,
    lines,
    shipments: await shipmentsOf(o.id, db),
    timeline: await orderTimeline(o.id, db),
  };
}

/**
 * A customer's claim that a delivered line arrived damaged or defective (docs/storefront.md, "Orders"): allowed once,
 * on a delivered line, within the refund window after delivery. One conditional update, so two
 * clicks record one request. Another customer's line is "not found".
 */
export async function requestRefund(userId: number, lineId: number, reason: string, now = new Date()): Promise<{ lineId: number; orderId: number; refundStatus: RefundStatus }> {
  const windowDays = await currentRefundWindowDays();
  const handle = await getDb();
  const outcome = await orderTransaction(handle, async (trx, after) => {
    const line = await trx
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .select(["l.id", "l.order_id", "l.delivery_status", "l.refund_status", "l.product_name", "l.variation", "o.code", "o.delivered_at"])
      .where("l.id", "=", lineId)
      .where("o.user_id", "=", userId)
      .executeTakeFirst();
    if (!line) throw new ApiError(404, REFUND_MESSAGES.lineNotFound);
    if (line.refund_status) throw new ApiError(409, REFUND_MESSAGES.alreadyRequested);
    if (line.delivery_status !== DELIVERY.delivered || !line.delivered_at) throw new ApiError(409, REFUND_MESSAGES.notDelivered);
    const deadline = refundDeadline(line.delivered_at, windowDays);
    if (!deadline || now.getTime() > deadline.getTime()) throw new ApiError(409, REFUND_MESSAGES.windowClosed(windowDays));
    const moved = await applyTransition(
      { trx, dialect: handle.dialect, now, actor: ACTOR.customer, actorId: userId, after },
      { machine: "line", name: "request_refund", lineId, ownerId: userId, set: { refund_reason: reason, refund_requested_at: now.toISOString() } },
    );
    await noticeRefundRequested(trx, after, { orderId: line.order_id, code: line.code, product: line.variation ? `${line.product_name} (${line.variation})` : line.product_name, reason }, now);
    return moved;
  });
  return { lineId, orderId: outcome.orderId, refundStatus: REFUND.requested };
}
