import "server-only";
import { notifyStaff } from "@/lib/accounts";
import { sql } from "kysely";
import { type Db, getDb } from "@/lib/platform/db";
import { formatPaise } from "@/lib/platform/format";
import { DELIVERY, PAYMENT, PAYMENT_TYPE, type PaymentType, REFUND } from "../status";
import type { AfterCommit } from "./after-commit";

/**
 * The orders' staff notices (issue 25 point 9; lib/accounts notifyStaff: a mail through the outbox
 * to each of the staff whose role handles it), each written in the transaction of the change:
 *
 *  - order_placed: an order the shop can act on, i.e. waiting for its confirmation. A Cash on
 *    Delivery order is at its placement; an online order when its payment arrives (placed and
 *    never paid, it is nothing to do: it expires by itself), so each order is announced once.
 *  - payment_failed: the provider's signed report of a failed attempt.
 *  - refund_requested: a customer's claim on a delivered line.
 */

const orderPath = (orderId: number) => `/admin/orders/${orderId}`;

/** Counts the mails on `after`, so the outbox delivers them once the transaction commits (writeAfterCommit). */
async function counted(after: AfterCommit, written: Promise<number>): Promise<number> {
  const n = await written;
  after.notices = (after.notices ?? 0) + n;
  return n;
}

export type NewOrder = { id: number; code: string; grandTotal: number; customer: string; paymentType: PaymentType };

export function noticeNewOrder(trx: Db, after: AfterCommit, order: NewOrder, now: Date): Promise<number> {
  const how = order.paymentType === PAYMENT_TYPE.cod ? "Cash on Delivery" : "paid online";
  return counted(after, notifyStaff(trx, "order_placed", { title: `${order.code}, ${formatPaise(order.grandTotal)}`, detail: `${order.customer} placed order ${order.code} for ${formatPaise(order.grandTotal)} (${how}). It waits for its confirmation.`, path: orderPath(order.id) }, now));
}

export function noticePaymentFailed(trx: Db, after: AfterCommit, order: { id: number; code: string; grandTotal: number }, reason: string, now: Date): Promise<number> {
  return counted(after, notifyStaff(trx, "payment_failed", { title: order.code, detail: `A payment of ${formatPaise(order.grandTotal)} for order ${order.code} failed: ${reason.slice(0, 200)}`, path: orderPath(order.id) }, now));
}

export function noticeRefundRequested(trx: Db, after: AfterCommit, claim: { orderId: number; code: string; product: string; reason: string }, now: Date): Promise<number> {
  return counted(after, notifyStaff(trx, "refund_requested", { title: `${claim.code}: ${claim.product}`, detail: `The customer asks for a refund of ${claim.product} on order ${claim.code}: ${claim.reason.slice(0, 300)}`, path: orderPath(claim.orderId) }, now));
}

/*
 * The counts beside the back office's Orders link ((panel)/layout.tsx), for the roles that read
 * them. Each an index read on a million orders (EXPLAIN on the bench's database): the Pending
 * orders through orders_admin_status_idx (a few thousand at most), the claims through the partial
 * index of claimed lines (migration 025), whose condition is written as a literal to match it.
 */

/** Orders waiting for the shop: Pending, and Cash on Delivery or paid (what order_placed announces). */
export async function countNewOrders(): Promise<number> {
  const { db } = await getDb();
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("delivery_status", "=", DELIVERY.pending)
    .where((eb) => eb.or([eb("payment_type", "=", PAYMENT_TYPE.cod), eb("payment_status", "=", PAYMENT.paid)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders with a customer's refund claim waiting for a decision (what /admin/orders?refund=requested lists). */
export async function countRefundRequests(): Promise<number> {
  const { db } = await getDb();
  const row = await db
    .selectFrom("order_lines")
    .select(sql<number>`count(distinct order_id)`.as("n"))
    .where("refund_status", "=", sql.lit(REFUND.requested))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
