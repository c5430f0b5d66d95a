import "server-only";
import { StockShortage } from "@/lib/catalog";
import { getDb } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { getSiteSettings } from "@/lib/platform/settings";
import { log } from "@/lib/platform/log";
import { ACTOR, DELIVERY, PAYMENT, PAYMENT_ROW, PAYMENT_TYPE } from "../status";
import { orderTransaction } from "./after-commit";
import { noticeNewOrder } from "./staff-notices";
import { applyTransition, issueInvoice, lockOrder, OPEN_PAYMENT } from "./transition";

/**
 * The paths that move an order after placement on their own (the customer's cancel, the payment
 * deadline, the provider's payment), each one transaction through applyTransition
 * (./transition.ts, by the table in ../lifecycle.ts) and then its after-commit work
 * (./after-commit.ts). The back office's moves are in ./order-admin.ts.
 */

/** Minutes an unpaid online order holds its stock (setting online_payment_timeout_minutes). */
export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 30;

export async function paymentTimeoutMinutes(): Promise<number> {
  const raw = Number((await getSiteSettings()).online_payment_timeout_minutes);
  return Number.isInteger(raw) && raw >= 1 && raw <= 24 * 60 ? raw : DEFAULT_PAYMENT_TIMEOUT_MINUTES;
}

export type CancelOutcome = { orderId: number; code: string };

/**
 * The customer cancels their own order while it is Pending and Un-Paid: transition `cancel` (stock
 * back through the ledger, lines and the unpaid payment row follow), then the product pages are
 * refreshed and the cancel mail sent. Another customer's order is "not found"; an order already
 * cancelled or past Pending is a 409 with a message, and nothing changes.
 */
export async function cancelOrder(userId: number, orderId: number, now = new Date()): Promise<CancelOutcome> {
  const handle = await getDb();
  const outcome = await orderTransaction(handle, (trx, after) =>
    applyTransition({ trx, dialect: handle.dialect, now, actor: ACTOR.customer, actorId: userId, after }, { machine: "order", name: "cancel", orderId, ownerId: userId }),
  );
  return { orderId, code: outcome.order.code };
}

/**
 * Cancels unpaid online orders whose payment deadline has passed (transition `expire`, actor
 * system), giving their stock back. Safe to run from several processes at once: each order is
 * changed by a conditional update under its lock, and an order paid a moment ago is no longer
 * Un-Paid (its 409 is skipped). Returns the orders it cancelled.
 */
