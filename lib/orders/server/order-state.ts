import "server-only";
import { sql } from "kysely";
import { financialYear, formatInvoiceNumber } from "../invoice-number";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { DELIVERY, ORDER_MESSAGES, PAYMENT } from "../status";
import { orderMail } from "./order-mail";
import { getSiteSettings } from "@/lib/platform/settings";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { dispatchSoon, expireTagsAfterCommit, outbox } from "@/lib/platform/outbox";

/**
 * An order's life after placement, every change a conditional update from the state it must be
 * in, inside one transaction with the stock it moves:
 *
 *   placed ─ COD ───────► Pending / Un-Paid ─► Confirmed ─► Shipped ─► Delivered (Paid on delivery)
 *          ─ online ────► Pending / Un-Paid ─(paid)─► Confirmed / Paid ─► Shipped ─► Delivered
 *   Pending / Un-Paid ─(customer cancels, or an online order's payment deadline passes)─► Cancelled
 *
 * Cancelling gives back the stock the order took; a payment that arrives for an order whose
 * deadline passed takes the stock again if it is still there, or is left for a refund.
 */

/** Minutes an unpaid online order holds its stock (setting online_payment_timeout_minutes). */
export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 30;

export async function paymentTimeoutMinutes(): Promise<number> {
  const raw = Number((await getSiteSettings()).online_payment_timeout_minutes);
  return Number.isInteger(raw) && raw >= 1 && raw <= 24 * 60 ? raw : DEFAULT_PAYMENT_TIMEOUT_MINUTES;
}

/**
 * Takes `quantity` units of a stocked product in the caller's transaction: one conditional update
 * that never lets stock go below zero, and marks the product out of stock when it reaches zero.
 * Returns false when there are not enough units (the caller rolls back).
 */
