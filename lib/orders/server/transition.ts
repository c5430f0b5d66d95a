import "server-only";
import { sql } from "kysely";
import { lockProducts, type MovedProduct, moveStock, type StockMove } from "@/lib/catalog";
import { STOCK_REASON } from "@/lib/catalog/stock";
import type { Db, Dialect } from "@/lib/platform/db";
import type { Updateable } from "kysely";
import type { OrdersTable, PaymentsTable } from "@/lib/platform/db/schema";
import { ApiError } from "@/lib/platform/errors";
import { financialYear, formatInvoiceNumber } from "../invoice-number";
import {
  LINE_TRANSITIONS,
  type LineTransition,
  type LineTransitionName,
  ORDER_TRANSITIONS,
  type OrderFacts,
  type OrderState,
  type OrderTransition,
  type OrderTransitionName,
  orderRefusal,
  orderStateName,
  orderTarget,
  PAYMENT_TRANSITIONS,
  type PaymentTransition,
  type PaymentTransitionName,
} from "../lifecycle";
import { type Actor, DELIVERY, type DeliveryStatus, ENTITY, type Entity, ORDER_MESSAGES, PAYMENT, PAYMENT_ROW, type PaymentRowStatus, REFUND_MESSAGES, type RefundStatus } from "../status";
import type { AfterCommit } from "./after-commit";

/**
 * applyTransition: the one function that changes the state of an order, an order line or a payment
 * row, by the transitions table (../lifecycle.ts), inside the caller's write transaction
 * (lib/platform/db/transaction.ts):
 *
 *  1. the order is locked (PostgreSQL: SELECT … FOR UPDATE; SQLite: BEGIN IMMEDIATE already holds
 *     the write lock) and read, through the customer's id when a customer acts (another's order is
 *     "not found");
 *  2. the transition's guard and its allowed states are checked: a refusal is a 409 with the
 *     table's message, and nothing has been written;
 *  3. the change is one conditional update from the state just read (the row cannot have moved
 *     under the lock; the condition makes sure);
 *  4. an order_events row records it (actor, event, from, to, time, note);
 *  5. its effects follow in the same transaction: the lines follow the order (each line an event),
 *     payment rows move (each an event), stock is given back or taken again through the stock
 *     ledger in product-id order, the GST invoice is issued;
 *  6. what must wait for the commit (the customer's mail, the refresh of the product pages whose
 *     stock moved) is added to `after`, which the caller runs right after the transaction
 *     (./after-commit.ts).
 */

/** Who changes what, when, in which transaction. */
export type Change = {
  trx: Db;
  dialect: Dialect;
  now: Date;
  actor: Actor;
  /** The customer's or the staff member's user id; null for the system and providers. */
  actorId?: number | null;
  /** Kept on the event rows: why, or which provider message. */
  note?: string | null;
  after: AfterCommit;
};

/** Columns of the payment rows a transition may set besides their status. */
export type PaymentFields = Pick<Updateable<PaymentsTable>, "provider_payment_id" | "error">;

export type OrderRequest = {
  machine: "order";
  name: OrderTransitionName;
  orderId: number;
  /** A customer's own orders only: another customer's is "not found". */
  ownerId?: number;
  /** Set on the payment rows the transition moves (the provider's payment id). */
  payment?: PaymentFields;
};
export type LineRequest = {
  machine: "line";
  name: LineTransitionName;
  lineId: number;
  ownerId?: number;
  /** Columns of the line set with the change (a refund claim's reason and time). */
  set?: { refund_reason?: string; refund_requested_at?: string };
};
export type PaymentRequest = { machine: "payment"; name: PaymentTransitionName; paymentId: number; set?: PaymentFields & { refunded_amount?: number } };

export type OrderRow = { id: number; code: string; user_id: number; grand_total: number; delivery_status: DeliveryStatus; payment_status: OrderState["payment"]; payment_type: OrderFacts["paymentType"]; cancel_reason: OrderFacts["cancelReason"]; coupon_code: string | null };
export type OrderOutcome = { order: OrderRow; from: OrderState; to: OrderState; invoiceNumber: string | null };
export type LineOutcome = { id: number; orderId: number; from: DeliveryStatus | RefundStatus | null; to: DeliveryStatus | RefundStatus };
export type PaymentOutcome = { id: number; orderId: number; from: PaymentRowStatus; to: PaymentRowStatus };

