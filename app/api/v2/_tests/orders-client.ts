import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import { addOk, cartApi, customer, makeProduct, type TestProduct } from "./cart-client";
import { api, post, testDb, type ApiAnswer, type ApiInit, type Json, type TestUser } from "./client";

/**
 * Orders for the API tests, made the way a shopper and the shop make them: the cart filled through
 * the API, POST /checkout/place (so every total is one checkout can produce: tax-inclusive prices,
 * the real shipping fee, the coupon's share per line), then moved on only through the store's own
 * calls — the sandbox payment with its signed callback, the admin's status moves, the customer's
 * cancel. Nothing here writes an order row.
 */

const place = { india: 0, maharashtra: 0, pune: 0 };
async function places() {
  if (place.pune) return place;
  place.india = ((await api("/countries")).json.data as Json[]).find((c) => c.name === "India").id;
  place.maharashtra = ((await api(`/states-by-country/${place.india}`)).json.data as Json[]).find((s) => s.name === "Maharashtra").id;
  place.pune = ((await api(`/cities-by-state/${place.maharashtra}`)).json.data as Json[]).find((c) => c.name === "Pune").id;
  return place;
}

const addressIds = new Map<number, number>();
/** The customer's first delivery address, or one made in Pune (PIN 411001, a served zone). */
export async function addressOf(u: TestUser): Promise<number> {
  const known = addressIds.get(u.id);
  if (known) return known;
  const { db } = await testDb();
  const existing = await db.selectFrom("addresses").select("id").where("user_id", "=", u.id).orderBy("id").executeTakeFirst();
  if (existing) {
    addressIds.set(u.id, existing.id);
    return existing.id;
  }
  const p = await places();
  const res = await post("/user/shipping/create", { address: "14 Koregaon Park Lane, near the garden", country: p.india, state: p.maharashtra, city: p.pune, postal_code: "411001", phone: "9876543210" }, { token: u.token, ip: u.ip });
  if (res.status !== 201) throw new Error(`address answered ${res.status}: ${res.text}`);
  const id = Number(res.json.data.id);
  addressIds.set(u.id, id);
  return id;
}

/** A call of the admin API as the tests' owner, with their personal API token (Authorization: Bearer). */
export const admin = (path: string, body?: unknown, init: ApiInit = {}) =>
  api(`/admin${path}`, { method: body === undefined ? "GET" : "POST", body: body === undefined ? undefined : JSON.stringify(body), token: inject("adminToken"), ...init });

/** A fresh Idempotency-Key. */
export const newKey = () => randomBytes(18).toString("base64url");

/** What the shop does next with an order, each through its own call. */
export type OrderStep = "pay" | "confirm" | "ship" | "deliver" | "cancel" | "staff_cancel";

export type PlaceSpec = {
  lines?: { product: { id: number }; quantity?: number }[];
  payment?: "cod" | "online";
  shipping?: "standard" | "express";
  coupon?: string;
  then?: OrderStep[];
};

export type PlacedOrder = { id: number; code: string; /** Paise. */ grandTotal: number; lineIds: number[] };

let product: Promise<TestProduct> | undefined;
/** The product orders hold unless told otherwise: ₹2,500, stock to spare. */
export const orderProduct = () => (product ??= makeProduct({ price: 250000, stock: 100_000 }));

/** The sandbox pays the order: start, the sandbox bank's success, the browser's signed callback. */
export async function payOnline(u: TestUser, order: { id: number; code: string }): Promise<ApiAnswer> {
  const start = await post("/payments/start", { order_id: order.id }, { token: u.token, ip: u.ip });
  expect(start.status, start.text).toBe(200);
  const bank = await post("/payments/sandbox/pay", { provider_order_id: start.json.provider_order_id, outcome: "success" });
  expect(bank.status, bank.text).toBe(200);
  const landing = await api(`/payments/callback?order=${encodeURIComponent(order.code)}`, {
    method: "POST",
    body: new URLSearchParams(bank.json.fields).toString(),
    key: null,
    requestedWith: false,
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(landing.headers.get("location")).toBe(`/payment-response?response=1&order=${order.code}`);
  return landing;
}

const TARGET: Record<Exclude<OrderStep, "pay" | "cancel">, string> = { confirm: "Confirmed", ship: "Shipped", deliver: "Delivered", staff_cancel: "Cancelled" };

/** Takes one step with an order (200 expected). */
export async function step(u: TestUser, order: { id: number; code: string }, what: OrderStep): Promise<void> {
  if (what === "pay") {
    await payOnline(u, order);
    return;
  }
  const res = what === "cancel" ? await api(`/order/cancel/${order.id}`, { token: u.token, ip: u.ip, method: "POST" }) : await admin(`/orders/${order.id}/status`, { delivery_status: TARGET[what] });
  expect(res.status, `${what} of ${order.code}: ${res.text}`).toBe(200);
}

/**
 * An order of the customer placed through checkout (one ₹2,500 line, Cash on Delivery, standard
 * shipping unless told otherwise), then taken through `then`.
 */
export async function placedOrder(u: TestUser, spec: PlaceSpec = {}): Promise<PlacedOrder> {
  const lines = spec.lines ?? [{ product: await orderProduct() }];
  for (const l of lines) await addOk(customer(u), l.product.id, l.quantity ?? 1);
  if (spec.coupon) {
    const applied = await cartApi(customer(u)).coupon(spec.coupon);
    expect(applied.status, applied.text).toBe(200);
  }
  const res = await post(
    "/checkout/place",
    { address_id: await addressOf(u), shipping_method: spec.shipping ?? "standard", payment_method: spec.payment ?? "cod" },
    { token: u.token, ip: u.ip, headers: { "Idempotency-Key": newKey() } },
  );
  if (res.status !== 201) throw new Error(`placing answered ${res.status}: ${res.text}`);
  const order = { id: Number(res.json.order.id), code: String(res.json.order.code) };
  for (const what of spec.then ?? []) await step(u, order, what);
  const { db } = await testDb();
  const lineIds = (await db.selectFrom("order_lines").select("id").where("order_id", "=", order.id).orderBy("id").execute()).map((l) => l.id);
  return { ...order, grandTotal: Math.round(Number(res.json.order.grand_total) * 100), lineIds };
}

/** Moves the moment of delivery back, as if `days` had passed since (refund windows). */
export async function deliveredDaysAgo(orderId: number, days: number): Promise<void> {
  const { db } = await testDb();
  await db.updateTable("orders").set({ delivered_at: new Date(Date.now() - days * 86_400_000).toISOString() }).where("id", "=", orderId).execute();
}

/** The order's events, oldest first. */
export async function eventsOf(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("order_events").select(["entity", "entity_id", "actor", "actor_id", "event", "from_state", "to_state", "note"]).where("order_id", "=", orderId).orderBy("id").execute();
}
