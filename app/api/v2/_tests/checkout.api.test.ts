import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDeliveryDate } from "@/lib/cart/delivery";
import { addOk, cartApi, customer, dropTestProducts, gstIn, linesOf, cartRowOf, makeProduct, rupees, setProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, post, runTag, testDb, type ApiInit, type Json, type TestUser } from "./client";
import { placedOrder } from "./orders-client";

/**
 * Checkout: GET /checkout/summary and POST /checkout/place (docs/api-v2.md, "Checkout"). Every test
 * checks the rows a placement writes or must not write: the order, its lines, the payment, the
 * cart and the stock.
 */

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Client addresses 10.111.x.y: this file's own block, so rate limits never cross files. */
const nextIp = clientAddresses(111);

const NO_PO_BOX = "We deliver to street addresses in India only, not to P.O. boxes or APO/FPO addresses.";
const NOT_SERVED = "We do not deliver to this PIN code yet";
const NO_HEADER = { result: false, message: "This request must be sent by the store's pages (X-Requested-With header missing)." };
const ORDER_CODE = /^KH\d{6}-[0-9A-HJKMNP-TV-Z]{5}$/;

const place = { india: 0, maharashtra: 0, pune: 0 };
beforeAll(async () => {
  const countries = await api("/countries");
  place.india = (countries.json.data as Json[]).find((c) => c.name === "India").id;
  place.maharashtra = ((await api(`/states-by-country/${place.india}`)).json.data as Json[]).find((s) => s.name === "Maharashtra").id;
  place.pune = ((await api(`/cities-by-state/${place.maharashtra}`)).json.data as Json[]).find((c) => c.name === "Pune").id;
});

type Shopper = TestUser & { addressId: number };

/** A new customer with one delivery address in Pune (PIN 411001, a served zone). */
async function shopper(): Promise<Shopper> {
  const u = await newUser(nextIp());
  const res = await post(
    "/user/shipping/create",
    { address: "14 Koregaon Park Lane, near the garden", country: place.india, state: place.maharashtra, city: place.pune, postal_code: "411001", phone: "9876543210" },
    { token: u.token, ip: u.ip },
  );
  expect(res.status, res.text).toBe(201);
  return { ...u, addressId: Number(res.json.data.id) };
}

