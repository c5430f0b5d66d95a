import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, clientAddresses, closeTestDb, insertOrder, mailTo, newUser, post, settleMail, mailsTo, testDb, type ApiInit, type TestUser } from "./client";

afterAll(closeTestDb);

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
const DAY = 24 * 60 * 60 * 1000;
const REASON = "The curtain arrived torn along the hem.";

const admin = (path: string, body?: unknown, key: string | null = inject("adminKey")) =>
  api(`/admin${path}`, { method: body === undefined ? "GET" : "POST", body: body === undefined ? undefined : JSON.stringify(body), headers: key ? { "Admin-Key": key } : {} });

/** A stocked product with units to spare, and its stock now. */
let stocked: { id: number; slug: string };
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

beforeAll(async () => {
  const { db } = await testDb();
  stocked = await db
    .selectFrom("products")
    .select(["id", "slug"])
    .where("published", "=", 1)
    .where("availability", "=", "in_stock")
    .where("stock_quantity", ">=", 20)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
});

describe("GET /purchase-history", () => {
  it("pages the caller's orders, newest first, 10 a page with meta", async () => {
    const u = await user();
    const base = Date.parse("2026-01-01T08:00:00.000Z");
    const codes: string[] = [];
    for (let i = 0; i < 25; i++) codes.push((await insertOrder(u.id, { created_at: new Date(base + i * 60_000).toISOString() })).code);
    const newestFirst = [...codes].reverse();

    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await api(`/purchase-history?page=${page}`, as(u)));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
    expect(pages.map((p) => p.json.data.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.json.meta)).toEqual([1, 2, 3].map((current_page) => ({ current_page, last_page: 3, per_page: 10, total: 25 })));
    expect(pages.flatMap((p) => p.json.data.map((o: { code: string }) => o.code))).toEqual(newestFirst);
    expect(pages[0]?.json.data[0]).toEqual({ id: expect.any(Number), code: newestFirst[0], date: new Date(base + 24 * 60_000).toISOString(), grand_total: 2950, delivery_status: "Pending", payment_status: "Un-Paid", payment_type: "cash_on_delivery" });
    expect(pages[0]?.headers.get("cache-control")).toBe("private, no-store");

    // No page number is page 1; one past the end answers the last page and says so.
    expect((await api("/purchase-history", as(u))).json.meta.current_page).toBe(1);
    const beyond = await api("/purchase-history?page=9", as(u));
    expect(beyond.json.meta).toEqual({ current_page: 3, last_page: 3, per_page: 10, total: 25 });
    expect(beyond.json.data.length).toBe(5);
    for (const bad of ["0", "-1", "abc", "1.5", "9999999"]) {
      const res = await api(`/purchase-history?page=${bad}`, as(u));
      expect(res.status, bad).toBe(422);
      expect(res.json.result).toBe(false);
    }
  });

  it("shows nobody else's orders, and nothing to a guest", async () => {
    const [u, other] = [await user(), await user()];
    await insertOrder(other.id);
    const mine = await api("/purchase-history", as(u));
    expect(mine.json.data).toEqual([]);
    expect(mine.json.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 0 });
    const guest = await api("/purchase-history", { ip: nextIp() });
    expect(guest.status).toBe(401);
    expect(guest.json).toEqual({ result: false, message: "Please log in to continue." });
  });
});