export function applyTransition(change: Change, request: OrderRequest): Promise<OrderOutcome>;
export function applyTransition(change: Change, request: LineRequest): Promise<LineOutcome>;
export function applyTransition(change: Change, request: PaymentRequest): Promise<PaymentOutcome>;
export function applyTransition(change: Change, request: OrderRequest | LineRequest | PaymentRequest): Promise<OrderOutcome | LineOutcome | PaymentOutcome> {
  if (request.machine === "order") return applyOrder(change, request);
  if (request.machine === "line") return applyLine(change, request);
  return applyPayment(change, request);
}

function allow(actors: readonly Actor[], actor: Actor, what: string): void {
  // A programming error, not a customer's: the table says who may do what.
  if (!actors.includes(actor)) throw new Error(`${actor} may not ${what}`);
}

/* ---------------------------------------------------------------------------------------------
 * The order
 * ------------------------------------------------------------------------------------------- */

const ORDER_COLUMNS = ["id", "code", "user_id", "grand_total", "delivery_status", "payment_status", "payment_type", "cancel_reason", "coupon_code"] as const;

/** Reads the order with its row locked (PostgreSQL); a customer reads only their own. */
export async function lockOrder(trx: Db, dialect: Dialect, orderId: number, ownerId?: number): Promise<OrderRow | undefined> {
  let query = trx.selectFrom("orders").select(ORDER_COLUMNS).where("id", "=", orderId);
  if (ownerId !== undefined) query = query.where("user_id", "=", ownerId);
  if (dialect === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

const STAMPS: Partial<Record<DeliveryStatus, "confirmed_at" | "shipped_at" | "delivered_at" | "cancelled_at">> = {
  [DELIVERY.confirmed]: "confirmed_at",
  [DELIVERY.shipped]: "shipped_at",
  [DELIVERY.delivered]: "delivered_at",
  [DELIVERY.cancelled]: "cancelled_at",
};

async function applyOrder(c: Change, r: OrderRequest): Promise<OrderOutcome> {
  const t: OrderTransition = ORDER_TRANSITIONS[r.name];
  allow(t.actors, c.actor, `${r.name} an order`);
  const order = await lockOrder(c.trx, c.dialect, r.orderId, r.ownerId);
  if (!order) throw new ApiError(404, ORDER_MESSAGES.notFound);
  const from: OrderState = { delivery: order.delivery_status, payment: order.payment_status };
  const at = c.now.toISOString();

  if (t.from.length === 0) {
    // The transition that creates the order: the caller inserted it in this state; it is recorded.
    const expected = orderTarget(t, from);
    if (expected.delivery !== from.delivery || expected.payment !== from.payment) throw new Error(`order ${order.id} was created ${orderStateName(from)}, not ${orderStateName(expected)}`);
    await writeEvents(c, [{ order_id: order.id, entity: ENTITY.order, entity_id: order.id, event: r.name, from_state: null, to_state: orderStateName(from) }]);
    const rows = await c.trx.selectFrom("payments").select(["id", "status"]).where("order_id", "=", order.id).execute();
    // The payment row made with it: an online one is created, a cash one pending.
    await writeEvents(c, rows.map((p) => ({ order_id: order.id, entity: ENTITY.payment, entity_id: p.id, event: p.status === PAYMENT_ROW.pending ? "create_cash" : "create", from_state: null, to_state: p.status })));
    if (t.mail) c.after.mails.push({ orderId: order.id, kind: t.mail });
    return { order, from, to: from, invoiceNumber: null };
  }

  const refusal = orderRefusal(r.name, { ...from, paymentType: order.payment_type, cancelReason: order.cancel_reason, couponCode: order.coupon_code });
  if (refusal) throw new ApiError(409, refusal);
  const to = orderTarget(t, from);

  // A transition that moves stock locks the order's products (in id order) before it writes a line:
  // PostgreSQL checks a line's product reference again when the line is updated a second time in
  // one transaction (a KEY SHARE lock on the product), and two cancels holding that lock on the
  // same products would each wait for the other's when they then lock them to give stock back.
  if (t.stock) {
    const held = await c.trx.selectFrom("order_lines").select(["product_id", "variant_id"]).where("order_id", "=", order.id).execute();
    await lockProducts(c.trx, c.dialect, held.flatMap((l) => (l.product_id === null ? [] : [{ productId: l.product_id, variantId: l.variant_id }])));
  }

  // Stock taken again first: a shortage refuses the transition with nothing written.
  if (t.stock?.move === "take") c.after.products.push(...(await retakeStock(c, order.id)));

  const set: Updateable<OrdersTable> = { delivery_status: to.delivery, payment_status: to.payment, updated_at: at };
  const stamp = to.delivery !== from.delivery ? STAMPS[to.delivery] : undefined;
  if (stamp) set[stamp] = at;
  if (to.payment === PAYMENT.paid && from.payment !== PAYMENT.paid) set.paid_at = at;
  if (t.cancelReason) set.cancel_reason = t.cancelReason;
  for (const column of t.clears ?? []) set[column] = null;
  const updated = await c.trx
    .updateTable("orders")
    .set(set)
    .where("id", "=", order.id)
    .where("delivery_status", "=", from.delivery)
    .where("payment_status", "=", from.payment)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, "The order changed meanwhile. Please try again.");
  await writeEvents(c, [{ order_id: order.id, entity: ENTITY.order, entity_id: order.id, event: r.name, from_state: orderStateName(from), to_state: orderStateName(to) }]);

  if (t.lines) await followLines(c, order.id, t.lines);
  for (const name of t.payments ?? []) {
    const fields: PaymentFields = { ...r.payment };
    // An unpaid row closed by a cancel says why; a captured one forgets an earlier failure.
    if (name === "void") fields.error = `cancelled: ${t.cancelReason ?? r.name}`;
    if (name === "capture") fields.error = null;
    await movePaymentRows(c, order.id, name, fields);
  }
  if (t.stock?.move === "return") c.after.products.push(...(await giveBackStock(c, order.id, t.stock.reason)));
  const invoiceNumber = t.invoice ? await issueInvoice(c.trx, order.id, c.now) : null;
  if (t.mail) c.after.mails.push({ orderId: order.id, kind: t.mail });
  return { order: { ...order, delivery_status: to.delivery, payment_status: to.payment }, from, to, invoiceNumber };
}

/** The order's lines that are in the line transition's from-states follow it, each with its event. */
async function followLines(c: Change, orderId: number, name: LineTransitionName): Promise<void> {
  const lt: LineTransition = LINE_TRANSITIONS[name];
  if (lt.field !== "delivery_status") throw new Error(`${name} is not a transition a line follows its order by`);
  const from = lt.from;
  const lines = await c.trx.selectFrom("order_lines").select(["id", "delivery_status"]).where("order_id", "=", orderId).where("delivery_status", "in", from).orderBy("id").execute();
  if (!lines.length) return;
  await c.trx
    .updateTable("order_lines")
    .set({ delivery_status: lt.to })
    .where("id", "in", lines.map((l) => l.id))
    .where("delivery_status", "in", from)
    .execute();
  await writeEvents(c, lines.map((l) => ({ order_id: orderId, entity: ENTITY.line, entity_id: l.id, event: name, from_state: l.delivery_status, to_state: lt.to })));
}

/** The order's payment rows in the payment transition's from-states move to its state, each with its event. */
async function movePaymentRows(c: Change, orderId: number, name: PaymentTransitionName, fields: PaymentFields): Promise<void> {
  const pt: PaymentTransition = PAYMENT_TRANSITIONS[name];
  const rows = await c.trx.selectFrom("payments").select(["id", "status"]).where("order_id", "=", orderId).where("status", "in", pt.from).orderBy("id").execute();
  if (!rows.length) return;
  await c.trx
    .updateTable("payments")
    .set({ ...fields, status: pt.to, updated_at: c.now.toISOString() })
    .where("id", "in", rows.map((p) => p.id))
    .where("status", "in", pt.from)
    .execute();
  await writeEvents(c, rows.map((p) => ({ order_id: orderId, entity: ENTITY.payment, entity_id: p.id, event: name, from_state: p.status, to_state: pt.to })));
}

/** Gives back what the order's lines hold, once (each line's reservation is zeroed by a conditional update), through the ledger. */
async function giveBackStock(c: Change, orderId: number, reason: StockMove["reason"]): Promise<MovedProduct[]> {
  const lines = await c.trx
    .selectFrom("order_lines as l")
    .leftJoin("products as p", "p.id", "l.product_id")
    .select(["l.id", "l.product_id", "l.variant_id", "l.reserved_quantity", "p.variant_count"])
    .where("l.order_id", "=", orderId)
    .where("l.reserved_quantity", ">", 0)
    .orderBy("l.id")
    .execute();
  const moves: StockMove[] = [];
  for (const line of lines) {
    const cleared = await c.trx.updateTable("order_lines").set({ reserved_quantity: 0 }).where("id", "=", line.id).where("reserved_quantity", "=", line.reserved_quantity).executeTakeFirst();
    if (Number(cleared.numUpdatedRows) !== 1 || line.product_id === null) continue;
    // A variant's units go back to that variant; a line whose variant was deleted by hand has none to go back to.
    if (line.variant_id === null && (line.variant_count ?? 0) > 0) continue;
    moves.push({ productId: line.product_id, variantId: line.variant_id, delta: line.reserved_quantity as number, reason, orderId, orderLineId: line.id, actor: c.actor, actorId: c.actorId ?? null });
  }
  return moveStock(c.trx, c.dialect, moves, c.now);
}

/**
 * Takes again what the order's lines gave back when its deadline passed: the ledger says how many
 * units each line returned. Throws StockShortage (nothing written) when they are no longer there.
 */
async function retakeStock(c: Change, orderId: number): Promise<MovedProduct[]> {
  const returned = await c.trx
    .selectFrom("stock_movements")
    .select(["order_line_id", "product_id", "variant_id", (eb) => eb.fn.sum<number>("delta").as("units")])
    .where("order_id", "=", orderId)
    .where("reason", "in", [STOCK_REASON.expiry, STOCK_REASON.cancel])
    .groupBy(["order_line_id", "product_id", "variant_id"])
    .execute();
  const moves: StockMove[] = returned
    .filter((r) => Number(r.units) > 0)
    .map((r) => ({ productId: r.product_id, variantId: r.variant_id, delta: -Number(r.units), reason: STOCK_REASON.revival, orderId, orderLineId: r.order_line_id, actor: c.actor, actorId: c.actorId ?? null }));
  const moved = await moveStock(c.trx, c.dialect, moves, c.now);
  for (const m of moves) {
    if (m.orderLineId) await c.trx.updateTable("order_lines").set({ reserved_quantity: -m.delta }).where("id", "=", m.orderLineId).execute();
  }
  return moved;
}

/**
 * Gives the next invoice number of the financial year of `at`, in the caller's transaction: the
 * series row is created or incremented by one conditional statement, so two payments never get
 * the same serial, and a rolled-back transaction takes its serial back with it (no gaps, unlike a
 * database sequence). An order keeps the invoice it was given.
 */
export async function issueInvoice(trx: Db, orderId: number, at: Date): Promise<string> {
  const existing = await trx.selectFrom("invoices").select("number").where("order_id", "=", orderId).executeTakeFirst();
  if (existing) return existing.number;
  const year = financialYear(at);
  // Read through the transaction: on SQLite the transaction holds the only connection, so a read
  // through the shared handle (the cached settings) would wait for it forever.
  const setting = await trx.selectFrom("business_settings").select("value").where("type", "=", "invoice_prefix").executeTakeFirst();
  const prefix = setting?.value ?? "KH";
  const row = await trx
    .insertInto("invoice_series")
    .values({ financial_year: year, last_serial: 1 })
    .onConflict((oc) => oc.column("financial_year").doUpdateSet({ last_serial: sql<number>`invoice_series.last_serial + 1` }))
    .returning("last_serial")
    .executeTakeFirstOrThrow();
  const number = formatInvoiceNumber(prefix, year, row.last_serial);
  await trx.insertInto("invoices").values({ order_id: orderId, number, financial_year: year, serial: row.last_serial, issued_at: at.toISOString(), pdf: null }).execute();
  return number;
}

/* ---------------------------------------------------------------------------------------------
 * A line's own transitions (refund claims and decisions)
 * ------------------------------------------------------------------------------------------- */

async function applyLine(c: Change, r: LineRequest): Promise<LineOutcome> {
  const lt: LineTransition = LINE_TRANSITIONS[r.name];
  allow(lt.actors, c.actor, `${r.name} an order line`);
  let query = c.trx
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select(["l.id", "l.order_id", "l.delivery_status", "l.refund_status"])
    .where("l.id", "=", r.lineId);
  if (r.ownerId !== undefined) query = query.where("o.user_id", "=", r.ownerId);
  const line = await query.executeTakeFirst();
  if (!line) throw new ApiError(404, REFUND_MESSAGES.lineNotFound);
  // A line's delivery status only follows its order (followLines); its own transitions are refund claims.
  if (lt.field !== "refund_status") throw new Error(`${r.name}: a line's delivery status follows its order`);
  const from = line.refund_status;
  if (!lt.from.includes(from)) throw new ApiError(409, lt.refusal(from));
  const claimed = lt.from.filter((s): s is RefundStatus => s !== null);
  let update = c.trx
    .updateTable("order_lines")
    .set({ ...r.set, refund_status: lt.to })
    .where("id", "=", line.id);
  update = lt.from.includes(null) ? update.where("refund_status", "is", null) : update.where("refund_status", "in", claimed);
  const updated = await update.executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, lt.refusal(from));
  await writeEvents(c, [{ order_id: line.order_id, entity: ENTITY.line, entity_id: line.id, event: r.name, from_state: from, to_state: lt.to }]);
  return { id: line.id, orderId: line.order_id, from, to: lt.to };
}