/** An address row written directly (the address form refuses these PINs, older rows may hold them). */
async function rawAddress(u: Shopper, postalCode: string, text = "7 Station Road"): Promise<number> {
  const { db } = await testDb();
  const now = new Date().toISOString();
  const row = await db
    .insertInto("addresses")
    .values({ user_id: u.id, address: text, country_id: place.india, state_id: place.maharashtra, city_id: place.pune, postal_code: postalCode, phone: "9876543210", is_default: 0, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const newKey = () => randomBytes(18).toString("base64url");

type PlaceBody = Record<string, unknown>;
const codBody = (u: Shopper, extra: PlaceBody = {}): PlaceBody => ({ address_id: u.addressId, shipping_method: "standard", payment_method: "cod", ...extra });

/** POST /checkout/place with the customer's token (or `init`) and an Idempotency-Key (none when null). */
function placeOrder(u: Shopper, body: PlaceBody | string, key: string | null = newKey(), init: ApiInit = {}) {
  const headers: Record<string, string> = key === null ? {} : { "Idempotency-Key": key };
  return post("/checkout/place", body, { token: u.token, ip: u.ip, headers, ...init });
}

const summaryOf = (u: Shopper, query: string, init: ApiInit = {}) => api(`/checkout/summary?${query}`, { token: u.token, ip: u.ip, ...init });

async function stockOf(productId: number) {
  const { db } = await testDb();
  return db.selectFrom("products").select(["stock_quantity", "availability"]).where("id", "=", productId).executeTakeFirstOrThrow();
}

async function ordersOf(userId: number) {
  const { db } = await testDb();
  return db.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

async function linesOfOrder(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

async function paymentsOf(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("payments").selectAll().where("order_id", "=", orderId).execute();
}

/** Orders of any customer that hold a line of the product. */
async function ordersWithProduct(productId: number): Promise<number> {
  const { db } = await testDb();
  const row = await db.selectFrom("order_lines").select((eb) => eb.fn.count<number>("order_id").distinct().as("n")).where("product_id", "=", productId).executeTakeFirstOrThrow();
  return Number(row.n);
}

let couponCount = 0;
async function makeCoupon(values: { value?: number; per_customer_limit?: number | null; usage_limit?: number | null } = {}): Promise<string> {
  const { db } = await testDb();
  const code = `PLC${runTag}${++couponCount}`.toUpperCase();
  await db
    .insertInto("coupons")
    .values({
      title: `Checkout test ${couponCount}`,
      code,
      kind: "flat",
      value: values.value ?? 10000,
      min_order: 0,
      max_discount: null,
      first_order_only: 0,
      active: 1,
      starts_at: null,
      ends_at: null,
      usage_limit: values.usage_limit ?? null,
      per_customer_limit: values.per_customer_limit ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return code;
}

/** The whole state a refused placement must leave as it was. */
async function stateOf(u: Shopper, products: TestProduct[]) {
  return {
    orders: (await ordersOf(u.id)).length,
    cart: await cartRowOf({ userId: u.id }),
    lines: await linesOf({ userId: u.id }),
    stock: await Promise.all(products.map((p) => stockOf(p.id))),
  };
}

describe("checkout summary", () => {
  it("shows the lines, totals for the chosen method, delivery dates, COD and online payment", async () => {
    const u = await shopper();
    const a = await makeProduct({ price: 150000, stock: 5 });
    const b = await makeProduct({ price: 300000, availability: "made_to_order", stock: 0, hsn: "9404" });
    await addOk(customer(u), a.id, 2);
    await addOk(customer(u), b.id, 1);
    const res = await summaryOf(u, `address_id=${u.addressId}&shipping_method=express`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.json).toMatchObject({
      result: true,
      subtotal: 6000,
      shipping_cost: 249,
      coupon_code: null,
      coupon_discount: 0,
      grand_total: 6249,
      deliverable: true,
      delivery_message: null,
      cod: { allowed: true, limit: 50000, message: null },
      online: { available: true, provider: "sandbox" },
      notices: [],
    });
    expect(res.json.lines).toEqual([
      { id: expect.any(Number), product_id: a.id, name: a.name, variation: "", slug: a.slug, image: null, quantity: 2, unit_price: 1500, line_total: 3000, availability: "in_stock" },
      { id: expect.any(Number), product_id: b.id, name: b.name, variation: "", slug: b.slug, image: null, quantity: 1, unit_price: 3000, line_total: 3000, availability: "made_to_order" },
    ]);
    const methods = res.json.shipping_methods as Json[];
    expect(methods.map((m) => [m.method, m.label, m.fee])).toEqual([
      ["standard", "Standard delivery", 99],
      ["express", "Express delivery", 249],
    ]);
    for (const m of methods) {
      expect(m.delivery.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(m.delivery.to >= m.delivery.from).toBe(true);
      // The latest date, as the product page's delivery check and the cart say it.
      expect(m.delivery.text).toBe(`Delivery by ${formatDeliveryDate(m.delivery.to)}`);
    }
    // A made-to-order piece takes its making time (20-25 business days) however it ships.
    expect(new Date(methods[1].delivery.from).getTime() - Date.now()).toBeGreaterThan(20 * 86_400_000);

    const standard = await summaryOf(u, `address_id=${u.addressId}`);
    expect(standard.json).toMatchObject({ shipping_cost: 99, grand_total: 6099 });
  });

  it("is not deliverable without an address, to a PIN no zone serves, or to an APO/FPO PIN; an empty cart says so", async () => {
    const u = await shopper();
    expect((await summaryOf(u, "")).json).toMatchObject({ result: true, deliverable: false, delivery_message: "Your cart is empty.", lines: [], grand_total: 0 });
    await addOk(customer(u), (await makeProduct()).id, 1);
    const none = await summaryOf(u, "shipping_method=standard");
    expect(none.json).toMatchObject({ deliverable: false, delivery_message: "Choose a delivery address." });
    expect(none.json.shipping_methods.map((m: Json) => m.delivery)).toEqual([null, null]);
    const unserved = await summaryOf(u, `address_id=${await rawAddress(u, "100001")}`);
    expect(unserved.json).toMatchObject({ deliverable: false, delivery_message: NOT_SERVED });
    const army = await summaryOf(u, `address_id=${await rawAddress(u, "908056")}`);
    expect(army.json).toMatchObject({ deliverable: false, delivery_message: NO_PO_BOX });
    const box = await summaryOf(u, `address_id=${await rawAddress(u, "411001", "P.O. Box 12, Pune GPO")}`);
    expect(box.json).toMatchObject({ deliverable: false, delivery_message: NO_PO_BOX });
  });

  it("answers 404 for another customer's address, 401 without a session, 422 for a bad query", async () => {
    const [u, other] = await Promise.all([shopper(), shopper()]);
    expect((await summaryOf(u, `address_id=${other.addressId}`)).json).toEqual({ result: false, message: "Address not found." });
    expect((await summaryOf(u, `address_id=${other.addressId}`)).status).toBe(404);
    const guest = await api(`/checkout/summary?address_id=${u.addressId}`, { ip: u.ip });
    expect(guest.status).toBe(401);
    expect(guest.json).toEqual({ result: false, message: "Please log in to continue." });
    for (const q of ["address_id=abc", "address_id=1.5", "address_id=-1", "address_id=99999999999", "shipping_method=rocket"]) {
      const res = await summaryOf(u, q);
      expect(res.status, q).toBe(422);
      expect(res.json.result, q).toBe(false);
    }
  });
});

describe("placing an order", () => {
  it("places a COD order: order, GST lines, payment row, address snapshot, stock taken, cart emptied, coupon stored as the code is spelled", async () => {
    const u = await shopper();
    const a = await makeProduct({ price: 150000, stock: 5 });
    const b = await makeProduct({ price: 300000, availability: "made_to_order", stock: 0, hsn: "9404" });
    const coupon = await makeCoupon({ value: 10000 });
    await addOk(customer(u), a.id, 2);
    await addOk(customer(u), b.id, 1);
    expect((await cartApi(customer(u)).coupon(coupon.toLowerCase())).status).toBe(200);
    const summary = (await summaryOf(u, `address_id=${u.addressId}&shipping_method=express`)).json;
    expect(summary).toMatchObject({ coupon_code: coupon, coupon_discount: 100, grand_total: 6149 });

    const key = newKey();
    const res = await placeOrder(u, codBody(u, { shipping_method: "express", gstin: "27aapfu0939f1zv" }), key);
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(res.json).toEqual({
      result: true,
      message: "Your order has been placed.",
      order: { id: expect.any(Number), code: expect.stringMatching(ORDER_CODE), grand_total: 6149, payment_type: "cash_on_delivery", payment_status: "Un-Paid", delivery_status: "Pending" },
      next: `/checkout/placed/${res.json.order.code}`,
    });

    const [order] = await ordersOf(u.id);
    expect(order).toMatchObject({
      id: res.json.order.id,
      code: res.json.order.code,
      idempotency_key: key,
      shipping_name: u.name,
      shipping_email: u.email,
      shipping_address: "14 Koregaon Park Lane, near the garden",
      shipping_city: "Pune",
      shipping_state: "Maharashtra",
      shipping_country: "India",
      shipping_postal_code: "411001",
      shipping_phone: "9876543210",
      shipping_type: "Express delivery",
      shipping_method: "express",
      payment_type: "cash_on_delivery",
      payment_provider: null,
      payment_due_at: null,
      coupon_code: coupon,
      subtotal: 600000,
      shipping_cost: 24900,
      coupon_discount: 10000,
      grand_total: 614900,
      tax: Math.round(summary.tax * 100),
      delivery_status: "Pending",
      payment_status: "Un-Paid",
      billing_address: null,
      buyer_gstin: "27AAPFU0939F1ZV",
    });
    expect(`Delivery ${order!.estimated_delivery}`).toBe(summary.shipping_methods[1].delivery.text);

    const lines = await linesOfOrder(order!.id);
    // The ₹100 off is shared by value (half each); a's pieces stay in the 5% band, b's in 18%.
    expect(lines).toEqual([
      expect.objectContaining({ product_id: a.id, product_name: a.name, product_slug: a.slug, hsn_code: "6303", quantity: 2, unit_price: 150000, total: 300000, discount: 5000, gst_rate: 5, tax_amount: gstIn(295000, 5), taxable_value: 295000 - gstIn(295000, 5), reserved_quantity: 2, delivery_status: "Pending" }),
      expect.objectContaining({ product_id: b.id, product_name: b.name, product_slug: b.slug, hsn_code: "9404", quantity: 1, unit_price: 300000, total: 300000, discount: 5000, gst_rate: 18, tax_amount: gstIn(295000, 18), taxable_value: 295000 - gstIn(295000, 18), reserved_quantity: 0, delivery_status: "Pending" }),
    ]);
    // Shipping is taxed at the principal line's rate (the first of the two equal lines).
    expect(order!.tax).toBe(gstIn(295000, 5) + gstIn(295000, 18) + gstIn(24900, 5));

    expect(await paymentsOf(order!.id)).toEqual([expect.objectContaining({ provider: "cod", status: "pending", amount: 614900, currency: "INR", provider_order_id: null })]);
    expect(await linesOf({ userId: u.id })).toEqual([]);
    expect((await cartRowOf({ userId: u.id }))?.coupon_code).toBeNull();
    expect((await cartApi(customer(u)).count()).json.count).toBe(0);
    expect(await stockOf(a.id)).toEqual({ stock_quantity: 3, availability: "in_stock" });
    expect(await stockOf(b.id)).toEqual({ stock_quantity: 0, availability: "made_to_order" });
  });

  it("places an online order: Pending / Un-Paid with a payment deadline, a created payment row for the provider, no provider order yet", async () => {
    const u = await shopper();
    const p = await makeProduct({ price: 3000000, stock: 4, hsn: "9404" });
    await addOk(customer(u), p.id, 2);
    const before = Date.now();
    const res = await placeOrder(u, codBody(u, { payment_method: "online" }));
    expect(res.status, res.text).toBe(201);
    expect(res.json.next).toBe(`/checkout/pay?order=${res.json.order.code}`);
    expect(res.json.order).toMatchObject({ payment_type: "online", payment_status: "Un-Paid", delivery_status: "Pending", grand_total: 60099 });
    const [order] = await ordersOf(u.id);
    expect(order).toMatchObject({ payment_provider: "sandbox", shipping_type: "Standard delivery" });
    const due = new Date(order!.payment_due_at as string).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
    expect(await paymentsOf(order!.id)).toEqual([expect.objectContaining({ provider: "sandbox", status: "created", amount: 6009900, currency: "INR", provider_order_id: null })]);
    expect((await stockOf(p.id)).stock_quantity).toBe(2);
  });

  it("refuses Cash on Delivery above the limit with 422 and writes nothing", async () => {
    const u = await shopper();
    const p = await makeProduct({ price: 3000000, stock: 4, hsn: "9404" });
    await addOk(customer(u), p.id, 2);
    const summary = (await summaryOf(u, `address_id=${u.addressId}`)).json;
    expect(summary.cod).toEqual({ allowed: false, limit: 50000, message: "Cash on Delivery is available on orders up to ₹50,000." });
    const before = await stateOf(u, [p]);
    const res = await placeOrder(u, codBody(u));
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ result: false, message: "Cash on Delivery is available on orders up to ₹50,000." });
    expect(await stateOf(u, [p])).toEqual(before);
  });

  it("refuses an empty cart (400), another customer's address or billing address (404), an unserved or APO/FPO PIN (422)", async () => {
    const [u, other] = await Promise.all([shopper(), shopper()]);
    const empty = await placeOrder(u, codBody(u));
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ result: false, message: "Your cart is empty." });
    const p = await makeProduct({ stock: 3 });
    await addOk(customer(u), p.id, 1);
    const before = await stateOf(u, [p]);
    for (const body of [codBody(u, { address_id: other.addressId }), codBody(u, { billing_address_id: other.addressId }), codBody(u, { address_id: 2_147_483_647 })]) {
      const res = await placeOrder(u, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.json).toEqual({ result: false, message: "Address not found." });
    }
    for (const [pin, message] of [["100001", NOT_SERVED], ["908056", NO_PO_BOX]] as const) {
      const res = await placeOrder(u, codBody(u, { address_id: await rawAddress(u, pin) }));
      expect(res.status, pin).toBe(422);
      expect(res.json).toEqual({ result: false, message });
    }
    expect(await stateOf(u, [p])).toEqual(before);
    expect(await ordersOf(other.id)).toEqual([]);
  });

  it("stores a different billing address as the billing snapshot", async () => {
    const u = await shopper();
    await addOk(customer(u), (await makeProduct({ stock: 3 })).id, 1);
    const billing = await rawAddress(u, "411002", "22 Baner Road");
    const res = await placeOrder(u, codBody(u, { billing_address_id: billing }));
    expect(res.status, res.text).toBe(201);
    expect((await ordersOf(u.id))[0]).toMatchObject({ billing_name: u.name, billing_address: "22 Baner Road", billing_city: "Pune", billing_state: "Maharashtra", billing_postal_code: "411002", shipping_postal_code: "411001" });
  });

  it("charges the database's price, not the one the shopper saw when adding", async () => {
    const u = await shopper();
    const p = await makeProduct({ price: 150000, stock: 5 });
    await addOk(customer(u), p.id, 2);
    await setProduct(p.id, { price: 120000 });
    const res = await placeOrder(u, codBody(u));
    expect(res.status, res.text).toBe(201);
    expect(res.json.order.grand_total).toBe(rupees(240000 + 9900));
    const [order] = await ordersOf(u.id);
    expect(order).toMatchObject({ subtotal: 240000, grand_total: 249900 });
    expect(await linesOfOrder(order!.id)).toEqual([expect.objectContaining({ unit_price: 120000, total: 240000 })]);
  });

  it("leaves out a product unpublished after it was added: the summary tells, a placement without a look answers 409 and removes the line", async () => {
    const u = await shopper();
    const keep = await makeProduct({ stock: 5 });
    const gone = await makeProduct({ stock: 5 });
    await addOk(customer(u), keep.id, 1);
    await addOk(customer(u), gone.id, 1);
    await setProduct(gone.id, { published: 0 });
    const refused = await placeOrder(u, codBody(u));
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ result: false, message: `${gone.name} is no longer available and was removed from your cart.` });
    expect(await ordersOf(u.id)).toEqual([]);
    expect((await linesOf({ userId: u.id })).map((l) => l.product_id)).toEqual([keep.id]);
    expect((await stockOf(keep.id)).stock_quantity).toBe(5);
    const placed = await placeOrder(u, codBody(u));
    expect(placed.status, placed.text).toBe(201);
    expect((await linesOfOrder(placed.json.order.id)).map((l) => l.product_id)).toEqual([keep.id]);

    // Seen first on the summary: a notice, and the order holds only what is left.
    const v = await shopper();
    const other = await makeProduct({ stock: 5 });
    await addOk(customer(v), keep.id, 1);
    await addOk(customer(v), other.id, 1);
    await setProduct(other.id, { published: 0 });
    const summary = (await summaryOf(v, `address_id=${v.addressId}`)).json;
    expect(summary.notices).toEqual([`${other.name} is no longer available and was removed from your cart.`]);
    expect(summary.lines.map((l: Json) => l.product_id)).toEqual([keep.id]);
    const res = await placeOrder(v, codBody(v));
    expect(res.status, res.text).toBe(201);
    expect((await linesOfOrder(res.json.order.id)).map((l) => l.product_id)).toEqual([keep.id]);
    expect((await stockOf(other.id)).stock_quantity).toBe(5);
  });

  it("re-checks the coupon's per-customer limit at placement: a use since it was applied drops it with 409 and nothing is placed", async () => {
    const u = await shopper();
    const p = await makeProduct({ price: 150000, stock: 5 });
    const coupon = await makeCoupon({ per_customer_limit: 1 });
    // An order of this customer used the code (placed through checkout with it) …
    const earlier = await placedOrder(u, { coupon, lines: [{ product: p }] });
    expect((await ordersOf(u.id))[0]).toMatchObject({ id: earlier.id, coupon_code: coupon });
    // … while a cart that still shows it (another tab, filled before) is submitted.
    await addOk(customer(u), p.id, 1);
    const { db } = await testDb();
    await db.updateTable("carts").set({ coupon_code: coupon }).where("user_id", "=", u.id).execute();
    const key = newKey();
    const res = await placeOrder(u, codBody(u), key);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ result: false, message: `Coupon ${coupon} was removed: You have already used this coupon.` });
    expect((await ordersOf(u.id)).map((o) => o.id)).toEqual([earlier.id]);
    expect((await stockOf(p.id)).stock_quantity).toBe(4);
    expect((await cartRowOf({ userId: u.id }))?.coupon_code).toBeNull();
    expect(await linesOf({ userId: u.id })).toHaveLength(1);
    // The shopper confirms the new total and places it without the coupon.
    const again = await placeOrder(u, codBody(u), key);
    expect(again.status, again.text).toBe(201);
    expect((await ordersOf(u.id))[1]).toMatchObject({ coupon_code: null, coupon_discount: 0, grand_total: 159900 });
  });

  it("says how many are left when the cart holds more than the stock, and takes nothing", async () => {
    const u = await shopper();
    const plenty = await makeProduct({ stock: 9 });
    const p = await makeProduct({ stock: 5 });
    await addOk(customer(u), plenty.id, 2);
    await addOk(customer(u), p.id, 4);
    await setProduct(p.id, { stock_quantity: 3 });
    const before = await stateOf(u, [plenty, p]);
    const res = await placeOrder(u, codBody(u));
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ result: false, message: `Only 3 left of ${p.name}.` });
    expect(await stateOf(u, [plenty, p])).toEqual(before);
  });
});

