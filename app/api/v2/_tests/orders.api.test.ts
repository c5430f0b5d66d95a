import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatPaise } from "@/lib/platform/format";
import { dropTestProducts, ledgerOf, makeProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, mailTo, newUser, post, settleMail, mailsTo, testDb, type ApiInit, type TestUser } from "./client";
import { admin, deliveredDaysAgo, eventsOf, newKey, placedOrder, step } from "./orders-client";

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Every test speaks from its own client address (10.140.x.y). */
const nextIp = clientAddresses(140);
const user = () => newUser(nextIp());
const as = (u: TestUser): ApiInit => ({ token: u.token, ip: u.ip });
const byCookie = (u: TestUser, requestedWith = true): ApiInit => ({ cookie: u.cookie, ip: u.ip, requestedWith });

const NOT_FOUND = { result: false, message: "Order not found." };
const LINE_NOT_FOUND = { result: false, message: "Order item not found." };
const NO_XRW = "This request must be sent by the store's pages (X-Requested-With header missing).";
const CANCELLED = { result: true, message: "Your order has been cancelled." };
const ALREADY_CANCELLED = { result: false, message: "This order is already cancelled." };
const NOT_CANCELLABLE = { result: false, message: "This order can no longer be cancelled. Please contact us for help." };
const ONLINE_UNPAID = "An online order is confirmed when its payment arrives; it cannot be moved on before.";
const REASON = "The curtain arrived torn along the hem.";
const rupees = (paise: number) => paise / 100;

/** The admin API without a token, or with a wrong one. */
const adminWithToken = (path: string, body: unknown, token: string | null) =>
  api(`/admin${path}`, { method: body === undefined ? "GET" : "POST", body: body === undefined ? undefined : JSON.stringify(body), ...(token ? { token } : {}) });
const refund = (orderId: number, body: unknown, key: string | null = newKey()) => admin(`/orders/${orderId}/refunds`, body, { headers: key ? { "Idempotency-Key": key } : {} });

/** A stocked product of this file, units to spare. */
let stocked: TestProduct;
beforeAll(async () => {
  stocked = await makeProduct({ price: 180000, stock: 500 });
});

async function stockOf(productId: number): Promise<number> {
  const { db } = await testDb();
  return (await db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow()).stock_quantity;
}

async function orderRow(id: number) {
  const { db } = await testDb();
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function lineRows(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

async function paymentOf(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("payments").select(["id", "status", "amount", "refunded_amount", "provider", "provider_payment_id", "error"]).where("order_id", "=", orderId).orderBy("id").executeTakeFirstOrThrow();
}

describe("GET /purchase-history", () => {
  it("pages the caller's orders, newest first, 10 a page with meta", async () => {
    const u = await user();
    const codes: string[] = [];
    // Confirmed by the shop as they come, so the customer never holds five open orders.
    for (let i = 0; i < 12; i++) codes.push((await placedOrder(u, { then: ["confirm"] })).code);
    const newestFirst = [...codes].reverse();
    const newest = await orderRow((await placedOrderIdOf(newestFirst[0]!))!);

    const pages = [];
    for (const page of [1, 2]) pages.push(await api(`/purchase-history?page=${page}`, as(u)));
    expect(pages.map((p) => p.status)).toEqual([200, 200]);
    expect(pages.map((p) => p.json.data.length)).toEqual([10, 2]);
    expect(pages.map((p) => p.json.meta)).toEqual([1, 2].map((current_page) => ({ current_page, last_page: 2, per_page: 10, total: 12 })));
    expect(pages.flatMap((p) => p.json.data.map((o: { code: string }) => o.code))).toEqual(newestFirst);
    expect(pages[0]?.json.data[0]).toEqual({ id: newest.id, code: newestFirst[0], date: newest.created_at, grand_total: rupees(newest.grand_total), delivery_status: "Confirmed", payment_status: "Un-Paid", payment_type: "cash_on_delivery" });
    expect(pages[0]?.headers.get("cache-control")).toBe("private, no-store");

    // No page number is page 1; one past the end answers the last page and says so.
    expect((await api("/purchase-history", as(u))).json.meta.current_page).toBe(1);
    const beyond = await api("/purchase-history?page=9", as(u));
    expect(beyond.json.meta).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 12 });
    expect(beyond.json.data.length).toBe(2);
    for (const bad of ["0", "-1", "abc", "1.5", "9999999"]) {
      const res = await api(`/purchase-history?page=${bad}`, as(u));
      expect(res.status, bad).toBe(422);
      expect(res.json.result).toBe(false);
    }
  });

  it("shows nobody else's orders, and nothing to a guest", async () => {
    const [u, other] = [await user(), await user()];
    await placedOrder(other);
    const mine = await api("/purchase-history", as(u));
    expect(mine.json.data).toEqual([]);
    expect(mine.json.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 0 });
    const guest = await api("/purchase-history", { ip: nextIp() });
    expect(guest.status).toBe(401);
    expect(guest.json).toEqual({ result: false, message: "Please log in to continue." });
  });
});

async function placedOrderIdOf(code: string): Promise<number | undefined> {
  const { db } = await testDb();
  return (await db.selectFrom("orders").select("id").where("code", "=", code).executeTakeFirst())?.id;
}

