import "server-only";
import { sql, type Expression, type SqlBool } from "kysely";
import { getDb, type Dialect } from "@/lib/platform/db";
import { ADMIN_ORDERS_COUNT_CAP, ADMIN_ORDERS_PER_PAGE, awbOf, orderDateBounds, orderSearchKind, type OrderListQuery } from "../admin-list";
import { clampPage } from "../rules";
import { RETURN_STATE } from "../returns";
import { DELIVERY, type DeliveryStatus, PAYMENT, PAYMENT_ROW, PAYMENT_TYPE, type PaymentStatus, type PaymentType, REFUND, type RefundStatus } from "../status";

/**
 * The back office's order reads (docs/back-office.md "Orders"): the list with its search and
 * filters, one order with its lines, payments and history, and the dashboard's figures. Reads
 * only: every change goes through ./order-admin.ts and the lifecycle.
 */

export type AdminOrderListRow = {
  id: number;
  code: string;
  customerName: string;
  email: string;
  phone: string;
  /** Paise. */
  grandTotal: number;
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  paymentType: PaymentType;
  refundDue: boolean;
  date: string;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A code (exact, or its beginning), digits of a phone (the last ten when more are typed: +91 and
 * all), an e-mail (the order's or the account's, whole or a part), or a name; and a term that may
 * be an AWB also finds the orders with a shipment of that AWB (exact, in any case). Each kind searches
 * only its columns, each with its index (migration 024: trigram indexes on PostgreSQL), so a phone
 * number is found among a million orders in milliseconds rather than by reading them all; a name
 * is one condition on one index, since an OR of several made PostgreSQL read the table row by row
 * to count a common surname's matches (1.9 s for "Fernandes" on a million orders; 70 ms alone).
 */
function searchFilter(term: string, dialect: Dialect): Expression<SqlBool> {
  const byKind = kindFilter(term, dialect);
  // A term that may be an AWB (letters, digits and hyphens with a digit) also finds the orders
  // with a shipment of that AWB (migration 028's index of upper(awb)); read first, as the
  // accounts below, so the OR stays two index lookups.
  const awb = awbOf(term);
  if (!awb) return byKind;
  const shipped = sql`select s.order_id from shipments as s where upper(s.awb) = ${awb}`;
  const byAwb = dialect === "postgres" ? sql<SqlBool>`o.id = any(array(${shipped}))` : sql<SqlBool>`o.id in (${shipped})`;
  return sql<SqlBool>`(${byKind} or ${byAwb})`;
}

function kindFilter(term: string, dialect: Dialect): Expression<SqlBool> {
  const lower = term.trim().toLowerCase();
  const upper = term.trim().toUpperCase();
  const contains = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(lower)}%`} escape '\\'`;
  const codePrefix = sql<SqlBool>`o.code like ${`${escapeLike(upper)}%`} escape '\\'`;
  // Orders of the accounts whose e-mail matches (an account's e-mail may have changed since the
  // order). On PostgreSQL as `= any(array(...))`: the accounts are read first, and the orders by
  // their user index, which an OR of conditions can combine; `in (select ...)` inside an OR made
  // it test all of a million orders (3 s).
  const accounts = sql`select u.id from users as u where ${contains("u.email")}`;
  const byAccount = dialect === "postgres" ? sql<SqlBool>`o.user_id = any(array(${accounts}))` : sql<SqlBool>`o.user_id in (${accounts})`;
  switch (orderSearchKind(term)) {
    case "code":
      return codePrefix;
    case "phone":
      return sql<SqlBool>`o.shipping_phone like ${`%${term.replace(/\D/g, "").slice(-10)}%`}`;
    case "email":
      return sql<SqlBool>`(${contains("o.shipping_email")} or ${byAccount})`;
    case "words":
      return contains("o.shipping_name");
  }
}