/* ---------------------------------------------------------------------------------------------
 * A payment row's own transitions (a provider's failure, refunds, closing)
 * ------------------------------------------------------------------------------------------- */

export const PAYMENT_NOT_FOUND = "Payment not found.";

async function applyPayment(c: Change, r: PaymentRequest): Promise<PaymentOutcome> {
  const pt: PaymentTransition = PAYMENT_TRANSITIONS[r.name];
  allow(pt.actors, c.actor, `${r.name} a payment`);
  let query = c.trx.selectFrom("payments").select(["id", "order_id", "status"]).where("id", "=", r.paymentId);
  if (c.dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError(404, PAYMENT_NOT_FOUND);
  if (pt.from.length === 0) {
    // The transition that creates the row: the caller inserted it; it is recorded.
    await writeEvents(c, [{ order_id: row.order_id, entity: ENTITY.payment, entity_id: row.id, event: r.name, from_state: null, to_state: row.status }]);
    return { id: row.id, orderId: row.order_id, from: row.status, to: row.status };
  }
  if (!pt.from.includes(row.status)) throw new ApiError(409, `A payment that is ${row.status} cannot be moved to ${pt.to}.`);
  const updated = await c.trx
    .updateTable("payments")
    .set({ ...r.set, status: pt.to, updated_at: c.now.toISOString() })
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, "The payment changed meanwhile. Please try again.");
  await writeEvents(c, [{ order_id: row.order_id, entity: ENTITY.payment, entity_id: row.id, event: r.name, from_state: row.status, to_state: pt.to }]);
  return { id: row.id, orderId: row.order_id, from: row.status, to: pt.to };
}

/* ---------------------------------------------------------------------------------------------
 * order_events
 * ------------------------------------------------------------------------------------------- */

type EventRow = { order_id: number; entity: Entity; entity_id: number; event: string; from_state: string | null; to_state: string };

async function writeEvents(c: Change, rows: EventRow[]): Promise<void> {
  if (!rows.length) return;
  const at = c.now.toISOString();
  await c.trx
    .insertInto("order_events")
    .values(rows.map((r) => ({ ...r, actor: c.actor, actor_id: c.actorId ?? null, note: c.note ?? null, created_at: at })))
    .execute();
}

/** The open states of a payment row (not yet paid, not owed back). */
export const OPEN_PAYMENT: readonly PaymentRowStatus[] = [PAYMENT_ROW.created, PAYMENT_ROW.pending, PAYMENT_ROW.failed];