export async function takeStock(trx: Db, productId: number, quantity: number): Promise<boolean> {
  const result = await trx
    .updateTable("products")
    .set({
      stock_quantity: sql<number>`stock_quantity - ${quantity}`,
      availability: sql<"in_stock" | "out_of_stock">`case when stock_quantity - ${quantity} <= 0 then 'out_of_stock' else availability end`,
    })
    .where("id", "=", productId)
    .where("availability", "=", "in_stock")
    .where("stock_quantity", ">=", quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back what the order's lines took from stock, once: each line's reservation is zeroed. */
export async function restoreStock(trx: Db, orderId: number): Promise<number[]> {
  const lines = await trx
    .selectFrom("order_lines")
    .select(["id", "product_id", "reserved_quantity"])
    .where("order_id", "=", orderId)
    .where("reserved_quantity", ">", 0)
    .execute();
  const touched: number[] = [];
  for (const line of lines) {
    const cleared = await trx.updateTable("order_lines").set({ reserved_quantity: 0 }).where("id", "=", line.id).where("reserved_quantity", "=", line.reserved_quantity).executeTakeFirst();
    if (Number(cleared.numUpdatedRows) !== 1 || line.product_id === null) continue;
    await trx
      .updateTable("products")
      .set({
        stock_quantity: sql<number>`stock_quantity + ${line.reserved_quantity}`,
        availability: sql<"in_stock" | "out_of_stock" | "made_to_order">`case when availability = 'out_of_stock' then (case when made_to_order = 1 then 'made_to_order' else 'in_stock' end) else availability end`,
      })
      .where("id", "=", line.product_id)
      .execute();
    touched.push(line.product_id);
  }
  return touched;
}

/** The slugs of these products, read in the transaction (their pages show stock). */
export async function productSlugs(trx: Db, productIds: readonly number[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await trx.selectFrom("products").select("slug").where("id", "in", [...productIds]).orderBy("id").execute();
  return rows.map((r) => r.slug);
}

/** Takes the order's units from stock again (a late payment for an order whose deadline passed). */
async function retakeStock(trx: Db, orderId: number): Promise<boolean> {
  const lines = await trx
    .selectFrom("order_lines as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["l.id", "l.product_id", "l.quantity", "p.availability"])
    .where("l.order_id", "=", orderId)
    .execute();
  for (const line of lines) {
    if (line.availability === "made_to_order") continue;
    if (!(await takeStock(trx, line.product_id as number, line.quantity))) return false;
    await trx.updateTable("order_lines").set({ reserved_quantity: line.quantity }).where("id", "=", line.id).execute();
  }
  return true;
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

export type PaymentReport = {
  provider: string;
  providerPaymentId: string;
  /** Paise the provider says it took. */
  amount: number;
  currency: string;
};

export type PaidOutcome =
  | { kind: "paid"; orderId: number; invoiceNumber: string; firstTime: boolean }
  /** The money arrived after the order's stock went back and could not be taken again. */
  | { kind: "refund_due"; orderId: number }
  | { kind: "amount_mismatch"; orderId: number }
  | { kind: "not_found" };

/**
 * Records a successful payment for an order, exactly once however many times the provider (or
 * the customer's browser, or a webhook) reports it: the amount and currency must be the order's,
 * the order goes Un-Paid → Paid (and Pending → Confirmed) by a conditional update, the payment row
 * is marked paid and the GST invoice number is issued, all in one transaction. On PostgreSQL the
 * order's row is locked first, so the browser's return and the webhook reporting the same payment
 * at the same moment take turns (on SQLite, BEGIN IMMEDIATE already makes them).
 *
 * A payment for a cancelled order revives it only when the store cancelled it for want of that
 * payment (the deadline passed), it used no coupon (its discount may have gone to a later order)
 * and its stock can be taken again; any other cancelled order keeps its cancellation and the
 * money is marked to be refunded, with no invoice.
 */
export async function markOrderPaid(orderId: number, report: PaymentReport, now = new Date()): Promise<PaidOutcome> {
  const handle = await getDb();
  const at = now.toISOString();
  const outcome = await writeTransaction(handle, async (trx) => {
    if (handle.dialect === "postgres") await sql`select id from orders where id = ${orderId} for update`.execute(trx);
    const order = await trx
      .selectFrom("orders")
      .select(["id", "grand_total", "payment_status", "delivery_status", "payment_type", "cancel_reason", "coupon_code"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return { kind: "not_found" } as const;
    if (report.amount !== order.grand_total || report.currency !== "INR") {
      await trx.updateTable("payments").set({ error: `amount_mismatch: ${report.amount} ${report.currency}`, updated_at: at }).where("order_id", "=", orderId).where("status", "!=", "paid").execute();
      return { kind: "amount_mismatch", orderId } as const;
    }
    if (order.delivery_status === DELIVERY.cancelled && order.payment_status === PAYMENT.paid) {
      // Reported again after it was kept cancelled for a refund: still a refund, still no invoice.
      return { kind: "refund_due", orderId } as const;
    }
    if (order.payment_status === PAYMENT.paid) {
      const invoiceNumber = await issueInvoice(trx, orderId, now);
      return { kind: "paid", orderId, invoiceNumber, firstTime: false } as const;
    }
    if (order.delivery_status === DELIVERY.cancelled) {
      const revivable = order.cancel_reason === "payment_timeout" && order.coupon_code === null;
      // A partial retake is undone by failing this transaction; the refund is recorded after.
      if (!revivable || !(await retakeStock(trx, orderId))) throw new RetakeFailed();
      const updated = await trx
        .updateTable("orders")
        .set({ delivery_status: DELIVERY.confirmed, payment_status: PAYMENT.paid, paid_at: at, confirmed_at: at, cancelled_at: null, cancel_reason: null, updated_at: at })
        .where("id", "=", orderId)
        .where("delivery_status", "=", DELIVERY.cancelled)
        .where("payment_status", "=", PAYMENT.unpaid)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new RetakeFailed();
      await trx.updateTable("order_lines").set({ delivery_status: DELIVERY.confirmed }).where("order_id", "=", orderId).execute();
      const retaken = await trx.selectFrom("order_lines").select("product_id").where("order_id", "=", orderId).where("reserved_quantity", ">", 0).execute();
      await outbox.add(trx, expireTagsAfterCommit((await productSlugs(trx, retaken.flatMap((l) => l.product_id ?? []))).map((slug) => cacheTags.product(slug))));
    } else {
      const updated = await trx
        .updateTable("orders")
        .set({
          payment_status: PAYMENT.paid,
          paid_at: at,
          delivery_status: sql<string>`case when delivery_status = ${DELIVERY.pending} then ${DELIVERY.confirmed} else delivery_status end`,
          confirmed_at: sql<string>`coalesce(confirmed_at, ${at})`,
          payment_due_at: null,
          updated_at: at,
        })
        .where("id", "=", orderId)
        .where("payment_status", "=", PAYMENT.unpaid)
        .where("delivery_status", "!=", DELIVERY.cancelled)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        // Someone else changed it between our read and this update (SQLite never gets here; on
        // PostgreSQL the row lock above prevents it): roll back and let the caller ask again.
        throw new ApiError(409, "The order changed while the payment was being recorded. Please try again.");
      }
    }
    await trx
      .updateTable("payments")
      .set({ status: "paid", provider_payment_id: report.providerPaymentId, error: null, updated_at: at })
      .where("order_id", "=", orderId)
      .where("status", "!=", "paid")
      .execute();
    const invoiceNumber = await issueInvoice(trx, orderId, now);
    // The payment mail, with the invoice, once this commits.
    await outbox.add(trx, orderMail(orderId, "paid"));
    return { kind: "paid", orderId, invoiceNumber, firstTime: true } as const;
  }).catch(async (error: unknown): Promise<PaidOutcome> => {
    if (!(error instanceof RetakeFailed)) throw error;
    // The money arrived for an order that stays cancelled: it shows Paid (the customer paid) and
    // its payment is due back. Only while the order is still cancelled and unpaid: a concurrent
    // report that revived it has already recorded the payment as paid.
    await writeTransaction(handle, async (trx) => {
      if (handle.dialect === "postgres") await sql`select id from orders where id = ${orderId} for update`.execute(trx);
      const marked = await trx
        .updateTable("orders")
        .set({ payment_status: PAYMENT.paid, paid_at: at, updated_at: at })
        .where("id", "=", orderId)
        .where("delivery_status", "=", DELIVERY.cancelled)
        .where("payment_status", "=", PAYMENT.unpaid)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return;
      await trx
        .updateTable("payments")
        .set({ status: "refund_due", provider_payment_id: report.providerPaymentId, updated_at: at })
        .where("order_id", "=", orderId)
        .where("status", "not in", ["paid", "refund_due"])
        .execute();
    });
    const after = await handle.db.selectFrom("orders").select(["delivery_status", "payment_status"]).where("id", "=", orderId).executeTakeFirst();
    if (after && after.delivery_status !== DELIVERY.cancelled && after.payment_status === PAYMENT.paid) {
      const invoice = await handle.db.selectFrom("invoices").select("number").where("order_id", "=", orderId).executeTakeFirst();
      if (invoice) return { kind: "paid", orderId, invoiceNumber: invoice.number, firstTime: false } as const;
    }
    return { kind: "refund_due", orderId } as const;
  });
  dispatchSoon();
  return outcome;
}

class RetakeFailed extends Error {}

export type CancelOutcome = { orderId: number; code: string; userId: number; restockedProducts: number[] };

/**
 * Cancels an order that is still Pending and Un-Paid (spec §4), giving its stock back in the same
 * transaction. `userId` scopes the lookup to the customer (null = the store itself, for the
 * payment-deadline sweep and the back office). Another customer's order is "not found"; an order
 * already cancelled or past Pending is a 409 with a message, and nothing changes.
 */
export async function cancelOrder(userId: number | null, orderId: number, reason: "customer" | "payment_timeout" | "merchant", now = new Date()): Promise<CancelOutcome> {
  const handle = await getDb();
  const outcome = await writeTransaction(handle, async (trx) => {
    let query = trx.selectFrom("orders").select(["id", "code", "user_id", "delivery_status", "payment_status"]).where("id", "=", orderId);
    if (userId !== null) query = query.where("user_id", "=", userId);
    const order = await query.executeTakeFirst();
    if (!order) throw new ApiError(404, ORDER_MESSAGES.notFound);
    const at = now.toISOString();
    const updated = await trx
      .updateTable("orders")
      .set({ delivery_status: DELIVERY.cancelled, cancelled_at: at, cancel_reason: reason, payment_due_at: null, updated_at: at })
      .where("id", "=", orderId)
      .where("delivery_status", "=", DELIVERY.pending)
      .where("payment_status", "=", PAYMENT.unpaid)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new ApiError(409, order.delivery_status === DELIVERY.cancelled ? ORDER_MESSAGES.alreadyCancelled : ORDER_MESSAGES.notCancellable);
    }
    await trx.updateTable("order_lines").set({ delivery_status: DELIVERY.cancelled }).where("order_id", "=", orderId).execute();
    await trx.updateTable("payments").set({ status: "failed", error: `cancelled: ${reason}`, updated_at: at }).where("order_id", "=", orderId).where("status", "in", ["created", "pending", "failed"]).execute();
    const restockedProducts = await restoreStock(trx, orderId);
    // Once this commits: the customer's mail, and the pages of the products whose units came back.
    await outbox.add(trx, orderMail(orderId, reason === "payment_timeout" ? "expired" : "cancelled"));
    await outbox.add(trx, expireTagsAfterCommit((await productSlugs(trx, restockedProducts)).map((slug) => cacheTags.product(slug))));
    return { orderId, code: order.code, userId: order.user_id, restockedProducts };
  });
  dispatchSoon();
  return outcome;
}

/**
 * Cancels unpaid online orders whose payment deadline has passed, giving their stock back. Safe
 * to run from several processes at once: each order is cancelled by a conditional update, and an
 * order paid a moment ago is no longer Un-Paid. Returns the orders it cancelled.
 */
export async function releaseExpiredOrders(now = new Date(), limit = 100): Promise<CancelOutcome[]> {
  const { db } = await getDb();
  const due = await db
    .selectFrom("orders")
    .select("id")
    .where("payment_due_at", "is not", null)
    .where("payment_due_at", "<=", now.toISOString())
    .where("payment_status", "=", PAYMENT.unpaid)
    .where("delivery_status", "=", DELIVERY.pending)
    .orderBy("payment_due_at")
    .limit(limit)
    .execute();
  const released: CancelOutcome[] = [];
  for (const { id } of due) {
    try {
      // Its mail (payment not received in time) and its product pages follow through the outbox.
      released.push(await cancelOrder(null, id, "payment_timeout", now));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return released;
}