/** The list's filters and search as conditions on `orders as o`: the page, GET /admin/orders and the CSV export keep the same orders. */
export function filtersOf(query: OrderListQuery, dialect: Dialect): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (query.status) where.push(sql<SqlBool>`o.delivery_status = ${query.status}`);
  if (query.payment) where.push(sql<SqlBool>`o.payment_status = ${query.payment}`);
  if (query.type) where.push(sql<SqlBool>`o.payment_type = ${query.type}`);
  // The few orders with money due back or a claim waiting, read first by their own indexes
  // (migration 025), rather than a test of every order in the walk newest first.
  if (query.refund === "due") where.push(sql<SqlBool>`o.id in (select p.order_id from payments as p where p.status = ${PAYMENT_ROW.refundDue})`);
  if (query.refund === "requested") where.push(sql<SqlBool>`o.id in (select l.order_id from order_lines as l where l.refund_status = ${REFUND.requested})`);
  if (query.refund === "return") where.push(sql<SqlBool>`o.id in (select r.order_id from returns as r where r.state = ${RETURN_STATE.requested})`);
  const bounds = orderDateBounds(query.from, query.to);
  if (bounds.from) where.push(sql<SqlBool>`o.created_at >= ${bounds.from}`);
  if (bounds.below) where.push(sql<SqlBool>`o.created_at < ${bounds.below}`);
  // The order's total (paise), both ends included: an index of grand_total (migration 028).
  if (query.min !== undefined) where.push(sql<SqlBool>`o.grand_total >= ${query.min}`);
  if (query.max !== undefined) where.push(sql<SqlBool>`o.grand_total <= ${query.max}`);
  if (query.q) where.push(searchFilter(query.q, dialect));
  return where;
}

export const all = (list: Expression<SqlBool>[]) => (list.length ? sql<SqlBool>`${sql.join(list, sql` and `)}` : sql<SqlBool>`1 = 1`);

/** Up to this many matches, a search's orders are read by its index and sorted (see adminSearchOrders). */
export const SEARCH_SORT_LIMIT = 2_000;

