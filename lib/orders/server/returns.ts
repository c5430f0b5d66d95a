import "server-only";
import { type Selectable, sql } from "kysely";
import { notifyStaff } from "@/lib/accounts";
import { moveStock, StockShortage } from "@/lib/catalog";
import { STOCK_REASON } from "@/lib/catalog/stock";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb, type Db } from "@/lib/platform/db";
import type { ReturnsTable } from "@/lib/platform/db/schema";
import { ApiError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";
import type { RefundFact, ReturnState as MailReturnState } from "../mail-facts";
import {
  OPEN_RETURN_STATES,
  RETURN_MESSAGES,
  RETURN_MOVES,
  RETURN_STATE,
  type ReturnKind,
  type ReturnMove,
  returnMoveRefusal,
  type ReturnOutcome,
  returnDeadline,
  returnRefusal,
  type ReturnRequestInput,
  type ReturnSendMethod,
  type ReturnStatus,
  RETURNS_PER_PAGE,
} from "../returns";
import { ACTOR, DELIVERY, PAYMENT_ROW, REFUND_RECORD, type RefundMethod } from "../status";
import { type AfterCommit, orderTransaction } from "./after-commit";
import { issueCreditNoteForReturn } from "./credit-notes";
import { currentRefundWindowDays } from "./orders";
import { recordRefund, type RefundOutcome } from "./refunds";
import { encodeReturnPhoto, removeReturnPhotos, storeReturnPhotos } from "./return-photos";
import { shippingProvider, type ShippingProviderName } from "./shipping";
import { SHIPPING_PROVIDER_NAMES } from "./shipping/provider";
import { lockOrder } from "./transition";

/**
 * Returns (../returns.ts for the rules and states; docs/back-office.md "Returns"; decision 0061).
 * The customer asks (requestReturn); staff approve or decline, have it picked up or let the
 * customer send it, mark it received (restocked through the stock ledger, or written off as
 * damaged; an invoiced order's GST credit note is issued then) and refund it through the refund
 * service. Every step runs in one transaction with the order locked: a conditional update of the
 * return from the state the step starts from (a double click moves once), its audit row, and the
 * customer's mail in the transactional outbox.
 */

type ReturnRow = Selectable<ReturnsTable>;

export type ReturnView = {
  id: number;
  orderId: number;
  orderCode: string;
  lineId: number;
  productName: string;
  variation: string | null;
  kind: ReturnKind;
  quantity: number;
  reason: string;
  photos: number;
  state: ReturnStatus;
  declineReason: string | null;
  sendMethod: ReturnSendMethod | null;
  carrier: string | null;
  awb: string | null;
  outcome: ReturnOutcome | null;
  receiveNote: string | null;
  creditNoteId: number | null;
  refundId: number | null;
  /** Paise refunded, once refunded. */
  refunded: number | null;
  customer: { id: number; name: string; email: string };
  createdAt: string;
  decidedAt: string | null;
  sentAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
};

function photoNames(row: Pick<ReturnRow, "photos">): string[] {
  try {
    const names = JSON.parse(row.photos) as unknown;
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
  } catch {
    return [];
  }
}

/** The returns with their order, line and refund, as every list and page shows them. */
async function readReturns(db: Db, where: { id?: number; orderId?: number; userId?: number; state?: ReturnStatus }, page?: { limit: number; offset: number }): Promise<ReturnView[]> {
  let q = db
    .selectFrom("returns as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("order_lines as l", "l.id", "r.order_line_id")
    .leftJoin("refunds as f", "f.id", "r.refund_id")
    .selectAll("r")
    .select(["o.code as order_code", "o.shipping_name", "o.shipping_email", "l.product_name", "l.variation", "l.variant_id", "f.amount as refund_amount", "f.status as refund_status"]);
  if (where.id !== undefined) q = q.where("r.id", "=", where.id);
  if (where.orderId !== undefined) q = q.where("r.order_id", "=", where.orderId);
  if (where.userId !== undefined) q = q.where("r.user_id", "=", where.userId);
  if (where.state !== undefined) q = q.where("r.state", "=", where.state);
  q = q.orderBy("r.id", "desc");
  if (page) q = q.limit(page.limit).offset(page.offset);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    orderCode: r.order_code,
    lineId: r.order_line_id,
    productName: r.product_name,
    variation: r.variant_id !== null ? r.variation : null,
    kind: r.kind as ReturnKind,
    quantity: Number(r.quantity),
    reason: r.reason,
    photos: photoNames(r).length,
    state: r.state as ReturnStatus,
    declineReason: r.decline_reason,
    sendMethod: r.send_method as ReturnSendMethod | null,
    carrier: r.carrier,
    awb: r.awb,
    outcome: r.outcome as ReturnOutcome | null,
    receiveNote: r.receive_note,
    creditNoteId: r.credit_note_id,
    refundId: r.refund_id,
    refunded: r.refund_status === REFUND_RECORD.processed && r.refund_amount !== null ? Number(r.refund_amount) : null,
    customer: { id: r.user_id, name: r.shipping_name, email: r.shipping_email },
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    sentAt: r.sent_at,
    receivedAt: r.received_at,
    refundedAt: r.refunded_at,
  }));
}

