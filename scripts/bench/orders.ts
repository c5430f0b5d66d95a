/**
 * Placing an order (POST /checkout/place, Cash on Delivery, 3 lines) at 10 connections against GET
 * /ping at 10 connections, both from the same in-process client (no target): BENCH_ORDER_CARTS
 * customers, each with a full cart, are written to the database beforehand (cloned from one
 * customer signed up through the API), and every order uses the next one.
 */
import { randomInt } from "node:crypto";
import { hashSessionToken } from "../../lib/accounts/server/auth/hashed-sessions";
import { openDatabase, type DbHandle } from "../../lib/platform/db/connection";
import { BENCH_DB } from "./catalog";
import { randomLettersAndDigits } from "./carts";
import { fetchLoad, merge, roundRatios, type FetchRequest, type Report, type Run } from "./load";
import { BASE, ROUND_SECONDS } from "./settings";

/** Customers with a full cart prepared for the place-order runs (each order uses one). */
const ORDER_CARTS = Number(process.env.BENCH_ORDER_CARTS ?? 4000);
const ORDER_CONNECTIONS = 10;
const ORDER_LINES = 3;
const BENCH_EMAIL = "bench-order-";

/**
 * In the bench database: up to 30 products the orders are made of, spread over the catalog, in
 * stock and at most ₹10,000 each (so 3 lines stay under the Cash on Delivery limit of ₹50,000),
 * stocked deep; and no customers (nor their orders) of earlier runs.
 */
export async function prepareOrderData(handle: DbHandle): Promise<number[]> {
  const { db } = handle;
  const orderable = await db.selectFrom("products").select("id").where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "in_stock").where("stock_quantity", ">=", 100).where("price", "<=", 1_000_000).orderBy("id").execute();
  const productIds = orderable
    .filter((_, i) => i % Math.max(1, Math.floor(orderable.length / 30)) === 0)
    .slice(0, 30)
    .map((r) => r.id);
  const users = db.selectFrom("users").select("id").where("email", "like", `${BENCH_EMAIL}%`);
  const orders = db.selectFrom("orders").select("id").where("user_id", "in", users);
  await db.deleteFrom("order_events").where("order_id", "in", orders).execute();
  await db.deleteFrom("refunds").where("order_id", "in", orders).execute();
  await db.deleteFrom("payments").where("order_id", "in", orders).execute();
  await db.deleteFrom("order_lines").where("order_id", "in", orders).execute();
  await db.deleteFrom("orders").where("user_id", "in", users).execute();
  await db.deleteFrom("cart_lines").where("cart_id", "in", db.selectFrom("carts").select("id").where("user_id", "in", users)).execute();
  for (const table of ["carts", "addresses", "sessions", "accounts"] as const) await db.deleteFrom(table).where("user_id", "in", users).execute();
  await db.deleteFrom("users").where("email", "like", `${BENCH_EMAIL}%`).execute();
  await db.updateTable("products").set({ stock_quantity: 1_000_000, availability: "in_stock" }).where("id", "in", productIds).execute();
  return productIds;
}

/** A row without its id, to insert as a new row. */
function withoutId<T extends { id: unknown }>(row: T): Omit<T, "id"> {
  const copy: Partial<T> = { ...row };
  delete copy.id;
  return copy as Omit<T, "id">;
}

type Customer = { token: string; addressId: number };

/**
 * `count` customers, each signed in (a session row and its bearer token), with a Pune address
 * and a cart of ORDER_LINES products: rows cloned from one customer made through the API (sign-up,
 * sign-in, address), so they are what better-auth and the address form write.
 */
async function prepareOrderCustomers(handle: DbHandle, templateEmail: string, count: number, productIds: number[]): Promise<Customer[]> {
  const { db } = handle;
  const user = await db.selectFrom("users").selectAll().where("email", "=", templateEmail).executeTakeFirstOrThrow();
  const session = await db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  const address = await db.selectFrom("addresses").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const out: Customer[] = [];
    for (let i = 0; i < count; i++) {
      const made = await trx.insertInto("users").values({ ...withoutId(user), email: `${BENCH_EMAIL}${i}-${user.id}@example.com`, name: `Bench Customer ${i}` }).returning("id").executeTakeFirstOrThrow();
      const token = randomLettersAndDigits(32);
      await trx.insertInto("sessions").values({ ...withoutId(session), user_id: made.id, token: hashSessionToken(token) }).execute();
      const a = await trx.insertInto("addresses").values({ ...withoutId(address), user_id: made.id }).returning("id").executeTakeFirstOrThrow();
      const cart = await trx.insertInto("carts").values({ user_id: made.id, guest_id: null, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      const picked = new Set<number>();
      while (picked.size < ORDER_LINES) picked.add(productIds[randomInt(productIds.length)] as number);
      await trx
        .insertInto("cart_lines")
        .values([...picked].map((product_id) => ({ cart_id: cart.id, product_id, variant: "", quantity: 1, unit_price: null, created_at: now, updated_at: now })))
        .execute();
      out.push({ token, addressId: a.id });
    }
    return out;
  });
}