/** A page of every customer's orders, newest first, with the list's filters. */
export async function adminSearchOrders(query: OrderListQuery): Promise<{ rows: AdminOrderListRow[]; page: number; lastPage: number; total: number; capped: boolean; perPage: number }> {
  const { db, dialect } = await getDb();
  const where = all(filtersOf(query, dialect));
  // Counted up to ADMIN_ORDERS_COUNT_CAP and no further: "10,000+" says what staff need (filter
  // more), and counting a million Delivered orders exactly would cost more than the page.
  const counted = await db
    .selectFrom((eb) => eb.selectFrom("orders as o").select(sql.lit(1).as("one")).where(where).limit(ADMIN_ORDERS_COUNT_CAP + 1).as("capped"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const capped = Number(counted.n) > ADMIN_ORDERS_COUNT_CAP;
  const total = Math.min(Number(counted.n), ADMIN_ORDERS_COUNT_CAP);
  const { page, lastPage } = clampPage(query.page ?? 1, total, ADMIN_ORDERS_PER_PAGE);
  // A search that matches few orders (the count says) has them read first by its own index (a
  // materialized CTE), then sorted: left to itself PostgreSQL walked the date index newest first
  // expecting a phone's digits in one order of a hundred, and read all million orders to find its
  // 17 (1.9 s). One that matches many (a common surname) is best found by that walk, which meets
  // 25 of them at once, where sorting all 55,000 took 0.9 s. Otherwise the CTE is not referenced,
  // and neither database evaluates it.
  const fewMatches = Boolean(query.q) && total <= SEARCH_SORT_LIMIT;
  const rows = await db
    .with((cte) => cte("matched").materialized(), (d) => d.selectFrom("orders as o").select("o.id").where(where))
    .selectFrom("orders as o")
    .select(["o.id", "o.code", "o.shipping_name", "o.shipping_email", "o.shipping_phone", "o.grand_total", "o.delivery_status", "o.payment_status", "o.payment_type", "o.created_at"])
    .select((eb) => eb.exists(eb.selectFrom("payments as p").select("p.id").whereRef("p.order_id", "=", "o.id").where("p.status", "=", PAYMENT_ROW.refundDue)).as("refund_due"))
    .where(fewMatches ? sql<SqlBool>`o.id in (select matched.id from matched)` : where)
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(ADMIN_ORDERS_PER_PAGE)
    .offset((page - 1) * ADMIN_ORDERS_PER_PAGE)
    .execute();
  return {
    rows: rows.map((o) => ({
      id: o.id,
      code: o.code,
      customerName: o.shipping_name,
      email: o.shipping_email,
      phone: o.shipping_phone,
      grandTotal: Number(o.grand_total),
      deliveryStatus: o.delivery_status,
      paymentStatus: o.payment_status,
      paymentType: o.payment_type,
      refundDue: Boolean(o.refund_due),
      date: o.created_at,
    })),
    page,
    lastPage,
    total,
    capped,
    perPage: ADMIN_ORDERS_PER_PAGE,
  };
}

export type AdminOrderDetail = {
  id: number;
  code: string;
  date: string;
  customer: { id: number; name: string; email: string | null };
  shipping: { name: string; email: string; phone: string; address: string; city: string; state: string; postalCode: string; country: string; method: string };
  billing: { name: string; address: string; city: string | null; state: string | null; postalCode: string | null; phone: string | null } | null;
  buyerGstin: string | null;
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  paymentType: PaymentType;
  paymentProvider: string | null;
  cancelReason: string | null;
  couponCode: string | null;
  estimatedDelivery: string | null;
  invoiceNumber: string | null;
  /** Paise. */
  subtotal: number;
  shippingCost: number;
  tax: number;
  couponDiscount: number;
  grandTotal: number;
  lines: { id: number; productName: string; productSlug: string | null; variation: string | null; quantity: number; unitPrice: number; total: number; hsnCode: string | null; gstRate: number | null; deliveryStatus: DeliveryStatus; refundStatus: RefundStatus | null; refundReason: string | null }[];
  payments: { id: number; provider: string; amount: number; refunded: number; status: string; reference: string | null; createdAt: string }[];
  events: { id: number; entity: string; event: string; from: string | null; to: string; actor: string; actorName: string | null; note: string | null; createdAt: string }[];
};

/** One order as staff see it, by id; null when there is none. */
export async function adminOrderDetail(id: number): Promise<AdminOrderDetail | null> {
  const { db } = await getDb();
  const o = await db.selectFrom("orders as o").leftJoin("users as u", "u.id", "o.user_id").selectAll("o").select(["u.name as user_name", "u.email as user_email"]).where("o.id", "=", id).executeTakeFirst();
  if (!o) return null;
  const [lines, payments, events, invoice] = await Promise.all([
    db
      .selectFrom("order_lines")
      .select(["id", "product_name", "product_slug", "variation", "variant_id", "quantity", "unit_price", "total", "hsn_code", "gst_rate", "delivery_status", "refund_status", "refund_reason"])
      .where("order_id", "=", id)
      .orderBy("id")
      .execute(),
    db.selectFrom("payments").select(["id", "provider", "amount", "refunded_amount", "status", "reference", "created_at"]).where("order_id", "=", id).orderBy("id").execute(),
    db
      .selectFrom("order_events as e")
      .leftJoin("users as u", "u.id", "e.actor_id")
      .select(["e.id", "e.entity", "e.event", "e.from_state", "e.to_state", "e.actor", "u.name as actor_name", "e.note", "e.created_at"])
      .where("e.order_id", "=", id)
      .orderBy("e.id")
      .execute(),
    db.selectFrom("invoices").select("number").where("order_id", "=", id).executeTakeFirst(),
  ]);
  const billed = o.billing_name !== null && o.billing_address !== null;
  return {
    id: o.id,
    code: o.code,
    date: o.created_at,
    customer: { id: o.user_id, name: o.user_name ?? o.shipping_name, email: o.user_email ?? null },
    shipping: { name: o.shipping_name, email: o.shipping_email, phone: o.shipping_phone, address: o.shipping_address, city: o.shipping_city, state: o.shipping_state, postalCode: o.shipping_postal_code, country: o.shipping_country, method: o.shipping_type },
    billing: billed ? { name: o.billing_name as string, address: o.billing_address as string, city: o.billing_city, state: o.billing_state, postalCode: o.billing_postal_code, phone: o.billing_phone } : null,
    buyerGstin: o.buyer_gstin,
    deliveryStatus: o.delivery_status,
    paymentStatus: o.payment_status,
    paymentType: o.payment_type,
    paymentProvider: o.payment_provider,
    cancelReason: o.cancel_reason,
    couponCode: o.coupon_code,
    estimatedDelivery: o.estimated_delivery,
    invoiceNumber: invoice?.number ?? null,
    subtotal: Number(o.subtotal),
    shippingCost: Number(o.shipping_cost),
    tax: Number(o.tax),
    couponDiscount: Number(o.coupon_discount),
    grandTotal: Number(o.grand_total),
    lines: lines.map((l) => ({
      id: l.id,
      productName: l.product_name,
      productSlug: l.product_slug,
      variation: l.variant_id === null ? null : l.variation,
      quantity: Number(l.quantity),
      unitPrice: Number(l.unit_price),
      total: Number(l.total),
      hsnCode: l.hsn_code,
      gstRate: l.gst_rate === null ? null : Number(l.gst_rate),
      deliveryStatus: l.delivery_status,
      refundStatus: l.refund_status,
      refundReason: l.refund_reason,
    })),
    payments: payments.map((p) => ({ id: p.id, provider: p.provider, amount: Number(p.amount), refunded: Number(p.refunded_amount), status: p.status, reference: p.reference, createdAt: p.created_at })),
    events: events.map((e) => ({ id: e.id, entity: e.entity, event: e.event, from: e.from_state, to: e.to_state, actor: e.actor, actorName: e.actor_name, note: e.note, createdAt: e.created_at })),
  };
}

/** The start of today in India (IST), as an instant. */
export function startOfIndianDay(now: Date): Date {
  const ist = new Date(now.getTime() + 330 * 60_000);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - 330 * 60_000);
}

export type OrderSummary = { today: number; todayTotal: number; awaitingDispatch: number; refundsDue: number; refundClaims: number };

/**
 * The dashboard's order figures: orders placed today (India's day) and their value, orders to
 * dispatch (Confirmed, or Pending and payable: Cash on Delivery or paid), payments whose money is
 * due back, and customers' refund claims waiting for a decision.
 */
export async function adminOrderSummary(now = new Date()): Promise<OrderSummary> {
  const { db } = await getDb();
  const since = startOfIndianDay(now).toISOString();
  const [today, dispatch, due, claims] = await Promise.all([
    db
      .selectFrom("orders")
      .select([sql<number>`count(*)`.as("n"), sql<number>`coalesce(sum(grand_total), 0)`.as("total")])
      .where("created_at", ">=", since)
      .where("delivery_status", "!=", DELIVERY.cancelled)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select(sql<number>`count(*)`.as("n"))
      .where((eb) =>
        eb.or([
          eb("delivery_status", "=", DELIVERY.confirmed),
          eb.and([eb("delivery_status", "=", DELIVERY.pending), eb.or([eb("payment_type", "=", PAYMENT_TYPE.cod), eb("payment_status", "=", PAYMENT.paid)])]),
        ]),
      )
      .executeTakeFirstOrThrow(),
    db.selectFrom("payments").select(sql<number>`count(*)`.as("n")).where("status", "=", PAYMENT_ROW.refundDue).executeTakeFirstOrThrow(),
    db.selectFrom("order_lines").select(sql<number>`count(*)`.as("n")).where("refund_status", "=", REFUND.requested).executeTakeFirstOrThrow(),
  ]);
  return { today: Number(today.n), todayTotal: Number(today.total), awaitingDispatch: Number(dispatch.n), refundsDue: Number(due.n), refundClaims: Number(claims.n) };
}

export type OrderMatch = { id: number; code: string; customerName: string; grandTotal: number; deliveryStatus: DeliveryStatus };

/** The search box's orders: by code (or its beginning), email, phone, name or AWB, newest first. */
export async function findOrders(term: string, limit = 6): Promise<OrderMatch[]> {
  const { db, dialect } = await getDb();
  const rows = await db
    .selectFrom("orders as o")
    .select(["o.id", "o.code", "o.shipping_name", "o.grand_total", "o.delivery_status"])
    .where(searchFilter(term, dialect))
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((o) => ({ id: o.id, code: o.code, customerName: o.shipping_name, grandTotal: Number(o.grand_total), deliveryStatus: o.delivery_status }));
}