// ——— the customer's side ———

/** The customer's returns (of one order, or all), newest first; another customer's are never seen. */
export async function customerReturns(userId: number, orderId?: number): Promise<ReturnView[]> {
  const { db } = await getDb();
  return readReturns(db, { userId, orderId }, { limit: 100, offset: 0 });
}

/** One of the customer's returns; another customer's is 404. */
export async function customerReturn(userId: number, id: number): Promise<ReturnView> {
  const { db } = await getDb();
  const [found] = await readReturns(db, { id, userId });
  if (!found) throw new ApiError(404, RETURN_MESSAGES.notFound);
  return found;
}

/** Whether the line's product (or the variant sold) is made to order now. */
async function madeToOrder(trx: Db, line: { product_id: number | null; variant_id: number | null }): Promise<boolean> {
  if (line.variant_id !== null) {
    const v = await trx.selectFrom("product_variants").select("made_to_order").where("id", "=", line.variant_id).executeTakeFirst();
    if (v) return Number(v.made_to_order) === 1;
  }
  if (line.product_id === null) return false;
  const p = await trx.selectFrom("products").select("made_to_order").where("id", "=", line.product_id).executeTakeFirst();
  return Number(p?.made_to_order ?? 0) === 1;
}

const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error));

/** Refuses (404/409/422 by returnRefusal) a return this line cannot have as asked: its order, its delivery, its earlier returns. */
async function refuseReturn(db: Db, orderId: number, input: ReturnRequestInput, now: Date, windowDays: number): Promise<void> {
  const line = await db.selectFrom("order_lines").select(["id", "product_id", "variant_id", "quantity", "delivery_status"]).where("id", "=", input.order_line_id).executeTakeFirstOrThrow();
  const { delivered_at: deliveredAt } = await db.selectFrom("orders").select("delivered_at").where("id", "=", orderId).executeTakeFirstOrThrow();
  const earlier = await db.selectFrom("returns").select(["quantity", "state"]).where("order_line_id", "=", line.id).where("state", "!=", RETURN_STATE.declined).execute();
  const refusal = returnRefusal(
    {
      delivered: line.delivery_status === DELIVERY.delivered,
      deliveredAt,
      madeToOrder: await madeToOrder(db, line),
      quantity: Number(line.quantity),
      returned: earlier.reduce((n, r) => n + Number(r.quantity), 0),
      open: earlier.some((r) => OPEN_RETURN_STATES.includes(r.state as ReturnStatus)),
    },
    { kind: input.kind, quantity: input.quantity },
    now,
    windowDays,
  );
  if (refusal) throw new ApiError(refusal.status, refusal.message, refusal.status === 422 ? { kind: [refusal.message] } : undefined);
}