describe("order details and items", () => {
  it("answer the spec's fields with amounts in rupees", async () => {
    const u = await user();
    const order = await insertOrder(u.id, {
      estimated_delivery: "26 Nov – 2 Dec 2026",
      shipping_type: "Express shipping",
      lines: [
        { quantity: 2, unit_price: 129900 },
        { quantity: 1, unit_price: 49950 },
      ],
    });
    const details = await api(`/purchase-history-details/${order.id}`, as(u));
    expect(details.status).toBe(200);
    expect(details.json.data).toEqual([
      {
        id: order.id,
        code: order.code,
        date: expect.any(String),
        delivery_status: "Pending",
        delivery_status_string: "Pending",
        payment_status: "Un-Paid",
        payment_type: "cash_on_delivery",
        grand_total: 3655.05,
        shipping_type_string: "Express shipping",
        estimated_delivery: "26 Nov – 2 Dec 2026",
        shipping_address: { name: "Ananya Sharma", email: "ananya@example.com", address: "B-12 Hauz Khas", city: "New Delhi", state: "Delhi", country: "India", postal_code: "110016", phone: "9810012345" },
        subtotal: 3097.5,
        shipping_cost: 0,
        tax: 557.55,
        coupon_discount: 0,
      },
    ]);

    const items = await api(`/purchase-history-items/${order.id}`, as(u));
    expect(items.status).toBe(200);
    expect(items.json.data).toEqual([
      { id: order.lineIds[0], product_name: expect.any(String), product_slug: expect.any(String), variation: "Queen", quantity: 2, delivery_status_string: "Pending", price: 2598, refund_status: null, refund_button: false, refund_label: "" },
      { id: order.lineIds[1], product_name: expect.any(String), product_slug: expect.any(String), variation: "Queen", quantity: 1, delivery_status_string: "Pending", price: 499.5, refund_status: null, refund_button: false, refund_label: "" },
    ]);
  });

  it("another customer's order or line is not found on every call, and changes nothing", async () => {
    const [u, other] = [await user(), await user()];
    const theirs = await insertOrder(other.id, { lines: [{ reserve: true, product_id: stocked.id }] });
    const delivered = await insertOrder(other.id, { delivery_status: "Delivered", delivered_at: new Date().toISOString() });
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
      const refund = await post(`/order/refund-request/${delivered.lineIds[0]}`, { reason: REASON }, init);
      expect(refund.status).toBe(404);
      expect(refund.json).toEqual(LINE_NOT_FOUND);
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
      const refund = await post(`/order/refund-request/${bad}`, { reason: REASON }, as(u));
      expect(refund.status).toBeGreaterThanOrEqual(400);
      expect(refund.status).toBeLessThan(500);
    }
    expect((await api("/purchase-history-details/2147483647", as(u))).status).toBe(404);
  });
});