/** One customer through the API (sign-up, confirmed, sign-in, address), cloned ORDER_CARTS times. */
async function signUpCustomers(systemKey: Record<string, string>, productIds: number[]): Promise<Customer[]> {
  const email = `${BENCH_EMAIL}template-${Date.now()}@example.com`;
  const password = `Bench-${randomInt(1e9)}-pw!`;
  const json = { ...systemKey, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
  const signup = await fetch(`${BASE}/api/v2/auth/signup`, { method: "POST", headers: json, body: JSON.stringify({ name: "Bench Customer", email_or_phone: email, password, password_confirmation: password, register_by: "email" }) });
  if (signup.status !== 200) throw new Error(`bench sign-up answered ${signup.status}: ${await signup.text()}`);
  const db = await openDatabase({ dialect: "sqlite", file: BENCH_DB });
  try {
    await db.db.updateTable("users").set({ email_verified: 1 }).where("email", "=", email).execute();
    const login = await fetch(`${BASE}/api/v2/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ login_by: "email", email, password }) });
    const token = ((await login.json()) as { access_token?: string }).access_token;
    if (!token) throw new Error(`bench sign-in answered ${login.status}`);
    const place = await db.db.selectFrom("cities as c").innerJoin("states as s", "s.id", "c.state_id").select(["c.id as city", "s.id as state", "s.country_id as country"]).where("c.name", "=", "Pune").where("s.name", "=", "Maharashtra").executeTakeFirstOrThrow();
    const address = await fetch(`${BASE}/api/v2/user/shipping/create`, { method: "POST", headers: { ...json, Authorization: `Bearer ${token}` }, body: JSON.stringify({ address: "14 Koregaon Park Lane", country: place.country, state: place.state, city: place.city, postal_code: "411001", phone: "9876543210" }) });
    if (address.status !== 201) throw new Error(`bench address answered ${address.status}: ${await address.text()}`);
    return await prepareOrderCustomers(db, email, ORDER_CARTS, productIds);
  } finally {
    await db.close();
  }
}

/** `productIds` from prepareOrderData. */
export function ordersBench(productIds: number[], systemKey: Record<string, string>) {
  let customers: Customer[] = [];
  let nextOrder = 0;
  const placeRequest = (): FetchRequest | null => {
    const c = customers[nextOrder++];
    if (!c) return null;
    return {
      path: "/api/v2/checkout/place",
      init: {
        method: "POST",
        headers: { ...systemKey, Authorization: `Bearer ${c.token}`, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", "Idempotency-Key": `bench-${nextOrder}-${randomInt(1e9)}` },
        body: JSON.stringify({ address_id: c.addressId, shipping_method: "standard", payment_method: "cod" }),
      },
    };
  };
  const pingRequest = () => ({ path: "/api/v2/ping", init: { headers: systemKey } });
  const runs = { ping10: [] as Run[], place: [] as Run[] };
  return {
    async warmUp() {
      customers = await signUpCustomers(systemKey, productIds);
      // Warm-up of the place route (a few orders) and of the fetch-loop client.
      await fetchLoad(BASE, ORDER_CONNECTIONS, 1, (i) => (i < 20 ? placeRequest() : null), 201);
      await fetchLoad(BASE, ORDER_CONNECTIONS, 1, pingRequest);
    },
    async round() {
      runs.ping10.push(await fetchLoad(BASE, ORDER_CONNECTIONS, ROUND_SECONDS, pingRequest));
      runs.place.push(await fetchLoad(BASE, ORDER_CONNECTIONS, ROUND_SECONDS, placeRequest, 201));
    },
    report(): Report {
      const ping10Run = merge(runs.ping10);
      const placeRun = merge(runs.place);
      const placeRatio = roundRatios(runs.place, runs.ping10);
      return {
        rows: [
          [`GET /api/v2/ping, ${ORDER_CONNECTIONS} conn (fetch)`, ping10Run],
          [`POST checkout/place, ${ORDER_CONNECTIONS} conn (fetch)`, placeRun],
        ],
        lines: [
          `checkout/place / ping at ${ORDER_CONNECTIONS} connections: ${placeRatio.ratio.toFixed(3)} (${placeRatio.rounds.map((x) => x.toFixed(3)).join(", ")}), ${placeRun.rps.toFixed(0)} orders/s, p95 ${placeRun.p95.toFixed(1)} ms, ${placeRun.requests} orders of ${ORDER_LINES} lines (COD), ${placeRun.errors} errors`,
        ],
        ok: true,
        json: { placeOrder: { connections: ORDER_CONNECTIONS, lines: ORDER_LINES, preparedCarts: customers.length, ping: ping10Run, place: placeRun, ratio: placeRatio } },
      };
    },
  };
}