/**
 * A customer asks to return pieces of a line of their own delivered order (another customer's
 * line is 404), with its reason and the photos as uploaded. Whose line it is and whether it may be
 * returned are asked first, so a request that will be refused costs no image decoding; then each
 * photo is decoded and re-encoded (./return-photos.ts; a file that is no image is a 422 under
 * `photos`) and stored, and the transaction asks again under the order's lock (what arrived
 * meanwhile) and removes the stored photos when it refuses. The staff who decide returns are told
 * (notifyStaff) and the customer mailed, both through the outbox of this transaction.
 */
export async function requestReturn(userId: number, input: ReturnRequestInput, uploads: readonly Buffer[], now = new Date()): Promise<ReturnView> {
  if (input.kind === "damage" && uploads.length === 0) throw new ApiError(422, RETURN_MESSAGES.damageNeedsPhoto, { photos: [RETURN_MESSAGES.damageNeedsPhoto] });
  const windowDays = await currentRefundWindowDays();
  const handle = await getDb();
  const owned = await handle.db.selectFrom("order_lines as l").innerJoin("orders as o", "o.id", "l.order_id").select("l.order_id").where("l.id", "=", input.order_line_id).where("o.user_id", "=", userId).executeTakeFirst();
  if (!owned) throw new ApiError(404, RETURN_MESSAGES.lineNotFound);
  await refuseReturn(handle.db, owned.order_id, input, now, windowDays);
  const photos: Buffer[] = [];
  for (const upload of uploads) {
    const encoded = await encodeReturnPhoto(upload);
    if (!Buffer.isBuffer(encoded)) throw new ApiError(422, encoded.error, { photos: [encoded.error] });
    photos.push(encoded);
  }
  const names = await storeReturnPhotos(photos);
  try {
    const id = await orderTransaction(handle, async (trx, after) => {
      const order = await lockOrder(trx, handle.dialect, owned.order_id, userId);
      if (!order) throw new ApiError(404, RETURN_MESSAGES.lineNotFound);
      await refuseReturn(trx, order.id, input, now, windowDays);
      const line = await trx.selectFrom("order_lines").select(["id", "product_name"]).where("id", "=", input.order_line_id).executeTakeFirstOrThrow();
      const at = now.toISOString();
      const row = await trx
        .insertInto("returns")
        .values({ order_id: order.id, order_line_id: line.id, user_id: userId, kind: input.kind, quantity: input.quantity, reason: input.reason, photos: JSON.stringify(names), state: RETURN_STATE.requested, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await notifyStaff(trx, "return_requested", { title: `${order.code}: ${input.quantity} × ${line.product_name}${input.kind === "damage" ? " (damaged)" : ""}`, detail: input.reason, path: `/admin/orders/${order.id}` }, now);
      mailStep(after, order.id, "requested", input.reason, line.id);
      return row.id;
    });
    return customerReturn(userId, id);
  } catch (error) {
    await removeReturnPhotos(names);
    // Two requests for one line at once: the partial unique index let one in.
    if (isUniqueViolation(error)) throw new ApiError(409, RETURN_MESSAGES.openReturn);
    throw error;
  }
}

function mailStep(after: AfterCommit, orderId: number, state: MailReturnState, reason: string | null, lineId: number, refund?: RefundFact): void {
  after.mails.push({ orderId, kind: "return", facts: { return: { state, reason, lineId }, ...(refund ? { refund } : {}) } });
}

// ——— the staff's side ———

export async function adminReturns(query: { state?: ReturnStatus; page: number }): Promise<{ rows: ReturnView[]; total: number; page: number; lastPage: number }> {
  const { db } = await getDb();
  let count = db.selectFrom("returns").select(sql<number>`count(*)`.as("n"));
  if (query.state) count = count.where("state", "=", query.state);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const lastPage = Math.max(1, Math.ceil(total / RETURNS_PER_PAGE));
  const page = Math.min(query.page, lastPage);
  const rows = await readReturns(db, { state: query.state }, { limit: RETURNS_PER_PAGE, offset: (page - 1) * RETURNS_PER_PAGE });
  return { rows, total, page, lastPage };
}

/** One return for staff; 404 when there is none. */
export async function adminReturn(id: number): Promise<ReturnView> {
  const { db } = await getDb();
  const [found] = await readReturns(db, { id });
  if (!found) throw new ApiError(404, RETURN_MESSAGES.notFound);
  return found;
}

export async function returnsOfOrder(orderId: number): Promise<ReturnView[]> {
  const { db } = await getDb();
  return readReturns(db, { orderId });
}

/** Returns waiting for a decision (the back office's count beside Returns). */
export async function countRequestedReturns(): Promise<number> {
  const { db } = await getDb();
  const row = await db.selectFrom("returns").select(sql<number>`count(*)`.as("n")).where("state", "=", RETURN_STATE.requested).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored photo names of a return (for the staff's photo route). */
export async function returnPhotoName(id: number, n: number): Promise<string | null> {
  const { db } = await getDb();
  const row = await db.selectFrom("returns").select("photos").where("id", "=", id).executeTakeFirst();
  return row ? (photoNames(row)[n] ?? null) : null;
}

/** The columns a step sets besides its state. */
type ReturnChange = Partial<Pick<ReturnRow, "decline_reason" | "decided_at" | "send_method" | "carrier" | "awb" | "sent_at" | "outcome" | "receive_note" | "received_at" | "refund_id" | "refunded_at">>;

/**
 * One step of a return in a transaction with its order locked: the refusal when the state does not
 * allow it (409), the conditional update from the state it read (a concurrent step: 409, nothing
 * changed), then `more` (stock, credit note) and the audit row.
 */
async function step(
  id: number,
  move: ReturnMove,
  actor: StaffActor,
  now: Date,
  change: (row: ReturnRow) => ReturnChange,
  more: (trx: Db, row: ReturnRow, after: AfterCommit, order: { id: number; code: string }) => Promise<Record<string, unknown>> = async () => ({}),
): Promise<ReturnView> {
  const handle = await getDb();
  await orderTransaction(handle, async (trx, after) => {
    const first = await trx.selectFrom("returns").select("order_id").where("id", "=", id).executeTakeFirst();
    if (!first) throw new ApiError(404, RETURN_MESSAGES.notFound);
    const order = await lockOrder(trx, handle.dialect, first.order_id);
    if (!order) throw new ApiError(404, RETURN_MESSAGES.notFound);
    const row = await trx.selectFrom("returns").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const refusal = returnMoveRefusal(move, row.state as ReturnStatus);
    if (refusal) throw new ApiError(409, refusal);
    const at = now.toISOString();
    const set = { ...change(row), state: RETURN_MOVES[move].to, updated_at: at };
    const moved = await trx.updateTable("returns").set(set).where("id", "=", id).where("state", "=", row.state).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(409, RETURN_MESSAGES.changed);
    const extra = await more(trx, row, after, { id: order.id, code: order.code });
    await audit(trx, actor, { action: `return.${move}`, entityType: "return", entityId: id, before: { order_id: row.order_id, line_id: row.order_line_id, state: row.state }, after: { ...set, ...extra } }, now);
  });
  return adminReturn(id);
}

/** Approve, or decline with a reason the customer reads (refund:update). */
export function decideReturn(id: number, decision: "approve" | "decline", reason: string | null, actor: StaffActor, now = new Date()): Promise<ReturnView> {
  const at = now.toISOString();
  return step(
    id,
    decision,
    actor,
    now,
    () => (decision === "decline" ? { decline_reason: reason, decided_at: at } : { decided_at: at }),
    async (_trx, row, after) => {
      mailStep(after, row.order_id, decision === "approve" ? "approved" : "declined", decision === "decline" ? reason : null, row.order_line_id);
      return {};
    },
  );
}

/**
 * The parcel comes back (order:update): a pickup booked through the shipping provider of the
 * order's shipment when it books return pickups (the sandbox courier does; the call is made before
 * the transaction, so a booking whose step then loses a race is logged), or the customer sends it
 * (with the carrier and AWB when staff have them).
 */
export async function dispatchReturn(id: number, input: { method: ReturnSendMethod; carrier?: string; awb?: string }, actor: StaffActor, now = new Date()): Promise<ReturnView> {
  const current = await adminReturn(id);
  const refusal = returnMoveRefusal("dispatch", current.state);
  if (refusal) throw new ApiError(409, refusal);
  let carrier = input.carrier?.trim() || null;
  let awb = input.awb ?? null;
  if (input.method === "pickup") {
    const booked = await bookPickup(current);
    carrier = booked.carrier;
    awb = booked.awb;
  }
  return step(
    id,
    "dispatch",
    actor,
    now,
    () => ({ send_method: input.method, carrier, awb, sent_at: now.toISOString() }),
    async (_trx, row, after) => {
      mailStep(after, row.order_id, input.method === "pickup" ? "picked_up" : "sent", null, row.order_line_id);
      return {};
    },
  );
}

async function bookPickup(r: ReturnView): Promise<{ awb: string; carrier: string }> {
  const { db } = await getDb();
  const shipment = await db.selectFrom("shipments").select(["provider"]).where("order_id", "=", r.orderId).orderBy("id", "desc").executeTakeFirst();
  if (!shipment || !(SHIPPING_PROVIDER_NAMES as readonly string[]).includes(shipment.provider)) throw new ApiError(409, RETURN_MESSAGES.noShipment);
  const provider = await shippingProvider(shipment.provider as ShippingProviderName, { finishing: true });
  if (!provider?.returnPickup) throw new ApiError(409, RETURN_MESSAGES.noPickup);
  const order = await db.selectFrom("orders").select(["code", "shipping_name", "shipping_phone", "shipping_email", "shipping_address", "shipping_city", "shipping_state", "shipping_postal_code", "shipping_country"]).where("id", "=", r.orderId).executeTakeFirstOrThrow();
  const line = await db.selectFrom("order_lines").select(["product_name", "unit_price", "product_slug"]).where("id", "=", r.lineId).executeTakeFirstOrThrow();
  const booked = await provider.returnPickup({
    orderCode: order.code,
    reference: `${order.code}-R${r.id}`,
    address: { name: order.shipping_name, phone: order.shipping_phone, email: order.shipping_email, line: order.shipping_address, city: order.shipping_city, state: order.shipping_state, postalCode: order.shipping_postal_code, country: order.shipping_country },
    lines: [{ name: line.product_name, sku: line.product_slug ?? `line-${r.lineId}`, quantity: r.quantity, unitPrice: Number(line.unit_price) }],
  });
  return { awb: booked.awb, carrier: booked.carrier };
}

/**
 * The shop has the parcel (order:update): restocked through the stock ledger (reason `return`),
 * or written off as damaged (no stock moves: the ledger has no write-off row, so the return keeps
 * the outcome and the note, and the audit log the step). An invoiced order gets its GST credit
 * note for the pieces now (goods returned, CGST Act s.34), so the refund that follows credits
 * nothing twice.
 */
export function receiveReturn(id: number, input: { outcome: ReturnOutcome; note?: string }, actor: StaffActor, now = new Date()): Promise<ReturnView> {
  return step(
    id,
    "receive",
    actor,
    now,
    () => ({ outcome: input.outcome, receive_note: input.note ?? null, received_at: now.toISOString() }),
    async (trx, row, after, order) => {
      const handle = await getDb();
      if (input.outcome === "restock") {
        const line = await trx.selectFrom("order_lines").select(["product_id", "variant_id"]).where("id", "=", row.order_line_id).executeTakeFirstOrThrow();
        if (line.product_id === null) throw new ApiError(409, "This item's product no longer exists, so it cannot be restocked: write it off instead.");
        try {
          const moved = await moveStock(
            trx,
            handle.dialect,
            [{ productId: line.product_id, variantId: line.variant_id, delta: Number(row.quantity), reason: STOCK_REASON.return, actor: ACTOR.staff, actorId: actor.userId, orderId: row.order_id, orderLineId: row.order_line_id, note: `Return ${row.id} of order ${order.code}` }],
            now,
          );
          after.products.push(...moved);
        } catch (error) {
          if (error instanceof StockShortage) throw new ApiError(409, "This item's product or variant is gone from the catalog, so it cannot be restocked: write it off instead.");
          throw error;
        }
      }
      const note = await issueCreditNoteForReturn(trx, row.order_id, [{ lineId: row.order_line_id, quantity: Number(row.quantity) }], `Return of goods (${row.kind === "damage" ? "damaged" : "returned"})`, now);
      if (note) await trx.updateTable("returns").set({ credit_note_id: note.id }).where("id", "=", row.id).execute();
      mailStep(after, row.order_id, "received", null, row.order_line_id);
      return { credit_note: note?.number ?? null, restocked: input.outcome === "restock" ? Number(row.quantity) : 0 };
    },
  );
}

/** What the return's pieces are worth: its credit note's total when the order was invoiced, else their share of the line's price after discount. */
async function returnValue(trx: Db, row: ReturnRow): Promise<number> {
  if (row.credit_note_id !== null) {
    const note = await trx.selectFrom("credit_notes").select("total").where("id", "=", row.credit_note_id).executeTakeFirstOrThrow();
    return Number(note.total);
  }
  const line = await trx.selectFrom("order_lines").select(["quantity", "total", "discount"]).where("id", "=", row.order_line_id).executeTakeFirstOrThrow();
  const net = Number(line.total) - Math.max(Number(line.discount ?? 0), 0);
  return Math.round((net * Number(row.quantity)) / Number(line.quantity));
}

/** One return is one refund, however often it is asked for: its key is the return's own. */
export const returnRefundKey = (id: number) => `return-${String(id).padStart(10, "0")}`;

/**
 * The return's value goes back (refund:create) through the refund service (./refunds.ts): the
 * payment provider's refund with the return's own idempotency key for an online payment, or the
 * shop's bank/UPI/cash transfer with its reference; never beyond what is left of the payment. Once
 * processed the return is Refunded (a provider's refund still pending leaves it Received, and the
 * same request later finishes it).
 */
export async function refundReturn(id: number, money: { method: RefundMethod; reference: string | null; note: string | null }, actor: StaffActor, now = new Date()): Promise<{ ret: ReturnView; refund: RefundOutcome }> {
  const current = await adminReturn(id);
  if (current.state !== RETURN_STATE.received && !(current.state === RETURN_STATE.refunded && current.refundId !== null)) throw new ApiError(409, returnMoveRefusal("refund", current.state) ?? RETURN_MESSAGES.changed);
  const handle = await getDb();
  const row = await handle.db.selectFrom("returns").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const payment = await handle.db.selectFrom("payments").select(["amount", "refunded_amount"]).where("order_id", "=", row.order_id).where("status", "in", [PAYMENT_ROW.paid, PAYMENT_ROW.refundDue, PAYMENT_ROW.refunded]).orderBy("id").executeTakeFirst();
  if (!payment) throw new ApiError(409, RETURN_MESSAGES.nothingPaid);
  const earlier = await handle.db.selectFrom("refunds").select("amount").where("idempotency_key", "=", returnRefundKey(id)).executeTakeFirst();
  const amount = earlier ? Number(earlier.amount) : Math.min(await returnValue(handle.db, row), Number(payment.amount) - Number(payment.refunded_amount));
  if (amount <= 0) throw new ApiError(409, "This order's payment has been refunded in full already.");
  const outcome = await recordRefund(row.order_id, { amount, method: money.method, reference: money.reference, note: money.note ?? `Return ${id}`, creditLines: row.credit_note_id !== null ? [] : [{ lineId: row.order_line_id, quantity: Number(row.quantity) }] }, returnRefundKey(id), actor, now);
  if (outcome.refund.status !== REFUND_RECORD.processed) {
    await handle.db.updateTable("returns").set({ refund_id: outcome.refund.id }).where("id", "=", id).where("refund_id", "is", null).execute();
    return { ret: await adminReturn(id), refund: outcome };
  }
  if (current.state === RETURN_STATE.refunded) return { ret: current, refund: outcome };
  try {
    const ret = await step(
      id,
      "refund",
      actor,
      now,
      () => ({ refund_id: outcome.refund.id, refunded_at: now.toISOString() }),
      // The refund service mailed the shopper as it processed the refund ("refund processed"); no second mail.
      async () => {
        return { amount: outcome.refund.amount, method: outcome.refund.method, reference: outcome.refund.reference };
      },
    );
    return { ret, refund: outcome };
  } catch (error) {
    // A second click that got here as the first moved it: the refund is the same one (one key).
    if (error instanceof ApiError && error.status === 409) {
      const now2 = await adminReturn(id);
      if (now2.state === RETURN_STATE.refunded && now2.refundId === outcome.refund.id) return { ret: now2, refund: { ...outcome, replayed: true } };
    }
    log.error({ err: error, returnId: id }, "a return's refund was recorded but the return did not move");
    throw error;
  }
}

export type ReturnOption = { lineId: number; name: string; left: number; madeToOrder: boolean };

/**
 * The lines of the customer's own order they may ask back now (delivered, within the window, no
 * return open, pieces left), for the order page's form; empty for another customer's order.
 */
export async function returnOptions(userId: number, orderId: number, now = new Date()): Promise<{ options: ReturnOption[]; deadline: string | null }> {
  const { db } = await getDb();
  const order = await db.selectFrom("orders").select(["id", "delivered_at"]).where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!order?.delivered_at) return { options: [], deadline: null };
  const windowDays = await currentRefundWindowDays();
  const lines = await db.selectFrom("order_lines").select(["id", "product_id", "variant_id", "product_name", "variation", "quantity", "delivery_status"]).where("order_id", "=", orderId).orderBy("id").execute();
  const earlier = await db.selectFrom("returns").select(["order_line_id", "quantity", "state"]).where("order_id", "=", orderId).where("state", "!=", RETURN_STATE.declined).execute();
  const options: ReturnOption[] = [];
  for (const l of lines) {
    const mine = earlier.filter((r) => r.order_line_id === l.id);
    const mto = await madeToOrder(db, l);
    const facts = { delivered: l.delivery_status === DELIVERY.delivered, deliveredAt: order.delivered_at, madeToOrder: mto, quantity: Number(l.quantity), returned: mine.reduce((n, r) => n + Number(r.quantity), 0), open: mine.some((r) => OPEN_RETURN_STATES.includes(r.state as ReturnStatus)) };
    // Asked as a damage claim of one piece: the loosest request the line could take.
    if (returnRefusal(facts, { kind: "damage", quantity: 1 }, now, windowDays)) continue;
    options.push({ lineId: l.id, name: l.variant_id !== null && l.variation ? `${l.product_name} (${l.variation})` : l.product_name, left: facts.quantity - facts.returned, madeToOrder: mto });
  }
  const deadline = options.length ? (returnDeadline(order.delivered_at, windowDays)?.toISOString() ?? null) : null;
  return { options, deadline };
}