describe("order details and items", () => {
  it("answer the spec's fields with amounts in rupees, as checkout stored them", async () => {
    const u = await user();
    const a = await makeProduct({ price: 129900, stock: 10 });
    const b = await makeProduct({ price: 49950, stock: 10 });
    const order = await placedOrder(u, { shipping: "express", lines: [{ product: a, quantity: 2 }, { product: b }] });
    const row = await orderRow(order.id);
    // A tax-inclusive price: the total is what the lines and the fee cost, the tax is inside it.
    expect(row.subtotal).toBe(2 * 129900 + 49950);
    expect(row.grand_total).toBe(row.subtotal + row.shipping_cost);
    expect(row.tax).toBeLessThan(row.grand_total);
    const details = await api(`/purchase-history-details/${order.id}`, as(u));
    expect(details.status).toBe(200);
    expect(details.json.data).toEqual([
      {
        id: order.id,
        code: order.code,
        date: row.created_at,
        delivery_status: "Pending",
        delivery_status_string: "Pending",
        payment_status: "Un-Paid",
        payment_type: "cash_on_delivery",
        grand_total: rupees(row.grand_total),
        shipping_type_string: "Express delivery",
        estimated_delivery: row.estimated_delivery,
        shipping_address: { name: u.name, email: u.email, address: "14 Koregaon Park Lane, near the garden", city: "Pune", state: "Maharashtra", country: "India", postal_code: "411001", phone: "9876543210" },
        subtotal: 3097.5,
        shipping_cost: rupees(row.shipping_cost),
        tax: rupees(row.tax),
        coupon_discount: 0,
        shipments: [],
        timeline: [
          { step: "Placed", at: row.created_at, done: true },
          { step: "Confirmed", at: null, done: false },
          { step: "Shipped", at: null, done: false },
          { step: "Out for delivery", at: null, done: false },
          { step: "Delivered", at: null, done: false },
        ],
      },
    ]);
    expect(row.estimated_delivery).toMatch(/^by /);

    const items = await api(`/purchase-history-items/${order.id}`, as(u));
    expect(items.status).toBe(200);
    expect(items.json.data).toEqual([
      { id: order.lineIds[0], product_name: a.name, product_slug: a.slug, variation: null, quantity: 2, delivery_status_string: "Pending", price: 2598, refund_status: null, refund_button: false, refund_label: "" },
      { id: order.lineIds[1], product_name: b.name, product_slug: b.slug, variation: null, quantity: 1, delivery_status_string: "Pending", price: 499.5, refund_status: null, refund_button: false, refund_label: "" },
    ]);
  });

  it("another customer's order or line is not found on every call, and changes nothing", async () => {
    const [u, other] = [await user(), await user()];
    const theirs = await placedOrder(other, { lines: [{ product: stocked }] });
    const delivered = await placedOrder(other, { then: ["ship", "deliver"] });
    const stock = await stockOf(stocked.id);
    for (const init of [as(u), byCookie(u)]) {
      expect((await api(`/purchase-history-details/${theirs.id}`, init)).json).toEqual(NOT_FOUND);
      expect((await api(`/purchase-history-details/${theirs.id}`, init)).status).toBe(404);
      expect((await api(`/purchase-history-items/${theirs.id}`, init)).status).toBe(404);
      for (const method of ["GET", "POST"]) {
        const res = await api(`/order/cancel/${theirs.id}`, { ...init, method });
        expect(res.status).toBe(404);
        expect(res.json).toEqual(NOT_FOUND);
      }
      const claim = await post(`/order/refund-request/${delivered.lineIds[0]}`, { reason: REASON }, init);
      expect(claim.status).toBe(404);
      expect(claim.json).toEqual(LINE_NOT_FOUND);
    }
    expect((await orderRow(theirs.id)).delivery_status).toBe("Pending");
    expect(await stockOf(stocked.id)).toBe(stock);
    expect((await lineRows(delivered.id))[0]?.refund_status).toBeNull();
    // The owner sees them.
    expect((await api(`/purchase-history-details/${theirs.id}`, as(other))).status).toBe(200);
  });

  it("ids that are not ids are refused with 4xx, never 500", async () => {
    const u = await user();
    for (const bad of ["abc", "0", "-3", "1e3", "99999999999", "2147483648"]) {
      for (const path of [`/purchase-history-details/${bad}`, `/purchase-history-items/${bad}`, `/order/cancel/${bad}`]) {
        const res = await api(path, as(u));
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
      const claim = await post(`/order/refund-request/${bad}`, { reason: REASON }, as(u));
      expect(claim.status).toBeGreaterThanOrEqual(400);
      expect(claim.status).toBeLessThan(500);
    }
    expect((await api("/purchase-history-details/2147483647", as(u))).status).toBe(404);
  });
});

describe("cancelling an order", () => {
  it("cancels a Pending, Un-Paid order once, gives its stock back once through the ledger and mails the customer", async () => {
    const u = await user();
    const before = await stockOf(stocked.id);
    const order = await placedOrder(u, { lines: [{ product: stocked, quantity: 3 }] });
    expect(await stockOf(stocked.id)).toBe(before - 3);
    const since = Date.now();

    const first = await api(`/order/cancel/${order.id}`, { ...byCookie(u), method: "POST" });
    expect(first.status).toBe(200);
    expect(first.json).toEqual(CANCELLED);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ delivery_status: "Cancelled", payment_status: "Un-Paid", cancel_reason: "customer" });
    expect(row.cancelled_at).not.toBeNull();
    expect((await lineRows(order.id)).map((l) => [l.delivery_status, l.reserved_quantity])).toEqual([["Cancelled", 0]]);
    expect(await stockOf(stocked.id)).toBe(before);
    expect(await ledgerOf(stocked.id)).toBe(before);
    expect((await paymentOf(order.id)).status).toBe("failed");
    // Who did what, in order: placed, then the cancel with its lines and payment row.
    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.entity, e.event, e.from_state, e.to_state, e.actor, e.actor_id])).toEqual([
      ["order", "place", null, "Pending/Un-Paid", "customer", u.id],
      ["payment", "create_cash", null, "pending", "customer", u.id],
      ["order", "cancel", "Pending/Un-Paid", "Cancelled/Un-Paid", "customer", u.id],
      ["line", "cancel", "Pending", "Cancelled", "customer", u.id],
      ["payment", "void", "pending", "failed", "customer", u.id],
    ]);
    const { db } = await testDb();
    expect(await db.selectFrom("stock_movements").select(["delta", "reason", "order_line_id"]).where("order_id", "=", order.id).orderBy("id").execute()).toEqual([
      { delta: -3, reason: "sale", order_line_id: order.lineIds[0] },
      { delta: 3, reason: "cancel", order_line_id: order.lineIds[0] },
    ]);

    const mail = await mailTo(u.email, { since, subject: new RegExp(`Order ${order.code} cancelled`) });
    expect(mail.text).toContain(`Your order ${order.code} has been cancelled.`);
    expect(mail.text).toContain("3 ×");
    expect(mail.text).toContain(`/order-details/${order.id}`);
    // The designed mail (React Email) as the built server renders it: tables, a button to the
    // order, the delivery address and the totals with the GST contained.
    expect(mail.html).toMatch(new RegExp(`href="https?://[^"]+/order-details/${order.id}"`));
    expect(mail.html).toContain('role="presentation"');
    expect(mail.html).toContain("View your order");
    expect(mail.text).toContain("Delivery address:");
    expect(mail.text).toMatch(/Total: ₹[\d,.]+ \(includes GST of ₹[\d,.]+\)/);

    // The spec's GET, a second time: a clear answer, and nothing moves.
    const second = await api(`/order/cancel/${order.id}`, as(u));
    expect(second.status).toBe(409);
    expect(second.json).toEqual(ALREADY_CANCELLED);
    expect(await stockOf(stocked.id)).toBe(before);
    expect(await eventsOf(order.id)).toHaveLength(5);
    const list = await api("/purchase-history", as(u));
    expect(list.json.data[0]).toMatchObject({ id: order.id, delivery_status: "Cancelled" });
    await settleMail();
    expect(mailsTo(u.email, since).filter((m) => m.subject.includes("cancelled"))).toHaveLength(1);
  });

  it("the product's page and API show the stock back at once", async () => {
    const u = await user();
    const p = await makeProduct({ price: 99900, stock: 2 });
    const page = async () => (await fetch(`${inject("baseUrl")}/products/${p.slug}`)).text();
    const apiStock = async () => (await api(`/products/${p.slug}/0`)).json.data[0].stock_quantity as number;
    const maxQuantity = async () => Number(/maxQuantity\\?":(\d+)/.exec(await page())?.[1] ?? NaN);
    // Read (and so cached) before anything moves.
    expect(await apiStock()).toBe(2);
    expect(await maxQuantity()).toBe(2);
    const order = await placedOrder(u, { lines: [{ product: p, quantity: 2 }] });
    expect(await apiStock()).toBe(0);
    expect(await maxQuantity()).toBe(0);
    expect((await api(`/order/cancel/${order.id}`, as(u))).status).toBe(200);
    // No waiting for a cache lifetime: the cancel refreshed what shows the product.
    expect(await apiStock()).toBe(2);
    expect(await maxQuantity()).toBe(2);
  });

  it("the spec's GET cancels with a bearer token", async () => {
    const u = await user();
    const order = await placedOrder(u);
    const res = await api(`/order/cancel/${order.id}`, { ...as(u), requestedWith: false });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(CANCELLED);
  });

  it("refuses a paid, confirmed or shipped order, and changes nothing", async () => {
    const u = await user();
    const cases = [
      { payment: "online" as const, then: ["pay" as const], state: ["Confirmed", "Paid"] },
      { payment: "cod" as const, then: ["ship" as const], state: ["Shipped", "Un-Paid"] },
      { payment: "cod" as const, then: ["confirm" as const], state: ["Confirmed", "Un-Paid"] },
      { payment: "cod" as const, then: ["ship" as const, "deliver" as const], state: ["Delivered", "Paid"] },
    ];
    for (const c of cases) {
      const before = await stockOf(stocked.id);
      const order = await placedOrder(u, { payment: c.payment, then: c.then, lines: [{ product: stocked }] });
      const res = await api(`/order/cancel/${order.id}`, { ...byCookie(u), method: "POST" });
      expect(res.status, JSON.stringify(c)).toBe(409);
      expect(res.json).toEqual(NOT_CANCELLABLE);
      expect(await orderRow(order.id)).toMatchObject({ delivery_status: c.state[0], payment_status: c.state[1], cancelled_at: null });
      expect(await stockOf(stocked.id)).toBe(before - 1);
    }
  });

  it("a cookie session without X-Requested-With cannot cancel, not even with the spec's GET", async () => {
    const u = await user();
    const order = await placedOrder(u);
    for (const method of ["GET", "POST"]) {
      const res = await api(`/order/cancel/${order.id}`, { ...byCookie(u, false), method });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ result: false, message: NO_XRW });
    }
    expect((await orderRow(order.id)).delivery_status).toBe("Pending");
    expect((await api(`/order/cancel/${order.id}`, { ip: nextIp() })).status).toBe(401);
  });
});