describe("open orders", () => {
  it("refuses a sixth order while five are Pending and Un-Paid (they hold stock), and takes it once one is cancelled", async () => {
    const u = await shopper();
    const p = await makeProduct({ stock: 9 });
    await placedOrder(u, { then: ["ship", "deliver"] });
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await placedOrder(u));
    await addOk(customer(u), p.id, 1);
    const res = await placeOrder(u, codBody(u));
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ result: false, message: "You already have 5 orders waiting to be paid or confirmed. Please complete or cancel one of them first." });
    expect((await stockOf(p.id)).stock_quantity).toBe(9);
    expect(await linesOf({ userId: u.id })).toHaveLength(1);
    const cancelled = await api(`/order/cancel/${open[0]!.id}`, { token: u.token, ip: u.ip });
    expect(cancelled.status, cancelled.text).toBe(200);
    const again = await placeOrder(u, codBody(u));
    expect(again.status, again.text).toBe(201);
    expect((await stockOf(p.id)).stock_quantity).toBe(8);
  });
});

describe("the last unit and double submits", () => {
  it("20 customers check out the last unit at once: exactly 1 order, 19 clear out-of-stock answers, stock 0", async () => {
    const p = await makeProduct({ stock: 1 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const s of shoppers) await addOk(customer(s), p.id, 1);
    const answers = await Promise.all(shoppers.map((s) => placeOrder(s, codBody(s))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201), answers.map((r) => r.text).join("\n")).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.status === 409)) expect(r.json).toEqual({ result: false, message: `${p.name} is out of stock.` });
    expect(await stockOf(p.id)).toEqual({ stock_quantity: 0, availability: "out_of_stock" });
    expect(await ordersWithProduct(p.id)).toBe(1);
    // The 19 keep their carts as they were.
    const losers = shoppers.filter((_, i) => answers[i]!.status === 409);
    for (const s of losers) expect(await linesOf({ userId: s.id })).toEqual([expect.objectContaining({ product_id: p.id, quantity: 1 })]);
  }, 120_000);

  it("20 submits with one Idempotency-Key place one order, every answer names it; a replay later answers 200 with the same body", async () => {
    const u = await shopper();
    const p = await makeProduct({ stock: 10 });
    await addOk(customer(u), p.id, 2);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(u, codBody(u), key)));
    expect(answers.map((r) => r.status).filter((s) => s === 201), answers.map((r) => r.text).join("\n")).toHaveLength(1);
    expect(answers.map((r) => r.status).filter((s) => s === 200)).toHaveLength(19);
    const codes = new Set(answers.map((r) => r.json.order.code));
    expect(codes.size).toBe(1);
    for (const r of answers.filter((a) => a.status === 200)) expect(r.headers.get("idempotent-replayed")).toBe("true");
    const orders = await ordersOf(u.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.code).toBe([...codes][0]);
    expect((await stockOf(p.id)).stock_quantity).toBe(8);

    const first = answers.find((r) => r.status === 201)!;
    const replay = await placeOrder(u, codBody(u), key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(first.json);
    // The key is the customer's: another customer's same key places their own order.
    const v = await shopper();
    await addOk(customer(v), p.id, 1);
    const theirs = await placeOrder(v, codBody(v), key);
    expect(theirs.status).toBe(201);
    expect(theirs.json.order.code).not.toBe(first.json.order.code);
  }, 60_000);
});

