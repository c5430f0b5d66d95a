import "server-only";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb, type Db, type Dialect } from "@/lib/platform/db";
import type { Selectable } from "kysely";
import type { RefundsTable } from "@/lib/platform/db/schema";
import { ApiError } from "@/lib/platform/errors";
import { formatPaise } from "@/lib/platform/format";
import { log } from "@/lib/platform/log";
import { ACTOR, DELIVERY, PAYMENT, PAYMENT_ROW, REFUND, REFUND_METHOD, REFUND_RECORD, type RefundMethod } from "../status";
import { type AfterCommit, orderTransaction } from "./after-commit";
import { providerByName } from "./payments";
import { ProviderUnavailable } from "./payments/provider";
import { applyTransition, type Change, lockOrder } from "./transition";

/**
 * Money given back (refund_due's way out, and a line's refund): each refund is a `refunds` row with
 * its amount, method and reference, and raises the payment row's refunded_amount by a conditional
 * update that never lets it pass what was paid — so no refund is ever recorded twice, nor beyond
 * the payment, however many clerks press the button at once. One Idempotency-Key is one refund: the
 * same key again answers the refund it made.
 *
 *  - method `original`: the money goes back through the payment provider that took it (its
 *    refund operation, with the same idempotency key). The amount is reserved on the payment row
 *    first (refund `pending`), the provider is called outside any transaction, then the refund is
 *    `processed` — or `failed`, and the reservation given back. If the provider cannot be reached
 *    the refund stays pending: the same request again (same key) finishes it.
 *  - methods `bank_transfer`, `upi`, `cash`: the shop paid it back itself; the reference (the
 *    transfer's UTR, the UPI transaction id) says where. Recorded at once.
 *
 * When the refunds reach the whole amount, the payment row moves to `refunded` (from paid or
 * refund_due) and the order's payment status from Paid to Refunded; a part leaves the row as it
 * was with its refunded amount (a refund_due row stays due for the rest). A refund that settles a
 * line's claim moves the line to Refunded, and once every line is refunded the order is Refunded.
 * `closeRefund` ends a refund_due without (more) money through the store: staff give a reason.
 */

export const REFUND_RECORD_MESSAGES = {
  nothingPaid: "Nothing was paid for this order, so there is nothing to refund.",
  notYet: "This order is paid and not yet delivered: cancel it first, then refund its payment.",
  tooMuch: (left: number) => (left > 0 ? `At most ${formatPaise(left)} can still be refunded for this order.` : "This order's payment has been refunded in full already."),
  noProvider: "This payment was not taken by a payment provider that can refund it: choose bank_transfer, upi or cash, with the transfer's reference.",
  providerDown: "The payment service could not be reached. The refund is recorded as pending: send the same request again (same Idempotency-Key) to finish it.",
  keyReused: "This Idempotency-Key was used for another refund.",
  lineNotInOrder: "Order item not found.",
  notDue: "This order has no refund due.",
  closed: "The refund due was closed.",
} as const;

export type RefundInput = {
  /** Paise. */
  amount: number;
  method: RefundMethod;
  reference: string | null;
  note: string | null;
  /** The line whose refund claim this refund settles. */
  lineId?: number;
};

export type RefundRecord = Selectable<RefundsTable>;
export type RefundOutcome = { refund: RefundRecord; replayed: boolean; payment: { status: string; amount: number; refunded: number } };

const staffChange = (trx: Db, dialect: Dialect, now: Date, after: AfterCommit, note: string | null, actor: StaffActor): Change => ({ trx, dialect, now, actor: ACTOR.staff, actorId: actor.userId, note, after });

/** A refund as the audit log shows it (amount in paise). */
const refundFacts = (r: Pick<RefundRecord, "order_id" | "order_line_id" | "amount" | "method" | "reference" | "status">) => ({
  order_id: r.order_id,
  line_id: r.order_line_id,
  amount: r.amount,
  method: r.method,
  reference: r.reference,
  status: r.status,
});