export async function releaseExpiredOrders(now = new Date(), limit = 100): Promise<CancelOutcome[]> {
  const handle = await getDb();
  const due = await handle.db
    .selectFrom("orders")
    .select("id")
    .where("payment_due_at", "is not", null)
    .where("payment_due_at", "<=", now.toISOString())
    .where("payment_status", "=", PAYMENT.unpaid)
    .where("delivery_status", "=", DELIVERY.pending)
    .where("payment_type", "=", PAYMENT_TYPE.online)
    .orderBy("payment_due_at")
    .limit(limit)
    .execute();
  const released: CancelOutcome[] = [];
  for (const { id } of due) {
    try {
      const outcome = await orderTransaction(handle, (trx, after) =>
        applyTransition({ trx, dialect: handle.dialect, now, actor: ACTOR.system, note: "payment deadline passed", after }, { machine: "order", name: "expire", orderId: id }),
      );
      released.push({ orderId: id, code: outcome.order.code });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return released;
}

export type PaymentReport = {
  provider: string;
  providerPaymentId: string;
  /** Paise the provider says it took. */
  amount: number;
  currency: string;
};

export type PaidOutcome =
  | { kind: "paid"; orderId: number; invoiceNumber: string; firstTime: boolean }
  /** The money arrived for an order that stays cancelled: its payment is due back. */
  | { kind: "refund_due"; orderId: number }
  | { kind: "amount_mismatch"; orderId: number }
  | { kind: "not_found" };

/**
 * Records a successful payment the provider signed, exactly once however many times the provider
 * (or the customer's browser, or a webhook) reports it, in one transaction with the order locked:
 *  - the amount and currency must be the order's (otherwise the payment row keeps the mismatch as
 *    its error, and nothing else changes);
 *  - an unpaid order: transition `pay` (Confirmed, Paid, its lines Confirmed, payment row paid,
 *    GST invoice, the paid mail after commit);
 *  - an order its deadline cancelled, without a coupon, whose stock is still there: `revive`
 *    (the same, with the stock taken again through the ledger);
 *  - any other cancelled order: `pay_after_cancel` (it shows Paid, the payment row is refund_due,
 *    no invoice: the money is to be refunded);
 *  - an order already paid: nothing changes (its invoice number is answered).
 */
export async function markOrderPaid(orderId: number, report: PaymentReport, now = new Date()): Promise<PaidOutcome> {
  const handle = await getDb();
  return orderTransaction(handle, async (trx, after): Promise<PaidOutcome> => {
    const change = { trx, dialect: handle.dialect, now, actor: ACTOR.provider, note: `${report.provider} payment ${report.providerPaymentId}`, after };
    const order = await lockOrder(trx, handle.dialect, orderId);
    if (!order) return { kind: "not_found" };
    if (report.amount !== order.grand_total || report.currency !== "INR") {
      await trx
        .updateTable("payments")
        .set({ error: `amount_mismatch: ${report.amount} ${report.currency}`, updated_at: now.toISOString() })
        .where("order_id", "=", orderId)
        .where("status", "in", OPEN_PAYMENT)
        .execute();
      return { kind: "amount_mismatch", orderId };
    }
    const cancelled = order.delivery_status === DELIVERY.cancelled;
    if (order.payment_status !== PAYMENT.unpaid) {
      // Reported again: a cancelled order stays a refund, a live one keeps the invoice it was given.
      return cancelled ? { kind: "refund_due", orderId } : { kind: "paid", orderId, invoiceNumber: await issueInvoice(trx, orderId, now), firstTime: false };
    }
    const payment = { provider_payment_id: report.providerPaymentId };
    if (!cancelled) {
      const paid = await applyTransition(change, { machine: "order", name: "pay", orderId, payment });
      // Paid, an online order waits for the shop: its staff are told (a Cash on Delivery one was at its placement).
      const who = await trx.selectFrom("orders").select("shipping_name").where("id", "=", orderId).executeTakeFirst();
      await noticeNewOrder(trx, after, { id: orderId, code: order.code, grandTotal: order.grand_total, customer: who?.shipping_name ?? "A customer", paymentType: order.payment_type }, now);
      return { kind: "paid", orderId, invoiceNumber: paid.invoiceNumber as string, firstTime: true };
    }
    try {
      // Refused with nothing written when it is not revivable or its stock is gone.
      const revived = await applyTransition(change, { machine: "order", name: "revive", orderId, payment });
      return { kind: "paid", orderId, invoiceNumber: revived.invoiceNumber as string, firstTime: true };
    } catch (error) {
      if (!(error instanceof StockShortage) && !(error instanceof ApiError && error.status === 409)) throw error;
    }
    await applyTransition(change, { machine: "order", name: "pay_after_cancel", orderId, payment });
    return { kind: "refund_due", orderId };
  });
}

/** Whether the order's (first) payment row is owed back. */
export async function paymentOwed(orderId: number): Promise<boolean> {
  const { db } = await getDb();
  const row = await db.selectFrom("payments").select("status").where("order_id", "=", orderId).orderBy("id").executeTakeFirst();
  return row?.status === PAYMENT_ROW.refundDue;
}

/** Logs and swallows a failure of background work that must not stop its caller. */
export async function sweepExpiredOrders(now = new Date()): Promise<void> {
  try {
    await releaseExpiredOrders(now);
  } catch (error) {
    log.error({ err: error }, "releasing expired orders failed");
  }
}
