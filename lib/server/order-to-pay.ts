import "server-only";
import { getDb } from "../db";
import { DELIVERY, PAYMENT, PAYMENT_TYPE } from "./order-state";

/**
 * Retry Payment (/checkout?order=CODE): one of the customer's own orders, by its code, and whether
 * it can still be paid online. Another customer's code is "not found", like a code that does not exist.
 */

export type OrderToPay =
  | { state: "payable"; id: number; code: string; grandTotal: number }
  | { state: "closed"; id: number; code: string; grandTotal: number; message: string }
  | { state: "not_found"; message: string };

export const ORDER_TO_PAY_MESSAGES = {
  notFound: "Order not found.",
  paid: "This order is already paid.",
  expired: "This order has expired and its items were released. Please place a new order.",
  cancelled: "This order is already cancelled.",
  cashOnDelivery: "This order is paid by Cash on Delivery: there is nothing to pay online.",
} as const;

const CODE = /^[A-Za-z0-9-]{1,40}$/;

export async function findOrderToPay(userId: number, code: string): Promise<OrderToPay> {
  if (!CODE.test(code)) return { state: "not_found", message: ORDER_TO_PAY_MESSAGES.notFound };
  const { db } = await getDb();
  const order = await db
    .selectFrom("orders")
    .select(["id", "code", "grand_total", "payment_status", "payment_type", "delivery_status", "cancel_reason"])
    .where("user_id", "=", userId)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!order) return { state: "not_found", message: ORDER_TO_PAY_MESSAGES.notFound };
  const base = { id: order.id, code: order.code, grandTotal: order.grand_total };
  if (order.payment_status !== PAYMENT.unpaid) return { ...base, state: "closed", message: ORDER_TO_PAY_MESSAGES.paid };
  if (order.delivery_status === DELIVERY.cancelled) {
    return { ...base, state: "closed", message: order.cancel_reason === "payment_timeout" ? ORDER_TO_PAY_MESSAGES.expired : ORDER_TO_PAY_MESSAGES.cancelled };
  }
  if (order.payment_type !== PAYMENT_TYPE.online) return { ...base, state: "closed", message: ORDER_TO_PAY_MESSAGES.cashOnDelivery };
  return { ...base, state: "payable" };
}
