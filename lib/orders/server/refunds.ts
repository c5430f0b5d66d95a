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
import { providerByName, providerConfigured } from "./payments";
import { ProviderUnavailable } from "./payments/provider";
import { applyTransition, type Change, lockOrder } from "./transition";
import type { CreditRequest } from "../credit-note";
import { issueCreditNote, previewCredit } from "./credit-notes";
import { refundMail } from "./refund-mail";
import type { PaymentEvent } from "./payments/provider";

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
  /**
   * The lines and pieces given back: what its credit note credits (else the amount is shared
   * between the lines). Empty: the refund issues no credit note, its goods were credited already
   * (a return's credit note is issued when the shop receives it, ./returns.ts).
   */
  creditLines?: { lineId: number; quantity: number }[];
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
      // The configuration only: making the provider here could wait on SQLite's one connection, which this transaction holds.
      if (input.method === REFUND_METHOD.original && (!payment.provider_payment_id || !providerConfigured(payment.provider))) throw new ApiError(422, REFUND_RECORD_MESSAGES.noProvider);
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
          credit_lines: input.creditLines ? JSON.stringify(input.creditLines) : null,
          created_at: at,
          updated_at: at,
        })
        .returning(["id"])
        .executeTakeFirstOrThrow();
      if (manual) await settle(staffChange(trx, handle.dialect, now, after, input.note, actor), orderId, payment.id, input.lineId, refund.id);
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
    } else if (answer.status === "pending") {
      // The provider took the refund and processes it later: its webhook (refund.processed or
      // refund.failed) finishes it; until then the reservation holds.
      await trx.updateTable("refunds").set({ provider_refund_id: answer.refundId, reference: current.reference ?? answer.refundId, updated_at: at }).where("id", "=", refund.id).where("status", "=", REFUND_RECORD.pending).execute();
      return trx.selectFrom("refunds").selectAll().where("id", "=", refund.id).executeTakeFirstOrThrow();
    } else {
      await trx.updateTable("refunds").set({ status: REFUND_RECORD.processed, provider_refund_id: answer.refundId, reference: current.reference ?? answer.refundId, updated_at: at }).where("id", "=", refund.id).where("status", "=", REFUND_RECORD.pending).execute();
      await settle(staffChange(trx, handle.dialect, now, after, current.note, actor), refund.order_id, refund.payment_id, current.order_line_id ?? undefined, refund.id);
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
 * row refunded once it is given back in full; the order Refunded then, or once every line is; the
 * GST credit note when the order was invoiced (./credit-notes.ts); the customer's mail.
 */
async function settle(c: Change, orderId: number, paymentId: number, lineId: number | undefined, refundId: number): Promise<void> {
  await creditForRefund(c, refundId);
  (c.after.events ??= []).push(refundMail(refundId));
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

/** What a refund's credit note credits: its lines and pieces (none for an empty list), else its amount (on its line, when it settles a claim). */
export function creditRequestOf(refund: Pick<RefundRecord, "amount" | "order_line_id" | "credit_lines">): CreditRequest {
  if (refund.credit_lines) {
    try {
      const lines = JSON.parse(refund.credit_lines) as { lineId: number; quantity: number }[];
      // An empty list credits nothing: the goods were credited before the money went back (a return).
      if (Array.isArray(lines)) return { kind: "lines", lines };
    } catch {
      // Not ours: the amount is credited instead.
    }
  }
  return refund.order_line_id !== null ? { kind: "amount", amount: refund.amount, keys: [refund.order_line_id] } : { kind: "amount", amount: refund.amount };
}

async function creditForRefund(c: Change, refundId: number): Promise<void> {
  const refund = await c.trx.selectFrom("refunds").selectAll().where("id", "=", refundId).executeTakeFirstOrThrow();
  await issueCreditNote(c.trx, refund.order_id, creditRequestOf(refund), refund.note?.trim() || "Refund", refund.id, c.now);
}

/** A pending refund again through the provider, with its own idempotency key (the Retry button, after a crash or a timeout). */
export async function retryRefund(orderId: number, refundId: number, actor: StaffActor, now = new Date()): Promise<RefundOutcome> {
  const { db } = await getDb();
  const refund = await db.selectFrom("refunds").selectAll().where("id", "=", refundId).where("order_id", "=", orderId).executeTakeFirst();
  if (!refund) throw new ApiError(404, "Refund not found.");
  if (refund.status !== REFUND_RECORD.pending) return { refund, replayed: true, payment: await paymentFigures(refund.payment_id) };
  return { ...(await throughProvider(refund, actor, now)), replayed: true };
}

/** A provider's refund event (refund.processed / refund.failed), already checked by its signature. */
export type RefundEvent = Extract<PaymentEvent, { kind: "refund" }>;

/**
 * Finishes a pending refund from the provider's signed webhook: processed settles it as a clerk's
 * refund does (credit note, mail, statuses), failed gives its reservation back. The refund is found
 * by the provider's refund id, else (its call died before the answer was stored) by the payment and
 * the receipt the store sent (the idempotency key's first 40 characters) and amount. A refund no
 * longer pending is left as it is: the event was seen, or the store's own answer came first.
 */
export async function refundFromProvider(provider: string, event: RefundEvent, now = new Date()): Promise<{ status: number; message: string }> {
  const handle = await getDb();
  const payment = await handle.db.selectFrom("payments").select(["id", "order_id"]).where("provider", "=", provider).where("provider_payment_id", "=", event.providerPaymentId).executeTakeFirst();
  if (!payment) return { status: 200, message: "No payment for this event." };
  const candidates = await handle.db.selectFrom("refunds").selectAll().where("payment_id", "=", payment.id).where("method", "=", REFUND_METHOD.original).orderBy("id").execute();
  const refund =
    candidates.find((r) => r.provider_refund_id === event.providerRefundId) ??
    candidates.find((r) => r.status === REFUND_RECORD.pending && r.provider_refund_id === null && event.receipt !== null && r.idempotency_key.slice(0, 40) === event.receipt && r.amount === event.amount);
  if (!refund) return { status: 200, message: "No refund for this event." };
  if (refund.status !== REFUND_RECORD.pending) return { status: 200, message: `Refund already ${refund.status}.` };
  const done = await orderTransaction(handle, async (trx, after) => {
    await lockOrder(trx, handle.dialect, refund.order_id);
    const at = now.toISOString();
    const c: Change = { trx, dialect: handle.dialect, now, actor: ACTOR.provider, actorId: null, note: `${provider} ${event.outcome === "processed" ? "refund.processed" : "refund.failed"} ${event.providerRefundId}`, after };
    if (event.outcome === "processed") {
      const moved = await trx
        .updateTable("refunds")
        .set({ status: REFUND_RECORD.processed, provider_refund_id: event.providerRefundId, reference: refund.reference ?? event.providerRefundId, updated_at: at })
        .where("id", "=", refund.id)
        .where("status", "=", REFUND_RECORD.pending)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return null;
      await settle(c, refund.order_id, refund.payment_id, refund.order_line_id ?? undefined, refund.id);
      return REFUND_RECORD.processed;
    }
    const moved = await trx
      .updateTable("refunds")
      .set({ status: REFUND_RECORD.failed, provider_refund_id: event.providerRefundId, note: [refund.note, `provider: ${event.reason}`].filter(Boolean).join(" — ").slice(0, 1000), updated_at: at })
      .where("id", "=", refund.id)
      .where("status", "=", REFUND_RECORD.pending)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return null;
    await trx
      .updateTable("payments")
      .set((eb) => ({ refunded_amount: eb("refunded_amount", "-", refund.amount), updated_at: at }))
      .where("id", "=", refund.payment_id)
      .where("refunded_amount", ">=", refund.amount)
      .execute();
    return REFUND_RECORD.failed;
  });
  return { status: 200, message: done ? `Refund ${done}.` : "Refund already finished." };
}

export type AdminRefundRequest =
  | { kind: "full" }
  | { kind: "lines"; lines: { lineId: number; quantity: number }[] }
  /** Paise. */
  | { kind: "amount"; amount: number };

/**
 * The order page's Refund form: the whole of what is left of the payment, pieces of lines (the
 * amount is what their credit note credits, or their price's share when the order has no
 * invoice), or an amount; then recordRefund with the form's idempotency key.
 */
export async function refundFromAdmin(orderId: number, request: AdminRefundRequest, money: { method: RefundMethod; reference: string | null; note: string | null }, idempotencyKey: string, actor: StaffActor, now = new Date()): Promise<RefundOutcome> {
  const { db } = await getDb();
  const earlier = await db.selectFrom("refunds").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
  // The same form sent again: the refund it made (whatever the amount would be figured as now).
  if (earlier) return replay(earlier, orderId, { amount: earlier.amount, method: money.method, reference: money.reference, note: money.note, lineId: earlier.order_line_id ?? undefined }, actor, now);
  const payment = await db.selectFrom("payments").select(["amount", "refunded_amount"]).where("order_id", "=", orderId).where("status", "in", [PAYMENT_ROW.paid, PAYMENT_ROW.refundDue]).orderBy("id").executeTakeFirst();
  if (!payment) {
    const order = await db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst();
    throw new ApiError(order ? 409 : 404, order ? REFUND_RECORD_MESSAGES.nothingPaid : "Order not found.");
  }
  const left = payment.amount - payment.refunded_amount;
  let amount: number;
  let lineId: number | undefined;
  let creditLines: { lineId: number; quantity: number }[] | undefined;
  if (request.kind === "full") {
    amount = left;
  } else if (request.kind === "amount") {
    amount = request.amount;
  } else {
    const lines = await db.selectFrom("order_lines").select(["id", "quantity", "total", "discount", "refund_status"]).where("order_id", "=", orderId).execute();
    for (const l of request.lines) {
      const line = lines.find((x) => x.id === l.lineId);
      if (!line) throw new ApiError(404, REFUND_RECORD_MESSAGES.lineNotInOrder);
      if (l.quantity > Number(line.quantity)) throw new ApiError(422, `At most ${line.quantity} of this item can be refunded.`);
    }
    const preview = await previewLines(orderId, request.lines, lines);
    amount = Math.min(preview, left);
    creditLines = request.lines;
    // A single line whose customer asked for a refund: this refund settles the claim.
    const claimed = request.lines.length === 1 ? lines.find((x) => x.id === request.lines[0]!.lineId && (x.refund_status === REFUND.requested || x.refund_status === REFUND.approved)) : undefined;
    if (claimed) lineId = claimed.id;
  }
  if (amount <= 0) throw new ApiError(409, REFUND_RECORD_MESSAGES.tooMuch(left));
  return recordRefund(orderId, { amount, method: money.method, reference: money.reference, note: money.note, lineId, creditLines }, idempotencyKey, actor, now);
}

/** What pieces of lines are worth: their credit note's total when invoiced, else their share of the line's price after discount. */
async function previewLines(orderId: number, wanted: { lineId: number; quantity: number }[], lines: { id: number; quantity: number; total: number; discount: number | null }[]): Promise<number> {
  const preview = await previewCredit(orderId, { kind: "lines", lines: wanted });
  if (preview.invoiced) return preview.total;
  return wanted.reduce((sum, w) => {
    const line = lines.find((l) => l.id === w.lineId)!;
    const net = Number(line.total) - Math.max(Number(line.discount ?? 0), 0);
    return sum + Math.round((net * w.quantity) / Number(line.quantity));
  }, 0);
}