describe("cancelling an order", () => {
  it("cancels a Pending, Un-Paid order once, gives its stock back once and mails the customer", async () => {
    const u = await user();
    const before = await stockOf(stocked.id);
    const order = await insertOrder(u.id, { lines: [{ product_id: stocked.id, quantity: 3, reserve: true }], payment_row: true });
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
    const { db } = await testDb();
    expect((await db.selectFrom("payments").select("status").where("order_id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("failed");

    const mail = await mailTo(u.email, { since, subject: new RegExp(`Order ${order.code} cancelled`) });
    expect(mail.text).toContain(`Your order ${order.code} has been cancelled.`);
    expect(mail.text).toContain("3 ×");
    expect(mail.text).toContain(`/order-details/${order.id}`);

    // The spec's GET, a second time: a clear answer, and nothing moves.
    const second = await api(`/order/cancel/${order.id}`, as(u));
    expect(second.status).toBe(409);
    expect(second.json).toEqual(ALREADY_CANCELLED);
    expect(await stockOf(stocked.id)).toBe(before);
    const list = await api("/purchase-history", as(u));
    expect(list.json.data[0]).toMatchObject({ id: order.id, delivery_status: "Cancelled" });
    await settleMail();
    expect(mailsTo(u.email, since).filter((m) => m.subject.includes("cancelled"))).toHaveLength(1);
  });

  it("the spec's GET cancels with a bearer token", async () => {
    const u = await user();
    const order = await insertOrder(u.id);
    const res = await api(`/order/cancel/${order.id}`, { ...as(u), requestedWith: false });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(CANCELLED);
  });

  it("refuses a paid, confirmed or shipped order, and changes nothing", async () => {
    const u = await user();
    const cases = [
      { delivery_status: "Confirmed", payment_status: "Paid", payment_type: "online" },
      { delivery_status: "Pending", payment_status: "Paid", payment_type: "online" },
      { delivery_status: "Shipped", payment_status: "Un-Paid", payment_type: "cash_on_delivery" },
      { delivery_status: "Confirmed", payment_status: "Un-Paid", payment_type: "cash_on_delivery" },
      { delivery_status: "Delivered", payment_status: "Paid", payment_type: "cash_on_delivery" },
    ];
    for (const c of cases) {
      const before = await stockOf(stocked.id);
      const order = await insertOrder(u.id, { ...c, lines: [{ product_id: stocked.id, reserve: true }] });
      const res = await api(`/order/cancel/${order.id}`, { ...byCookie(u), method: "POST" });
      expect(res.status, JSON.stringify(c)).toBe(409);
      expect(res.json).toEqual(NOT_CANCELLABLE);
      expect(await orderRow(order.id)).toMatchObject({ delivery_status: c.delivery_status, payment_status: c.payment_status, cancelled_at: null });
      expect(await stockOf(stocked.id)).toBe(before - 1);
    }
  });

  it("a cookie session without X-Requested-With cannot cancel, not even with the spec's GET", async () => {
    const u = await user();
    const order = await insertOrder(u.id);
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
    const order = await insertOrder(u.id, { delivery_status: "Delivered", payment_status: "Paid", delivered_at: new Date(Date.now() - 6 * DAY).toISOString(), lines: [{}, {}] });
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
    const late = await insertOrder(u.id, { delivery_status: "Delivered", payment_status: "Paid", delivered_at: new Date(Date.now() - 8 * DAY).toISOString() });
    const items = await api(`/purchase-history-items/${late.id}`, as(u));
    expect(items.json.data[0]).toMatchObject({ refund_button: false, refund_label: "" });
    const lateRes = await post(`/order/refund-request/${late.lineIds[0]}`, { reason: REASON }, as(u));
    expect(lateRes.status).toBe(409);
    expect(lateRes.json).toEqual({ result: false, message: "Refunds can be requested only within 7 days of delivery." });

    for (const delivery_status of ["Pending", "Shipped", "Cancelled"]) {
      const order = await insertOrder(u.id, { delivery_status });
      const res = await post(`/order/refund-request/${order.lineIds[0]}`, { reason: REASON }, as(u));
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ result: false, message: "A refund can be requested only after the item has been delivered." });
    }
    const fresh = await insertOrder(u.id, { delivery_status: "Delivered", delivered_at: new Date().toISOString() });
    const csrf = await post(`/order/refund-request/${fresh.lineIds[0]}`, { reason: REASON }, byCookie(u, false));
    expect(csrf.status).toBe(403);
    expect((await lineRows(fresh.id))[0]?.refund_status).toBeNull();
  });
});

describe("back office: /admin/orders", () => {
  it("answers only to the Admin-Key", async () => {
    expect((await admin("/orders", undefined, null)).status).toBe(401);
    expect((await admin("/orders", undefined, "wrong-key")).status).toBe(401);
    expect((await admin("/orders/1/status", { delivery_status: "Shipped" }, null)).status).toBe(401);
    expect((await admin("/order-lines/1/refund", { decision: "Approved" }, null)).status).toBe(401);
  });

  it("lists orders by status, newest first", async () => {
    const u = await user();
    const shipped = await insertOrder(u.id, { delivery_status: "Shipped" });
    const res = await admin("/orders?status=Shipped");
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({ id: shipped.id, code: shipped.code, user_id: u.id, customer_email: u.email, grand_total: 2950, delivery_status: "Shipped" });
    expect(res.json.data.every((o: { delivery_status: string }) => o.delivery_status === "Shipped")).toBe(true);
    expect(res.json.meta).toMatchObject({ current_page: 1, per_page: 20 });
    expect((await admin("/orders?status=Lost")).status).toBe(422);
  });

  it("moves a COD order Pending → Confirmed → Shipped → Delivered: shipped mail, then Paid on delivery with an invoice", async () => {
    const u = await user();
    const order = await insertOrder(u.id, { payment_row: true, lines: [{ quantity: 2 }] });
    const since = Date.now();

    const confirmed = await admin(`/orders/${order.id}/status`, { delivery_status: "Confirmed" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.order).toMatchObject({ id: order.id, delivery_status: "Confirmed", payment_status: "Un-Paid" });
    expect((await orderRow(order.id)).confirmed_at).not.toBeNull();

    const shipped = await admin(`/orders/${order.id}/status`, { delivery_status: "Shipped" });
    expect(shipped.json.order).toMatchObject({ delivery_status: "Shipped", payment_status: "Un-Paid" });
    expect((await orderRow(order.id)).shipped_at).not.toBeNull();
    expect((await lineRows(order.id)).map((l) => l.delivery_status)).toEqual(["Shipped"]);
    const mail = await mailTo(u.email, { since, subject: new RegExp(`Order ${order.code} shipped`) });
    expect(mail.text).toContain("is on its way");
    expect(mail.text).toContain("Please keep ₹5,900 ready to pay in cash at delivery.");

    // Shipped cannot go back, nor be cancelled by the customer or the merchant.
    for (const target of ["Confirmed", "Cancelled"]) {
      const res = await admin(`/orders/${order.id}/status`, { delivery_status: target });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ result: false, message: `An order that is Shipped cannot be marked ${target}.` });
    }
    expect((await api(`/order/cancel/${order.id}`, as(u))).json).toEqual(NOT_CANCELLABLE);

    const delivered = await admin(`/orders/${order.id}/status`, { delivery_status: "Delivered" });
    expect(delivered.status).toBe(200);
    expect(delivered.json.order).toMatchObject({ delivery_status: "Delivered", payment_status: "Paid", invoice_number: expect.any(String) });
    const row = await orderRow(order.id);
    expect(row.delivered_at).not.toBeNull();
    expect(row.paid_at).not.toBeNull();
    expect((await lineRows(order.id)).map((l) => l.delivery_status)).toEqual(["Delivered"]);
    const { db } = await testDb();
    const invoices = await db.selectFrom("invoices").select("number").where("order_id", "=", order.id).execute();
    expect(invoices).toEqual([{ number: delivered.json.order.invoice_number }]);
    expect(await db.selectFrom("payments").select(["status", "provider_payment_id"]).where("order_id", "=", order.id).executeTakeFirstOrThrow()).toEqual({ status: "paid", provider_payment_id: `cod-${order.code}` });

    // Delivered again changes nothing; the customer now sees Paid and a Refund button.
    expect((await admin(`/orders/${order.id}/status`, { delivery_status: "Delivered" })).status).toBe(409);
    expect((await api(`/purchase-history-details/${order.id}`, as(u))).json.data[0]).toMatchObject({ delivery_status_string: "Delivered", payment_status: "Paid" });
    expect((await api(`/purchase-history-items/${order.id}`, as(u))).json.data[0]).toMatchObject({ refund_button: true });
  });

  it("refuses illegal transitions with 409 and leaves the order alone", async () => {
    const u = await user();
    const pending = await insertOrder(u.id);
    for (const target of ["Delivered"]) {
      const res = await admin(`/orders/${pending.id}/status`, { delivery_status: target });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ result: false, message: `An order that is Pending cannot be marked ${target}.` });
    }
    const cancelled = await insertOrder(u.id, { delivery_status: "Cancelled" });
    for (const target of ["Confirmed", "Shipped", "Delivered", "Cancelled"]) {
      expect((await admin(`/orders/${cancelled.id}/status`, { delivery_status: target })).status).toBe(409);
    }
    // An unpaid online order waits for its payment (or its deadline); the merchant may cancel it.
    const awaiting = await insertOrder(u.id, { payment_type: "online" });
    for (const target of ["Confirmed", "Shipped"]) {
      const res = await admin(`/orders/${awaiting.id}/status`, { delivery_status: target });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ result: false, message: "An online order is confirmed when its payment arrives; it cannot be moved on before." });
    }
    expect((await orderRow(awaiting.id)).delivery_status).toBe("Pending");
    expect((await orderRow(pending.id)).delivery_status).toBe("Pending");
    expect((await orderRow(cancelled.id)).delivery_status).toBe("Cancelled");
    expect((await admin(`/orders/${pending.id}/status`, { delivery_status: "Pending" })).status).toBe(422);
    expect((await admin(`/orders/2147483647/status`, { delivery_status: "Shipped" })).status).toBe(404);
    expect((await admin(`/orders/abc/status`, { delivery_status: "Shipped" })).status).toBe(422);
  });

  it("cancels a paid order: stock back, payment stays Paid with its refund due, customer mailed", async () => {
    const u = await user();
    const before = await stockOf(stocked.id);
    const order = await insertOrder(u.id, { delivery_status: "Confirmed", payment_status: "Paid", payment_type: "online", payment_row: true, lines: [{ product_id: stocked.id, quantity: 2, reserve: true }] });
    const { db } = await testDb();
    await db.updateTable("payments").set({ status: "paid" }).where("order_id", "=", order.id).execute();
    const since = Date.now();
    const res = await admin(`/orders/${order.id}/status`, { delivery_status: "Cancelled" });
    expect(res.status).toBe(200);
    expect(res.json.order).toMatchObject({ delivery_status: "Cancelled", payment_status: "Paid", refund_due: true });
    expect(await orderRow(order.id)).toMatchObject({ cancel_reason: "merchant", delivery_status: "Cancelled" });
    expect(await stockOf(stocked.id)).toBe(before);
    await mailTo(u.email, { since, subject: new RegExp(`Order ${order.code} cancelled`) });
    // A second cancel does not give the stock back twice.
    expect((await admin(`/orders/${order.id}/status`, { delivery_status: "Cancelled" })).status).toBe(409);
    expect(await stockOf(stocked.id)).toBe(before);
  });

  it("cancels an unpaid Pending order the customer's way, stock back", async () => {
    const u = await user();
    const before = await stockOf(stocked.id);
    const order = await insertOrder(u.id, { lines: [{ product_id: stocked.id, quantity: 1, reserve: true }] });
    const res = await admin(`/orders/${order.id}/status`, { delivery_status: "Cancelled" });
    expect(res.json.order).toMatchObject({ delivery_status: "Cancelled", payment_status: "Un-Paid", refund_due: false });
    expect((await orderRow(order.id)).cancel_reason).toBe("merchant");
    expect(await stockOf(stocked.id)).toBe(before);
  });

  it("decides refund requests: Requested → Approved → Refunded, nothing else", async () => {
    const u = await user();
    const order = await insertOrder(u.id, { delivery_status: "Delivered", payment_status: "Paid", delivered_at: new Date().toISOString(), lines: [{}, {}, {}] });
    const [a, b, none] = order.lineIds as [number, number, number];
    await post(`/order/refund-request/${a}`, { reason: REASON }, as(u));
    await post(`/order/refund-request/${b}`, { reason: REASON }, as(u));

    const approved = await admin(`/order-lines/${a}/refund`, { decision: "Approved" });
    expect(approved.status).toBe(200);
    expect(approved.json.line).toEqual({ id: a, order_id: order.id, refund_status: "Approved" });
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Rejected" })).json).toEqual({ result: false, message: "A refund that is Approved cannot be marked Rejected." });
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Refunded" })).status).toBe(200);
    expect((await admin(`/order-lines/${b}/refund`, { decision: "Rejected" })).status).toBe(200);
    const noRequest = await admin(`/order-lines/${none}/refund`, { decision: "Approved" });
    expect(noRequest.status).toBe(409);
    expect(noRequest.json).toEqual({ result: false, message: "No refund was requested for this item." });
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Maybe" })).status).toBe(422);
    expect((await admin(`/order-lines/2147483647/refund`, { decision: "Approved" })).status).toBe(404);

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
    const order = await insertOrder(u.id, { delivery_status: "Delivered", payment_status: "Paid", delivered_at: new Date().toISOString(), lines: [{}, {}] });
    const [a, b] = order.lineIds as [number, number];
    for (const line of [a, b]) expect((await post(`/order/refund-request/${line}`, { reason: REASON }, as(u))).status).toBe(200);
    expect((await admin(`/order-lines/${a}/refund`, { decision: "Refunded" })).status).toBe(200);
    expect((await orderRow(order.id)).payment_status).toBe("Paid");
    expect((await admin(`/order-lines/${b}/refund`, { decision: "Refunded" })).status).toBe(200);
    expect((await orderRow(order.id)).payment_status).toBe("Refunded");
    const list = await api(`/purchase-history`, as(u));
    expect(list.json.data.find((o: { id: number }) => o.id === order.id)).toMatchObject({ payment_status: "Refunded" });
  });
});

describe("dashboard figures", () => {
  it("Total Expenditure counts paid and delivered COD orders; Total Products Ordered every unit not cancelled", async () => {
    const u = await user();
    await insertOrder(u.id, { payment_status: "Paid", payment_type: "online", delivery_status: "Confirmed" }); // ₹2,950, 1 unit
    await insertOrder(u.id, { delivery_status: "Delivered", lines: [{ quantity: 2 }] }); // COD delivered: ₹5,900, 2 units
    await insertOrder(u.id, { lines: [{ quantity: 4 }] }); // COD pending: not spent, 4 units
    await insertOrder(u.id, { delivery_status: "Cancelled", lines: [{ quantity: 8 }] }); // cancelled: neither
    await insertOrder(u.id, { delivery_status: "Cancelled", payment_status: "Paid", payment_type: "online" }); // cancelled after payment: owed back, neither
    const res = await fetch(`${inject("baseUrl")}/dashboard`, { headers: { cookie: u.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/data-testid="total-expenditure"[^>]*>₹8,850</);
    expect(html).toMatch(/data-testid="products-ordered"[^>]*>7</);
  });
});
