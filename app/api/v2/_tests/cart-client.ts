import { randomInt } from "node:crypto";
import { expect } from "vitest";
import type { Availability } from "@/lib/platform/db/schema";
import { api, post, runTag, testDb, type ApiAnswer, type ApiInit, type Json, type TestUser } from "./client";

/**
 * Helpers of the cart's API tests (cart.api.test.ts, coupons.api.test.ts): callers (a customer's
 * token or cookie, a guest's cookie), the cart calls, the rows behind a cart, and products made
 * for one test so no test depends on, or changes, the seeded catalog other files read.
 */

export const NO_CART_SESSION = "You need to be logged in or have a guest session to add items to the cart.";
export const QUANTITY_MESSAGE = "Quantity must be a whole number from 1 to 100.";
export const NOT_YOUR_CART = { result: false, message: "You can only use your own cart." };
export const LINE_NOT_FOUND = { result: false, message: "Cart item not found." };

/* ---------------------------------------------------------------------------------------------
 * Callers
 * ------------------------------------------------------------------------------------------- */

export type Owner = { userId: number } | { guestId: string };
export type Caller = { label: string; init: ApiInit; owner: Owner };

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A fresh guest id of the spec's form: guest_ and 9 letters or digits. */
export const newGuestId = () => `guest_${Array.from({ length: 9 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("")}`;

/** A guest: a browser with a guest_id cookie and nothing else. */
export function guest(label = "guest", ip?: string): Caller {
  const guestId = newGuestId();
  return { label, init: { cookie: `guest_id=${guestId}`, ip }, owner: { guestId } };
}

/** A customer speaking with the access token (default) or with the session cookie. */
export function customer(user: TestUser, via: "token" | "cookie" = "token", label = `customer ${user.id} (${via})`): Caller {
  return { label, init: via === "token" ? { token: user.token, ip: user.ip } : { cookie: user.cookie, ip: user.ip }, owner: { userId: user.id } };
}

/** Every cart call of the API, for one caller; `init` adds to or overrides the caller's. */
export const cartApi = (c: Caller, init: ApiInit = {}) => {
  const i = { ...c.init, ...init };
  return {
    count: () => post("/cart-count", {}, i),
    countGet: () => api("/cart-count", i),
    cart: () => post("/carts", {}, i),
    cartGet: () => api("/carts", i),
    summary: () => post("/cart-summary", {}, i),
    summaryGet: () => api("/cart-summary", i),
    add: (id: number, quantity?: number, extra: Record<string, unknown> = {}) => post("/carts/add", { id, variant: "", ...(quantity === undefined ? {} : { quantity }), ...extra }, i),
    change: (id: number, quantity: unknown, extra: Record<string, unknown> = {}) => post("/carts/change-quantity", { id, quantity, ...extra }, i),
    remove: (id: number | string) => api(`/carts/${id}`, { method: "DELETE", ...i }),
    coupon: (code: unknown) => post("/carts/coupon", { code }, i),
    dropCoupon: () => api("/carts/coupon", { method: "DELETE", ...i }),
    shipping: (method: unknown) => post("/carts/shipping", { method }, i),
  };
};

/** Adds and expects 200. */
export async function addOk(c: Caller, productId: number, quantity = 1): Promise<ApiAnswer> {
  const res = await cartApi(c).add(productId, quantity);
  expect(res.status, `${c.label} adds ${quantity} of ${productId}: ${res.text}`).toBe(200);
  return res;
}

/** POST /carts (200 expected): the answer's JSON. */
export async function readCartOf(c: Caller): Promise<Json> {
  const res = await cartApi(c).cart();
  expect(res.status, res.text).toBe(200);
  return res.json;
}

export const itemsOf = (cart: Json): Json[] => cart.data[0].cart_items;

/** POST /cart-summary (200 expected): its summary. */
export async function summaryOf(c: Caller): Promise<Json> {
  const res = await cartApi(c).summary();
  expect(res.status, res.text).toBe(200);
  return res.json.summary;
}

/* ---------------------------------------------------------------------------------------------
 * Rows
 * ------------------------------------------------------------------------------------------- */

export type LineRow = { id: number; product_id: number; variant: string; quantity: number; unit_price: number | null };

/** The owner's carts row (undefined when none). */
export async function cartRowOf(owner: Owner) {
  const { db } = await testDb();
  const q = db.selectFrom("carts").select(["id", "user_id", "guest_id", "coupon_code", "shipping_method"]);
  return ("userId" in owner ? q.where("user_id", "=", owner.userId) : q.where("guest_id", "=", owner.guestId)).executeTakeFirst();
}

