import "server-only";
import { getDb } from "@/lib/platform/db";
import { DELIVERY, ORDER_MESSAGES, PAYMENT, PAYMENT_TYPE } from "../status";
import { PAYMENT_MESSAGES } from "./payments/service";

/**
 * Retry Payment (/checkout?order=CODE): one of the customer's own orders, by its code, and whether
 * it can still be paid online. Another customer's code is "not found", like a code that does not exist.
 */

export type OrderToPay =
  | { state: "payable"; id: number; code: string; grandTotal: number }
  | { state: "closed"; id: number; code: string; grandTotal: number; message: string }
  | { state: "not_found"; message: string };

/** The texts POST /payments/start answers with, so the page and the call say the same. */
export const ORDER_TO_PAY_MESSAGES = {
  notFound: ORDER_MESSAGES.notFound,
  paid: PAYMENT_MESSAGES.alreadyPaid,
  expired: PAYMENT_MESSAGES.expired,
  cancelled: ORDER_MESSAGES.alreadyCancelled,
  cashOnDelivery: PAYMENT_MESSAGES.notOnline,
} as const;

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

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
  if (order.payment_type !== PAYMENT_TYPE.online) return { ...base, state: "closed", message: ORDER_TO_PAY_MESSAGES.cashOnDelivery };
  if (order.payment_status !== PAYMENT.unpaid) return { ...base, state: "closed", message: ORDER_TO_PAY_MESSAGES.paid };
  if (order.delivery_status === DELIVERY.cancelled) {
    return { ...base, state: "closed", message: order.cancel_reason === "payment_timeout" ? ORDER_TO_PAY_MESSAGES.expired : ORDER_TO_PAY_MESSAGES.cancelled };
  }
  if (order.delivery_status !== DELIVERY.pending) return { ...base, state: "closed", message: ORDER_TO_PAY_MESSAGES.paid };
  return { ...base, state: "payable" };
}