describe("refund requests", () => {
  it("a delivered line within the window can be claimed once; it then shows Refund Requested", async () => {
    const u = await user();
    const order = await placedOrder(u, { lines: [{ product: stocked }, { product: await makeProduct({ stock: 5 }) }], then: ["ship", "deliver"] });
    await deliveredDaysAgo(order.id, 6);
    const items = await api(`/purchase-history-items/${order.id}`, as(u));
    expect(items.json.data.map((l: { refund_button: boolean; refund_label: string }) => [l.refund_button, l.refund_label])).toEqual([
      [true, ""],
      [true, ""],
    ]);

    for (const reason of [undefined, "", "too short", "x".repeat(501)]) {
      const res = await post(`/order/refund-request/${order.lineIds[0]}`, reason === undefined ? {} : { reason }, byCookie(u));
      expect(res.status).toBe(422);
      expect(res.json.message).toBe("Please describe the damage or defect in 10 to 500 characters.");
    }
    const nasty = `<img src=x onerror=alert(1)> ${REASON}`;
    const done = await post(`/order/refund-request/${order.lineIds[0]}`, { reason: nasty }, byCookie(u));
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ result: true, message: "Your refund request has been sent. We will get back to you soon.", refund_status: "Requested", refund_label: "Refund Requested", refund_button: false });
    const [line, untouched] = await lineRows(order.id);
    expect(line).toMatchObject({ refund_status: "Requested", refund_reason: nasty });
    expect(line?.refund_requested_at).not.toBeNull();
    expect(untouched?.refund_status).toBeNull();
    expect((await eventsOf(order.id)).filter((e) => e.event === "request_refund")).toEqual([
      { entity: "line", entity_id: order.lineIds[0], actor: "customer", actor_id: u.id, event: "request_refund", from_state: null, to_state: "Requested", note: null },
    ]);

    const after = await api(`/purchase-history-items/${order.id}`, as(u));
    expect(after.json.data.map((l: { refund_button: boolean; refund_label: string }) => [l.refund_button, l.refund_label])).toEqual([
      [false, "Refund Requested"],
      [true, ""],
    ]);
    const again = await post(`/order/refund-request/${order.lineIds[0]}`, { reason: REASON }, as(u));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ result: false, message: "A refund has already been requested for this item." });
  });

  it("not after the window, nor before delivery, nor from a cookie session without X-Requested-With", async () => {
    const u = await user();
    const late = await placedOrder(u, { then: ["ship", "deliver"] });
    await deliveredDaysAgo(late.id, 8);
    const items = await api(`/purchase-history-items/${late.id}`, as(u));
    expect(items.json.data[0]).toMatchObject({ refund_button: false, refund_label: "" });
    const lateRes = await post(`/order/refund-request/${late.lineIds[0]}`, { reason: REASON }, as(u));
    expect(lateRes.status).toBe(409);
    expect(lateRes.json).toEqual({ result: false, message: "Refunds can be requested only within 7 days of delivery." });

    for (const then of [[], ["ship"], ["cancel"]] as const) {
      const order = await placedOrder(u, { then: [...then] });
      const res = await post(`/order/refund-request/${order.lineIds[0]}`, { reason: REASON }, as(u));
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ result: false, message: "A refund can be requested only after the item has been delivered." });
    }
    const fresh = await placedOrder(u, { then: ["ship", "deliver"] });
    const csrf = await post(`/order/refund-request/${fresh.lineIds[0]}`, { reason: REASON }, byCookie(u, false));
    expect(csrf.status).toBe(403);
    expect((await lineRows(fresh.id))[0]?.refund_status).toBeNull();
  });
});