/** POST /admin/orders/{id}/refunds (and a line's Refunded decision): see the top of this file. */
export async function recordRefund(orderId: number, input: RefundInput, idempotencyKey: string, actor: StaffActor, now = new Date()): Promise<RefundOutcome> {
  const handle = await getDb();
  const earlier = await handle.db.selectFrom("refunds").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
  if (earlier) return replay(earlier, orderId, input, actor, now);

  let reserved: RefundRecord;
  try {
    reserved = await orderTransaction(handle, async (trx, after) => {
      const order = await lockOrder(trx, handle.dialect, orderId);
      if (!order) throw new ApiError(404, "Order not found.");
      const payment = await trx
        .selectFrom("payments")
        .select(["id", "provider", "provider_payment_id", "amount", "refunded_amount", "status"])
        .where("order_id", "=", orderId)
        .where("status", "in", [PAYMENT_ROW.paid, PAYMENT_ROW.refundDue])
        .orderBy("id")
        .executeTakeFirst();
      if (!payment) throw new ApiError(409, REFUND_RECORD_MESSAGES.nothingPaid);
      // Money goes back for an order that will not ship (its payment is due back) or one delivered;
      // one still on its way is cancelled first (which makes its payment due back).
      if (payment.status === PAYMENT_ROW.paid && order.delivery_status !== DELIVERY.delivered) throw new ApiError(409, REFUND_RECORD_MESSAGES.notYet);
      if (input.method === REFUND_METHOD.original && (!payment.provider_payment_id || !(await providerByName(payment.provider)))) throw new ApiError(422, REFUND_RECORD_MESSAGES.noProvider);
      if (input.lineId !== undefined) {
        const line = await trx.selectFrom("order_lines").select(["id", "refund_status"]).where("id", "=", input.lineId).where("order_id", "=", orderId).executeTakeFirst();
        if (!line) throw new ApiError(404, REFUND_RECORD_MESSAGES.lineNotInOrder);
        if (line.refund_status !== REFUND.requested && line.refund_status !== REFUND.approved) {
          // The line's own refusal (already refunded, rejected, never claimed), before any money moves.
          throw new ApiError(409, line.refund_status ? `A refund that is ${line.refund_status} cannot be marked ${REFUND.refunded}.` : "No refund was requested for this item.");
        }
      }
      // The reservation: never beyond what was paid, whoever else is refunding this payment now.
      const raised = await trx
        .updateTable("payments")
        .set((eb) => ({ refunded_amount: eb("refunded_amount", "+", input.amount), updated_at: now.toISOString() }))
        .where("id", "=", payment.id)
        .where((eb) => eb(eb("refunded_amount", "+", input.amount), "<=", eb.ref("amount")))
        .where("status", "in", [PAYMENT_ROW.paid, PAYMENT_ROW.refundDue])
        .executeTakeFirst();
      if (Number(raised.numUpdatedRows) !== 1) throw new ApiError(409, REFUND_RECORD_MESSAGES.tooMuch(payment.amount - payment.refunded_amount));
      const at = now.toISOString();
      const manual = input.method !== REFUND_METHOD.original;
      const refund = await trx
        .insertInto("refunds")
        .values({
          order_id: orderId,
          payment_id: payment.id,
          order_line_id: input.lineId ?? null,
          amount: input.amount,
          method: input.method,
          reference: input.reference,
          provider_refund_id: null,
          status: manual ? REFUND_RECORD.processed : REFUND_RECORD.pending,
          idempotency_key: idempotencyKey,
          note: input.note,
          created_at: at,
          updated_at: at,
        })
        .returning(["id"])
        .executeTakeFirstOrThrow();
      if (manual) await settle(staffChange(trx, handle.dialect, now, after, input.note, actor), orderId, payment.id, input.lineId);
      const recorded = await trx.selectFrom("refunds").selectAll().where("id", "=", refund.id).executeTakeFirstOrThrow();
      await audit(trx, actor, { action: "refund.record", entityType: "refund", entityId: recorded.id, before: { refunded_amount: payment.refunded_amount }, after: { ...refundFacts(recorded), refunded_amount: payment.refunded_amount + input.amount } }, now);
      return recorded;
    });
  } catch (error) {
    // The same key sent twice at once: the other request's refund is the answer.
    const winner = await handle.db.selectFrom("refunds").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
    if (winner) return replay(winner, orderId, input, actor, now);
    throw error;
  }
  if (reserved.status === REFUND_RECORD.pending) return { ...(await throughProvider(reserved, actor, now)), replayed: false };
  return { refund: reserved, replayed: false, payment: await paymentFigures(reserved.payment_id) };
}