describe("bad requests", () => {
  it("answers 4xx with a message to malformed bodies and keys, never 500, and writes nothing", async () => {
    const u = await shopper();
    const p = await makeProduct({ stock: 5 });
    await addOk(customer(u), p.id, 1);
    const before = await stateOf(u, [p]);
    const bodies: Array<[string, PlaceBody | string]> = [
      ["no fields", {}],
      ["address id as a string", codBody(u, { address_id: String(u.addressId) })],
      ["address id a float", codBody(u, { address_id: 1.5 })],
      ["address id huge", codBody(u, { address_id: 1e20 })],
      ["address id negative", codBody(u, { address_id: -3 })],
      ["address id null", codBody(u, { address_id: null })],
      ["billing id a string", codBody(u, { billing_address_id: "x" })],
      ["shipping method unknown", codBody(u, { shipping_method: "drone" })],
      ["shipping method missing", { address_id: u.addressId, payment_method: "cod" }],
      ["payment method unknown", codBody(u, { payment_method: "cheque" })],
      ["payment method missing", { address_id: u.addressId, shipping_method: "standard" }],
      ["gstin malformed", codBody(u, { gstin: "12345" })],
      ["gstin a number", codBody(u, { gstin: 27 })],
      ["an array", "[1,2,3]"],
      ["a string", '"place"'],
      ["not JSON", "{address_id: 1,"],
    ];
    for (const [label, body] of bodies) {
      const res = await placeOrder(u, body);
      expect(res.status, `${label}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.json.result, label).toBe(false);
      expect(typeof res.json.message, label).toBe("string");
    }
    expect((await placeOrder(u, "{address_id: 1,")).status).toBe(400);
    expect((await placeOrder(u, codBody(u, { address_id: "1" }))).status).toBe(422);

    const noKey = await placeOrder(u, codBody(u), null);
    expect(noKey.status).toBe(422);
    expect(noKey.json.message).toBe("Idempotency-Key header is required.");
    for (const key of ["short", "x".repeat(65), "has spaces in it, ok", "semi;colon;key;1234567"]) {
      const res = await placeOrder(u, codBody(u), key);
      expect(res.status, key).toBe(422);
      expect(res.json).toEqual({ result: false, message: "Idempotency-Key must be 16 to 64 letters, digits, hyphens or underscores.", errors: expect.any(Object) });
    }
    expect(await stateOf(u, [p])).toEqual(before);
  });

  it("needs a session (401) and, with the session cookie, X-Requested-With (403)", async () => {
    const u = await shopper();
    const p = await makeProduct({ stock: 5 });
    await addOk(customer(u), p.id, 1);
    const before = await stateOf(u, [p]);
    const guest = await post("/checkout/place", codBody(u), { ip: u.ip, headers: { "Idempotency-Key": newKey() } });
    expect(guest.status).toBe(401);
    expect(guest.json).toEqual({ result: false, message: "Please log in to continue." });
    const forged = await post("/checkout/place", codBody(u), { cookie: u.cookie, ip: u.ip, requestedWith: false, headers: { "Idempotency-Key": newKey() } });
    expect(forged.status).toBe(403);
    expect(forged.json).toEqual(NO_HEADER);
    expect(await stateOf(u, [p])).toEqual(before);
    const viaCookie = await post("/checkout/place", codBody(u), { cookie: u.cookie, ip: u.ip, headers: { "Idempotency-Key": newKey() } });
    expect(viaCookie.status, viaCookie.text).toBe(201);
  });
});