describe("back office: /admin/orders", () => {
  it("answers only to staff", async () => {
    expect((await adminWithToken("/orders", undefined, null)).status).toBe(401);
    expect((await adminWithToken("/orders", undefined, "kst_wrong-token")).status).toBe(401);
    expect((await adminWithToken("/orders/1/status", { delivery_status: "Shipped" }, null)).status).toBe(401);
    expect((await adminWithToken("/order-lines/1/refund", { decision: "Approved" }, null)).status).toBe(401);
    expect((await adminWithToken("/orders/1/refunds", { amount: 1, method: "cash" }, null)).status).toBe(401);
    expect((await adminWithToken("/orders/1/refunds/close", { reason: "Paid back in the shop." }, null)).status).toBe(401);
    // A customer's session is not a staff session.
    const u = await user();
    expect((await adminWithToken("/orders", undefined, u.token)).status).toBe(403);
  });

  it("lists orders by status, newest first", async () => {
    const u = await user();
    const shipped = await placedOrder(u, { then: ["ship"] });
    const res = await admin("/orders?status=Shipped");
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({ id: shipped.id, code: shipped.code, user_id: u.id, customer_email: u.email, grand_total: rupees(shipped.grandTotal), delivery_status: "Shipped", refund_due: false });
    expect(res.json.data.every((o: { delivery_status: string }) => o.delivery_status === "Shipped")).toBe(true);
    expect(res.json.meta).toMatchObject({ current_page: 1, per_page: 20 });
    expect((await admin("/orders?status=Lost")).status).toBe(422);
    expect((await admin("/orders?refund_due=maybe")).status).toBe(422);
  });

  it("moves a COD order Pending → Confirmed → Shipped → Delivered, its lines with it: shipped mail, then Paid on delivery with an invoice", async () => {
    const u = await user();
    const order = await placedOrder(u, { lines: [{ product: stocked, quantity: 2 }] });
    const since = Date.now();

    const confirmed = await admin(`/orders/${order.id}/status`, { delivery_status: "Confirmed" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.order).toMatchObject({ id: order.id, delivery_status: "Confirmed", payment_status: "Un-Paid" });
    expect((await orderRow(order.id)).confirmed_at).not.toBeNull();
    // The lines follow their order on a confirm too.
    expect((await lineRows(order.id)).map((l) => l.delivery_status)).toEqual(["Confirmed"]);

    const shipped = await admin(`/orders/${order.id}/status`, { delivery_status: "Shipped" });
    expect(shipped.json.order).toMatchObject({ delivery_status: "Shipped", payment_status: "Un-Paid" });
    expect((await orderRow(order.id)).shipped_at).not.toBeNull();
    expect((await lineRows(order.id)).map((l) => l.delivery_status)).toEqual(["Shipped"]);
    const mail = await mailTo(u.email, { since, subject: new RegExp(`Order ${order.code} shipped`) });
    expect(mail.text).toContain("is on its way");
    expect(mail.text).toContain(`Please keep ${formatPaise(order.grandTotal)} ready to pay in cash at delivery.`);

    // Shipped cannot go back, nor be cancelled by the customer or the merchant.
    for (const target of ["Confirmed", "Cancelled"]) {
      const res = await admin(`/orders/${order.id}/status`, { delivery_status: target });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ result: false, message: `An order that is Shipped cannot be marked ${target}.` });
    }
    expect((await api(`/order/cancel/${order.id}`, as(u))).json).toEqual(NOT_CANCELLABLE);

    const delivered = await admin(`/orders/${order.id}/status`, { delivery_status: "Delivered" });
    expect(delivered.status).toBe(200);
    expect(delivered.json.order).toMatchObject({ delivery_status: "Delivered", payment_status: "Paid", invoice_number: expect.any(String), paid_amount: rupees(order.grandTotal), refunded_amount: 0 });
    const row = await orderRow(order.id);
    expect(row.delivered_at).not.toBeNull();
    expect(row.paid_at).not.toBeNull();
    expect((await lineRows(order.id)).map((l) => l.delivery_status)).toEqual(["Delivered"]);
    const { db } = await testDb();
    const invoices = await db.selectFrom("invoices").select("number").where("order_id", "=", order.id).execute();
    expect(invoices).toEqual([{ number: delivered.json.order.invoice_number }]);
    expect(await db.selectFrom("payments").select(["status", "provider_payment_id"]).where("order_id", "=", order.id).executeTakeFirstOrThrow()).toEqual({ status: "paid", provider_payment_id: `cod-${order.code}` });
    const staff = (await eventsOf(order.id)).filter((e) => e.actor === "staff");
    expect(staff.map((e) => [e.entity, e.event, e.from_state, e.to_state])).toEqual([
      ["order", "confirm", "Pending/Un-Paid", "Confirmed/Un-Paid"],
      ["line", "confirm", "Pending", "Confirmed"],
      ["order", "ship", "Confirmed/Un-Paid", "Shipped/Un-Paid"],
      ["line", "ship", "Confirmed", "Shipped"],
      ["order", "deliver", "Shipped/Un-Paid", "Delivered/Un-Paid"],
      ["line", "deliver", "Shipped", "Delivered"],
      ["order", "collect_cash", "Delivered/Un-Paid", "Delivered/Paid"],
      ["payment", "collect", "pending", "paid"],
    ]);
    // The staff member who made each change (the tests' owner, through their API token).
    expect(staff.every((e) => e.actor_id === inject("owner").id && e.note === null)).toBe(true);

    // Delivered again changes nothing; the customer now sees Paid and a Refund button.
    expect((await admin(`/orders/${order.id}/status`, { delivery_status: "Delivered" })).status).toBe(409);
    expect((await api(`/purchase-history-details/${order.id}`, as(u))).json.data[0]).toMatchObject({ delivery_status_string: "Delivered", payment_status: "Paid" });
    expect((await api(`/purchase-history-items/${order.id}`, as(u))).json.data[0]).toMatchObject({ refund_button: true });
  });

  it("refuses illegal transitions with 409 and leaves the order alone", async () => {
    const u = await user();
    const pending = await placedOrder(u);
    const res = await admin(`/orders/${pending.id}/status`, { delivery_status: "Delivered" });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ result: false, message: "An order that is Pending cannot be marked Delivered." });
    const cancelled = await placedOrder(u, { then: ["cancel"] });
    for (const target of ["Confirmed", "Shipped", "Delivered", "Cancelled"]) {
      expect((await admin(`/orders/${cancelled.id}/status`, { delivery_status: target })).status).toBe(409);
    }
    // An unpaid online order waits for its payment (or its deadline); the merchant may cancel it.
    const awaiting = await placedOrder(u, { payment: "online" });
    for (const target of ["Confirmed", "Shipped"]) {
      const moved = await admin(`/orders/${awaiting.id}/status`, { delivery_status: target });
      expect(moved.status).toBe(409);
      expect(moved.json).toEqual({ result: false, message: ONLINE_UNPAID });
    }
    expect((await orderRow(awaiting.id)).delivery_status).toBe("Pending");
    expect((await orderRow(pending.id)).delivery_status).toBe("Pending");
    expect((await orderRow(cancelled.id)).delivery_status).toBe("Cancelled");
    expect((await eventsOf(pending.id)).map((e) => e.event)).toEqual(["place", "create_cash"]);
    expect((await admin(`/orders/${pending.id}/status`, { delivery_status: "Pending" })).status).toBe(422);
    expect((await admin(`/orders/2147483647/status`, { delivery_status: "Shipped" })).status).toBe(404);
    expect((await admin(`/orders/abc/status`, { delivery_status: "Shipped" })).status).toBe(422);
  });

  it("cancels a paid order: stock back, the payment due back; the refund_due filter finds it", async () => {
    const u = await user();
    const before = await stockOf(stocked.id);
    const order = await placedOrder(u, { payment: "online", then: ["pay"], lines: [{ product: stocked, quantity: 2 }] });
    expect((await lineRows(order.id)).map((l) => l.delivery_status)).toEqual(["Confirmed"]);
    const since = Date.now();
    const res = await admin(`/orders/${order.id}/status`, { delivery_status: "Cancelled" });
    expect(res.status).toBe(200);
    expect(res.json.order).toMatchObject({ delivery_status: "Cancelled", payment_status: "Paid", refund_due: true, paid_amount: rupees(order.grandTotal), refunded_amount: 0 });
    expect(await orderRow(order.id)).toMatchObject({ cancel_reason: "merchant", delivery_status: "Cancelled" });
    expect(await stockOf(stocked.id)).toBe(before);
    expect(await ledgerOf(stocked.id)).toBe(before);
    expect((await paymentOf(order.id)).status).toBe("refund_due");
    await mailTo(u.email, { since, subject: new RegExp(`Order ${order.code} cancelled`) });
    // A second cancel does not give the stock back twice.
    expect((await admin(`/orders/${order.id}/status`, { delivery_status: "Cancelled" })).status).toBe(409);
    expect(await stockOf(stocked.id)).toBe(before);

    const due = await admin("/orders?refund_due=1");
    expect(due.status).toBe(200);
    expect(due.json.data.some((o: { id: number }) => o.id === order.id)).toBe(true);
    expect(due.json.data.every((o: { refund_due: boolean }) => o.refund_due)).toBe(true);
    const dueAndCancelled = await admin("/orders?refund_due=1&status=Cancelled");
    expect(dueAndCancelled.json.data.map((o: { id: number }) => o.id)).toContain(order.id);
    expect((await admin("/orders?refund_due=1&status=Shipped")).json.data.map((o: { id: number }) => o.id)).not.toContain(order.id);
  });

  it("cancels an unpaid Pending order the customer's way, stock back", async () => {
    const u = await user();
    const before = await stockOf(stocked.id);
    const order = await placedOrder(u, { lines: [{ product: stocked, quantity: 1 }] });
    const res = await admin(`/orders/${order.id}/status`, { delivery_status: "Cancelled" });
    expect(res.json.order).toMatchObject({ delivery_status: "Cancelled", payment_status: "Un-Paid", refund_due: false });
    expect((await orderRow(order.id)).cancel_reason).toBe("merchant");
    expect(await stockOf(stocked.id)).toBe(before);
  });
});