/** The refund an Idempotency-Key made, again; a pending one through the provider is finished now. */
async function replay(earlier: RefundRecord, orderId: number, input: RefundInput, actor: StaffActor, now: Date): Promise<RefundOutcome> {
  if (earlier.order_id !== orderId || earlier.amount !== input.amount || earlier.method !== input.method || (earlier.order_line_id ?? undefined) !== input.lineId) {
    throw new ApiError(409, REFUND_RECORD_MESSAGES.keyReused);
  }
  if (earlier.status === REFUND_RECORD.pending) return { ...(await throughProvider(earlier, actor, now)), replayed: true };
  return { refund: earlier, replayed: true, payment: await paymentFigures(earlier.payment_id) };
}

async function paymentFigures(paymentId: number): Promise<RefundOutcome["payment"]> {
  const { db } = await getDb();
  const p = await db.selectFrom("payments").select(["status", "amount", "refunded_amount"]).where("id", "=", paymentId).executeTakeFirstOrThrow();
  return { status: p.status, amount: p.amount, refunded: p.refunded_amount };
}

/**
 * Asks the provider to give a pending refund back (outside any transaction: it is a network call,
 * and the sandbox keeps its own books in this database), then records its answer.
 */
async function throughProvider(refund: RefundRecord, actor: StaffActor, now: Date): Promise<Omit<RefundOutcome, "replayed">> {
  const handle = await getDb();
  const payment = await handle.db.selectFrom("payments").select(["provider", "provider_payment_id"]).where("id", "=", refund.payment_id).executeTakeFirstOrThrow();
  const provider = await providerByName(payment.provider);
  if (!provider || !payment.provider_payment_id) throw new ApiError(503, REFUND_RECORD_MESSAGES.providerDown);
  let answer;
  try {
    answer = await provider.refund(payment.provider_payment_id, refund.amount, { reason: refund.note ?? `Refund of order ${refund.order_id}`, idempotencyKey: refund.idempotency_key });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    log.error({ err: error, refund: refund.id }, "refund through the provider could not be made now");
    throw new ApiError(503, REFUND_RECORD_MESSAGES.providerDown);
  }
  const finished = await orderTransaction(handle, async (trx, after) => {
    const at = now.toISOString();
    await lockOrder(trx, handle.dialect, refund.order_id);
    // Only a refund still pending is finished (a concurrent replay may have finished it).
    const current = await trx.selectFrom("refunds").selectAll().where("id", "=", refund.id).executeTakeFirstOrThrow();
    if (current.status !== REFUND_RECORD.pending) return current;
    if (!answer.ok) {
      await trx.updateTable("refunds").set({ status: REFUND_RECORD.failed, note: [current.note, `provider: ${answer.message}`].filter(Boolean).join(" — "), updated_at: at }).where("id", "=", refund.id).where("status", "=", REFUND_RECORD.pending).execute();
      await trx
        .updateTable("payments")
        .set((eb) => ({ refunded_amount: eb("refunded_amount", "-", refund.amount), updated_at: at }))
        .where("id", "=", refund.payment_id)
        .where("refunded_amount", ">=", refund.amount)
        .execute();
    } else {
      await trx.updateTable("refunds").set({ status: REFUND_RECORD.processed, provider_refund_id: answer.refundId, reference: current.reference ?? answer.refundId, updated_at: at }).where("id", "=", refund.id).where("status", "=", REFUND_RECORD.pending).execute();
      await settle(staffChange(trx, handle.dialect, now, after, current.note, actor), refund.order_id, refund.payment_id, current.order_line_id ?? undefined);
    }
    const done = await trx.selectFrom("refunds").selectAll().where("id", "=", refund.id).executeTakeFirstOrThrow();
    // The provider's answer finished the refund the clerk asked for: its own audit row.
    await audit(trx, actor, { action: answer.ok ? "refund.processed" : "refund.failed", entityType: "refund", entityId: refund.id, before: { status: REFUND_RECORD.pending }, after: { ...refundFacts(done), provider_refund_id: done.provider_refund_id } }, now);
    return done;
  });
  if (finished.status === REFUND_RECORD.failed) {
    throw new ApiError(409, `The payment provider refused the refund: ${answer.ok ? "" : answer.message}`);
  }
  return { refund: finished, payment: await paymentFigures(finished.payment_id) };
}