/** The owner's cart lines, oldest first. */
export async function linesOf(owner: Owner): Promise<LineRow[]> {
  const { db } = await testDb();
  const q = db
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .select(["l.id", "l.product_id", "l.variant", "l.quantity", "l.unit_price"])
    .orderBy("l.id");
  return ("userId" in owner ? q.where("c.user_id", "=", owner.userId) : q.where("c.guest_id", "=", owner.guestId)).execute();
}

/** Everything a cart call may change: the carts row and its lines. */
export async function snapshot(owner: Owner) {
  return { cart: (await cartRowOf(owner)) ?? null, lines: await linesOf(owner) };
}

/** Carts rows of an owner (there is never more than one). */
export async function cartRowCount(owner: Owner): Promise<number> {
  const { db } = await testDb();
  const q = db.selectFrom("carts").select((eb) => eb.fn.countAll<number>().as("n"));
  const row = await ("userId" in owner ? q.where("user_id", "=", owner.userId) : q.where("guest_id", "=", owner.guestId)).executeTakeFirstOrThrow();
  return Number(row.n);
}

/* ---------------------------------------------------------------------------------------------
 * Products of one test
 * ------------------------------------------------------------------------------------------- */

export type TestProduct = { id: number; name: string; slug: string; price: number };

let productCount = 0;
let categoryId: number | undefined;
const slugPrefix = `cart-test-${runTag}-`;

/**
 * A published product made for one test (unique name and slug), so stock and price changes
 * never reach the seeded catalog that other files read. Price in paise. Curtains (HSN 6303) by
 * default.
 */
export async function makeProduct(
  values: { price?: number; listPrice?: number; stock?: number; availability?: Availability; published?: number; hsn?: string | null; name?: string } = {},
): Promise<TestProduct> {
  const { db } = await testDb();
  categoryId ??= (await db.selectFrom("categories").select("id").where("slug", "=", "curtains").executeTakeFirstOrThrow()).id;
  const n = ++productCount;
  const price = values.price ?? 150000;
  const name = values.name ?? `Cart Test Curtain ${runTag} ${n}`;
  const slug = `${slugPrefix}${n}`;
  const now = new Date().toISOString();
  const row = await db
    .insertInto("products")
    .values({
      category_id: categoryId,
      name,
      slug,
      sku: `CT-${runTag}-${n}`.toUpperCase(),
      list_price: values.listPrice ?? price,
      price,
      stock_quantity: values.stock ?? 20,
      made_to_order: values.availability === "made_to_order" ? 1 : 0,
      availability: values.availability ?? "in_stock",
      is_featured: 0,
      is_popular: 0,
      published: values.published ?? 1,
      thumbnail_image: null,
      hsn_code: values.hsn === undefined ? "6303" : values.hsn,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Its stock enters the ledger as the seed's products do (one 'initial' movement).
  const stock = values.stock ?? 20;
  if (stock !== 0) await db.insertInto("stock_movements").values({ product_id: row.id, delta: stock, reason: "initial", actor: "system", actor_id: null, order_id: null, order_line_id: null, note: "test product", created_at: now }).execute();
  return { id: row.id, name, slug, price };
}

/**
 * Changes a test product's row directly, as the merchant's back office would; a new stock is
 * written with its 'adjustment' movement, so the product's ledger still sums to its stock.
 */
export async function setProduct(id: number, values: { price?: number; stock_quantity?: number; availability?: Availability; published?: number }) {
  const { db } = await testDb();
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow();
    await trx.updateTable("products").set(values).where("id", "=", id).execute();
    const delta = values.stock_quantity === undefined ? 0 : values.stock_quantity - before.stock_quantity;
    if (delta !== 0) await trx.insertInto("stock_movements").values({ product_id: id, delta, reason: "adjustment", actor: "staff", actor_id: null, order_id: null, order_line_id: null, note: "test", created_at: new Date().toISOString() }).execute();
  });
}

/** The stock a product's ledger sums to. */
export async function ledgerOf(productId: number): Promise<number> {
  const { db } = await testDb();
  const row = await db.selectFrom("stock_movements").select((eb) => eb.fn.sum<number>("delta").as("n")).where("product_id", "=", productId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes the products this file made (their cart lines go with them). */
export async function dropTestProducts() {
  const { db } = await testDb();
  await db.deleteFrom("products").where("slug", "like", `${slugPrefix}%`).execute();
}

/** Paise → the API's rupees. */
export const rupees = (paise: number) => paise / 100;

/** GST contained in a tax-inclusive amount (paise), rounded half up: amount × rate / (100 + rate). */
export const gstIn = (paise: number, rate: number) => Math.floor((paise * rate) / (100 + rate) + 0.5);