describe("back office: refunds", () => {
  /** An online order paid through the sandbox, then cancelled by the shop: its whole payment is due back. */
  async function owed(u: TestUser) {
    return placedOrder(u, { payment: "online", then: ["pay", "staff_cancel"] });
  }

  it("records a refund paid by bank transfer, in parts: never twice, never beyond the payment; the last part ends refund_due", async () => {
    const u = await user();
    const order = await owed(u);
    const total = order.grandTotal;
    const first = rupees(Math.floor(total / 2));
    const key = newKey();
    const part = await refund(order.id, { amount: first, method: "bank_transfer", reference: "UTR-SBIN0012345", note: "Half now, as agreed" }, key);
    expect(part.status, part.text).toBe(201);
    expect(part.json).toMatchObject({
      result: true,
      refund: { order_id: order.id, amount: first, method: "bank_transfer", reference: "UTR-SBIN0012345", status: "processed", line_id: null },
      payment: { status: "refund_due", amount: rupees(total), refunded_amount: first },
      order: { refund_due: true, payment_status: "Paid", refunded_amount: first },
    });
    // The same request again (a double click, a retry): the same refund, nothing more.
    const again = await refund(order.id, { amount: first, method: "bank_transfer", reference: "UTR-SBIN0012345", note: "Half now, as agreed" }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.refund.id).toBe(part.json.refund.id);
    expect((await paymentOf(order.id)).refunded_amount).toBe(Math.floor(total / 2));
    // The key of another refund: refused.
    expect((await refund(order.id, { amount: 1, method: "cash" }, key)).status).toBe(409);

    // More than what is left: refused, nothing recorded.
    const left = total - Math.floor(total / 2);
    const tooMuch = await refund(order.id, { amount: rupees(left + 100), method: "upi", reference: "UPI-417253661" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.message).toBe(`At most ${formatPaise(left)} can still be refunded for this order.`);
    expect((await paymentOf(order.id)).refunded_amount).toBe(Math.floor(total / 2));

    const rest = await refund(order.id, { amount: rupees(left), method: "upi", reference: "UPI-417253662" });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.json.payment).toEqual({ status: "refunded", amount: rupees(total), refunded_amount: rupees(total) });
    expect(rest.json.order).toMatchObject({ refund_due: false, payment_status: "Refunded" });
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Cancelled", payment_status: "Refunded" });
    expect((await refund(order.id, { amount: 1, method: "cash" })).json.message).toBe("Nothing was paid for this order, so there is nothing to refund.");
    const staff = (await eventsOf(order.id)).filter((e) => e.actor === "staff").map((e) => [e.entity, e.event, e.from_state, e.to_state]);
    expect(staff).toEqual([
      ["order", "staff_cancel", "Confirmed/Paid", "Cancelled/Paid"],
      ["line", "cancel", "Confirmed", "Cancelled"],
      ["payment", "owe", "paid", "refund_due"],
      ["payment", "refund", "refund_due", "refunded"],
      ["order", "refund", "Cancelled/Paid", "Cancelled/Refunded"],
    ]);
    expect((await admin("/orders?refund_due=1")).json.data.map((o: { id: number }) => o.id)).not.toContain(order.id);
  });

  it("ten clerks refunding the whole amount at once record one refund", async () => {
    const u = await user();
    const order = await owed(u);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(order.id, { amount: rupees(order.grandTotal), method: "cash" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const { db } = await testDb();
    expect(await db.selectFrom("refunds").select("amount").where("order_id", "=", order.id).execute()).toEqual([{ amount: order.grandTotal }]);
    expect(await paymentOf(order.id)).toMatchObject({ status: "refunded", refunded_amount: order.grandTotal });
  });

  it("gives the money back through the payment provider that took it", async () => {
    const u = await user();
    const order = await owed(u);
    const payment = await paymentOf(order.id);
    const res = await refund(order.id, { amount: rupees(order.grandTotal), method: "original", note: "Cancelled by the shop" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.refund).toMatchObject({ method: "original", status: "processed", provider_refund_id: expect.stringMatching(/^rfnd_/) });
    expect(res.json.refund.reference).toBe(res.json.refund.provider_refund_id);
    const { db } = await testDb();
    // The sandbox provider's own books hold the refund of that payment.
    expect(await db.selectFrom("sandbox_refunds").select(["refund_id", "payment_id", "amount"]).where("payment_id", "=", payment.provider_payment_id!).execute()).toEqual([
      { refund_id: res.json.refund.provider_refund_id, payment_id: payment.provider_payment_id, amount: order.grandTotal },
    ]);
    expect(await paymentOf(order.id)).toMatchObject({ status: "refunded", refunded_amount: order.grandTotal });
    // A cash order has no provider to refund through.
    const cod = await placedOrder(u, { then: ["ship", "deliver"] });
    const refused = await refund(cod.id, { amount: 10, method: "original" });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/choose bank_transfer, upi or cash/);
  });

  it("closes a refund due with a reason; bad input is 4xx and changes nothing", async () => {
    const u = await user();
    const order = await owed(u);
    for (const body of [{}, { reason: "short" }, { reason: "x".repeat(501) }, { reason: "Paid back at the shop counter.", extra: 1 }]) {
      const res = await admin(`/orders/${order.id}/refunds/close`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    for (const body of [{}, { amount: 0, method: "cash" }, { amount: -5, method: "cash" }, { amount: 1.234, method: "cash" }, { amount: 10, method: "cheque" }, { amount: 10, method: "bank_transfer" }, { amount: "10", method: "cash" }, { amount: 10, method: "cash", colour: "red" }]) {
      const res = await refund(order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await refund(order.id, { amount: 10, method: "cash" }, null)).status).toBe(422);
    expect((await refund(2147483647, { amount: 10, method: "cash" })).status).toBe(404);
    expect(await paymentOf(order.id)).toMatchObject({ status: "refund_due", refunded_amount: 0 });

    const closed = await admin(`/orders/${order.id}/refunds/close`, { reason: "Paid back at the shop counter." });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json).toMatchObject({ result: true, message: "The refund due was closed.", order: { refund_due: false, payment_status: "Paid" } });
    expect((await paymentOf(order.id)).status).toBe("closed");
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({ entity: "payment", event: "close", from_state: "refund_due", to_state: "closed", actor: "staff", note: "Paid back at the shop counter." });
    const twice = await admin(`/orders/${order.id}/refunds/close`, { reason: "Paid back at the shop counter." });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe("This order has no refund due.");
    expect((await admin("/orders?refund_due=1")).json.data.map((o: { id: number }) => o.id)).not.toContain(order.id);
  });

  it("decides refund requests: Requested → Approved → Refunded with the line's money, nothing else", async () => {
    const u = await user();
    const order = await placedOrder(u, { lines: [{ product: stocked }, { product: await makeProduct({ stock: 5, price: 120000 }) }, { product: await makeProduct({ stock: 5 }) }], then: ["ship", "deliver"] });
    const [a, b, none] = order.lineIds as [number, number, number];
    await post(`/order/refund-request/${a}`, { reason: REASON }, as(u));
    await post(`/order/refund-request/${b}`, { reason: REASON }, as(u));

    const approved = await admin(`/order-lines/${a}/refund`, { decision: "Approved" });
    expect(approved.status).toBe(200);
    expect(approved.json.line).toEqual({ id: a, order_id: order.id, refund_status: "Approved" });
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Rejected" })).json).toEqual({ result: false, message: "A refund that is Approved cannot be marked Rejected." });
    // Refunded is money going back: its method (and a transfer's reference) and a key are needed.
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Refunded" })).status).toBe(422);
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Refunded", method: "upi" }, { headers: { "Idempotency-Key": newKey() } })).status).toBe(422);
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Refunded", method: "cash" })).status).toBe(422);
    expect((await lineRows(order.id))[0]?.refund_status).toBe("Approved");
    const refunded = await admin(`/order-lines/${a}/refund`, { decision: "Refunded", method: "upi", reference: "UPI-99812" }, { headers: { "Idempotency-Key": newKey() } });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json).toMatchObject({ line: { id: a, order_id: order.id, refund_status: "Refunded" }, refund: { line_id: a, amount: 1800, method: "upi", reference: "UPI-99812" }, payment: { status: "paid", refunded_amount: 1800 } });
    expect((await admin(`/order-lines/${b}/refund`, { decision: "Rejected" })).status).toBe(200);
    const noRequest = await admin(`/order-lines/${none}/refund`, { decision: "Approved" });
    expect(noRequest.status).toBe(409);
    expect(noRequest.json).toEqual({ result: false, message: "No refund was requested for this item." });
    const noRequestMoney = await admin(`/order-lines/${none}/refund`, { decision: "Refunded", method: "cash" }, { headers: { "Idempotency-Key": newKey() } });
    expect(noRequestMoney.status).toBe(409);
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Maybe" })).status).toBe(422);
    expect((await admin(`/order-lines/2147483647/refund`, { decision: "Approved" })).status).toBe(404);
    expect((await paymentOf(order.id)).refunded_amount).toBe(180000);

    const items = await api(`/purchase-history-items/${order.id}`, as(u));
    expect(items.json.data.map((l: { refund_label: string; refund_button: boolean }) => [l.refund_button, l.refund_label])).toEqual([
      [false, "Refunded"],
      [false, "Refund Rejected"],
      [true, ""],
    ]);
    // Some items refunded: the order is still Paid.
    expect((await orderRow(order.id)).payment_status).toBe("Paid");
  });

  it("marks the order Refunded once every item's money went back", async () => {
    const u = await user();
    const order = await placedOrder(u, { lines: [{ product: stocked }, { product: await makeProduct({ stock: 5 }) }], then: ["ship", "deliver"] });
    const [a, b] = order.lineIds as [number, number];
    for (const line of [a, b]) expect((await post(`/order/refund-request/${line}`, { reason: REASON }, as(u))).status).toBe(200);
    const money = { decision: "Refunded", method: "bank_transfer", reference: "UTR-HDFC0099" };
    expect((await admin(`/order-lines/${a}/refund`, money, { headers: { "Idempotency-Key": newKey() } })).status).toBe(200);
    expect((await orderRow(order.id)).payment_status).toBe("Paid");
    expect((await admin(`/order-lines/${b}/refund`, money, { headers: { "Idempotency-Key": newKey() } })).status).toBe(200);
    expect((await orderRow(order.id)).payment_status).toBe("Refunded");
    const list = await api(`/purchase-history`, as(u));
    expect(list.json.data.find((o: { id: number }) => o.id === order.id)).toMatchObject({ payment_status: "Refunded" });
  });
});

describe("dashboard figures", () => {
  it("Total Expenditure counts paid and delivered COD orders; Total Products Ordered every unit not cancelled", async () => {
    const u = await user();
    const paidOnline = await placedOrder(u, { payment: "online", then: ["pay"] }); // 1 unit
    const deliveredCod = await placedOrder(u, { lines: [{ product: stocked, quantity: 2 }], then: ["ship", "deliver"] }); // 2 units
    await placedOrder(u, { lines: [{ product: stocked, quantity: 4 }] }); // COD pending: not spent, 4 units
    await placedOrder(u, { lines: [{ product: stocked, quantity: 8 }], then: ["cancel"] }); // cancelled: neither
    await placedOrder(u, { payment: "online", then: ["pay", "staff_cancel"] }); // cancelled after payment: owed back, neither
    const res = await fetch(`${inject("baseUrl")}/dashboard`, { headers: { cookie: u.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const spent = paidOnline.grandTotal + deliveredCod.grandTotal;
    expect(html).toContain(`data-testid="total-expenditure"`);
    expect(html).toMatch(new RegExp(`data-testid="total-expenditure"[^>]*>${formatPaise(spent).replace(".", "\\.")}<`));
    expect(html).toMatch(/data-testid="products-ordered"[^>]*>7</);
  });
});

describe("placing takes stock through the ledger", () => {
  it("each sale is a movement of the order's line, and the ledger sums to the stock", async () => {
    const u = await user();
    const p = await makeProduct({ stock: 9 });
    const order = await placedOrder(u, { lines: [{ product: p, quantity: 4 }] });
    expect(await stockOf(p.id)).toBe(5);
    expect(await ledgerOf(p.id)).toBe(5);
    await step(u, order, "confirm");
    const { db } = await testDb();
    expect(await db.selectFrom("stock_movements").select(["delta", "reason", "actor", "actor_id"]).where("product_id", "=", p.id).orderBy("id").execute()).toEqual([
      { delta: 9, reason: "initial", actor: "system", actor_id: null },
      { delta: -4, reason: "sale", actor: "customer", actor_id: u.id },
    ]);
  });
});