/**
 * The state changes a refund leads to, in its transaction: the line's claim Refunded; the payment
 * row refunded once it is given back in full; the order Refunded then, or once every line is.
 */
async function settle(c: Change, orderId: number, paymentId: number, lineId: number | undefined): Promise<void> {
  if (lineId !== undefined) await applyTransition(c, { machine: "line", name: "refund_line", lineId });
  const payment = await c.trx.selectFrom("payments").select(["status", "amount", "refunded_amount"]).where("id", "=", paymentId).executeTakeFirstOrThrow();
  const whole = payment.refunded_amount >= payment.amount;
  if (whole && (payment.status === PAYMENT_ROW.paid || payment.status === PAYMENT_ROW.refundDue)) await applyTransition(c, { machine: "payment", name: "refund", paymentId });
  await refundOrderIfDone(c, orderId, whole);
}

/** The order's payment status becomes Refunded once its payment went back in full, or every line's money did. */
export async function refundOrderIfDone(c: Change, orderId: number, paymentRefunded: boolean): Promise<void> {
  const order = await c.trx.selectFrom("orders").select("payment_status").where("id", "=", orderId).executeTakeFirstOrThrow();
  if (order.payment_status !== PAYMENT.paid) return;
  let done = paymentRefunded;
  if (!done) {
    const open = await c.trx
      .selectFrom("order_lines")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("order_id", "=", orderId)
      .where((eb) => eb.or([eb("refund_status", "is", null), eb("refund_status", "!=", REFUND.refunded)]))
      .executeTakeFirstOrThrow();
    done = Number(open.n) === 0;
  }
  if (done) await applyTransition(c, { machine: "order", name: "refund", orderId });
}

/** POST /admin/orders/{id}/refunds/close: staff close the order's refund_due with a reason (payment `close`). */
export async function closeRefund(orderId: number, reason: string, actor: StaffActor, now = new Date()): Promise<{ paymentId: number; refunded: number; amount: number }> {
  const handle = await getDb();
  const closed = await orderTransaction(handle, async (trx, after) => {
    const order = await lockOrder(trx, handle.dialect, orderId);
    if (!order) throw new ApiError(404, "Order not found.");
    const payment = await trx.selectFrom("payments").select(["id", "amount", "refunded_amount"]).where("order_id", "=", orderId).where("status", "=", PAYMENT_ROW.refundDue).orderBy("id").executeTakeFirst();
    if (!payment) throw new ApiError(409, REFUND_RECORD_MESSAGES.notDue);
    // A refund still waiting for the provider keeps the row due until it is finished.
    const pending = await trx.selectFrom("refunds").select("id").where("payment_id", "=", payment.id).where("status", "=", REFUND_RECORD.pending).executeTakeFirst();
    if (pending) throw new ApiError(409, "A refund of this payment is still pending with the provider: finish it first (send its request again).");
    await applyTransition(staffChange(trx, handle.dialect, now, after, reason, actor), { machine: "payment", name: "close", paymentId: payment.id });
    await audit(trx, actor, { action: "refund.close", entityType: "payment", entityId: payment.id, before: { order_id: orderId, status: PAYMENT_ROW.refundDue }, after: { status: PAYMENT_ROW.closed, reason, refunded_amount: payment.refunded_amount, amount: payment.amount } }, now);
    return { paymentId: payment.id, refunded: payment.refunded_amount, amount: payment.amount };
  });
  return closed;
}

/** The refunds of an order, oldest first. */
export async function refundsOf(orderId: number): Promise<RefundRecord[]> {
  const { db } = await getDb();
  return db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}
