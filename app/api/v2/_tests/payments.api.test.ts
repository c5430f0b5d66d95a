import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { dropTestProducts, ledgerOf, makeProduct, setProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, mailsTo, newUser, post, runTag, settleMail, testDb, type ApiAnswer, type TestUser } from "./client";
import { eventsOf, placedOrder } from "./orders-client";

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Client addresses 10.120.x.y: rate limits never cross into other files. */
const nextIp = clientAddresses(120);
const user = () => newUser(nextIp());

const EXPIRED = "This order has expired and its items were released. Please place a new order.";
const ALREADY_PAID = "This order is already paid.";
const PROVIDER_ORDER = /^order_[A-Za-z0-9]{14}$/;

/* ---------------------------------------------------------------------------------------------
 * Orders placed through checkout (./orders-client.ts): an online order is Pending / Un-Paid, its
 * units taken from stock, with a deadline and a payments row without a provider order yet.
 * ------------------------------------------------------------------------------------------- */

type TestOrder = { id: number; code: string; total: number; product: TestProduct; quantity: number };

async function placeOnlineOrder(u: TestUser, options: { quantity?: number; stock?: number; price?: number; dueInMinutes?: number; paymentType?: "online" | "cash_on_delivery" } = {}): Promise<TestOrder> {
  const quantity = options.quantity ?? 2;
  const product = await makeProduct({ price: options.price ?? 123_450, stock: options.stock ?? 10 });
  const placed = await placedOrder(u, { payment: options.paymentType === "cash_on_delivery" ? "cod" : "online", lines: [{ product, quantity }] });
  if (options.dueInMinutes !== undefined) await setDue(placed.id, options.dueInMinutes);
  return { id: placed.id, code: placed.code, total: placed.grandTotal, product, quantity };
}

async function orderRow(id: number) {
  const { db } = await testDb();
  return db.selectFrom("orders").select(["delivery_status", "payment_status", "cancel_reason", "paid_at"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function lineStatuses(orderId: number) {
  const { db } = await testDb();
  return (await db.selectFrom("order_lines").select("delivery_status").where("order_id", "=", orderId).orderBy("id").execute()).map((l) => l.delivery_status);
}

async function paymentRow(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("payments").select(["provider", "provider_order_id", "provider_payment_id", "status", "error", "amount"]).where("order_id", "=", orderId).executeTakeFirstOrThrow();
}

async function invoiceOf(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("invoices").select(["number"]).where("order_id", "=", orderId).executeTakeFirst();
}

async function stockOf(productId: number): Promise<number> {
  const { db } = await testDb();
  return (await db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow()).stock_quantity;
}

async function setDue(orderId: number, minutesFromNow: number) {
  const { db } = await testDb();
  await db.updateTable("orders").set({ payment_due_at: new Date(Date.now() + minutesFromNow * 60_000).toISOString() }).where("id", "=", orderId).execute();
}

/* ---------------------------------------------------------------------------------------------
 * The calls: start, the sandbox "bank", the browser's callback, the provider's webhook.
 * ------------------------------------------------------------------------------------------- */

const start = (u: TestUser, orderId: unknown) => post("/payments/start", { order_id: orderId }, { token: u.token, ip: u.ip });

async function startOk(u: TestUser, order: TestOrder): Promise<string> {
  const res = await start(u, order.id);
  expect(res.status, res.text).toBe(200);
  return res.json.provider_order_id as string;
}

const bank = (providerOrderId: string, outcome: "success" | "failure", amount?: number) =>
  post("/payments/sandbox/pay", { provider_order_id: providerOrderId, outcome, ...(amount === undefined ? {} : { amount }) });

/** The browser's form post to callback_url (no System-Key, no session), redirects not followed. */
function callback(code: string, fields: Record<string, string>, as: "form" | "json" = "form"): Promise<ApiAnswer> {
  const body = as === "form" ? new URLSearchParams(fields).toString() : JSON.stringify(fields);
  return api(`/payments/callback?order=${encodeURIComponent(code)}`, {
    method: "POST",
    body,
    key: null,
    requestedWith: false,
    redirect: "manual",
    headers: { "Content-Type": as === "form" ? "application/x-www-form-urlencoded" : "application/json" },
  });
}

function expectLanding(res: ApiAnswer, ok: boolean, code: string | null) {
  expect(res.status, res.text).toBe(303);
  expect(res.headers.get("location")).toBe(`/payment-response?response=${ok ? 1 : 0}${code ? `&order=${code}` : ""}`);
}

/** The sandbox's webhook secret, derived from the install's auth secret as the server derives it. */
async function webhookSecret(): Promise<string> {
  if (process.env.PAYMENTS_SANDBOX_WEBHOOK_SECRET) return process.env.PAYMENTS_SANDBOX_WEBHOOK_SECRET;
  let base = process.env.AUTH_SECRET;
  if (!base) {
    const { db } = await testDb();
    const row = await sql<{ value: string }>`select value from app_secrets where name = 'auth'`.execute(db);
    base = row.rows[0]?.value as string;
  }
  return createHmac("sha256", base).update("payments-sandbox:webhook-secret").digest("base64url");
}

const paymentEvent = (event: string, entity: Record<string, unknown>) =>
  JSON.stringify({ entity: "event", account_id: "acc_test", event, contains: ["payment"], payload: { payment: { entity: { entity: "payment", ...entity } } }, created_at: Math.floor(Date.now() / 1000) });

let eventCount = 0;
const newEventId = () => `evt_${runTag}${++eventCount}`;

async function webhook(rawBody: string, options: { eventId?: string; signature?: string | null; provider?: string } = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Razorpay-Event-Id": options.eventId ?? newEventId() };
  const signature = options.signature === undefined ? createHmac("sha256", await webhookSecret()).update(rawBody).digest("hex") : options.signature;
  if (signature !== null) headers["X-Razorpay-Signature"] = signature;
  return api(`/payments/${options.provider ?? "sandbox"}/webhook`, { method: "POST", body: rawBody, headers, key: null, requestedWith: false });
}

/* ---------------------------------------------------------------------------------------------
 * Tests
 * ------------------------------------------------------------------------------------------- */

describe("POST /payments/start", () => {
  it("creates one provider order for the order, stores it, and answers the checkout parameters", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const res = await start(u, order.id);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const id = res.json.provider_order_id as string;
    expect(id).toMatch(PROVIDER_ORDER);
    expect(res.json).toEqual({
      result: true,
      provider: "sandbox",
      key_id: expect.any(String),
      provider_order_id: id,
      amount: order.total,
      currency: "INR",
      name: "Kesar Home",
      description: `Order ${order.code}`,
      prefill: { name: u.name, email: u.email, contact: "9876543210" },
      callback_url: `/api/v2/payments/callback?order=${order.code}`,
      checkout_url: `/payment/sandbox?order_id=${id}`,
    });
    expect(await paymentRow(order.id)).toMatchObject({ provider: "sandbox", provider_order_id: id, status: "created" });

    // Retry Payment: the same provider order, never a second one.
    const again = await start(u, order.id);
    expect(again.status).toBe(200);
    expect(again.json.provider_order_id).toBe(id);
  });

  it("ten starts at once end with one provider order, the one every answer names", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(u, order.id)));
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const ids = new Set(answers.map((a) => a.json.provider_order_id));
    expect(ids.size).toBe(1);
    expect((await paymentRow(order.id)).provider_order_id).toBe([...ids][0]);
    const { db } = await testDb();
    expect(await db.selectFrom("payments").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
  });

  it("another customer's order is 404, a guest is 401, and cookie sessions need X-Requested-With", async () => {
    const owner = await user();
    const other = await user();
    const order = await placeOnlineOrder(owner);
    const res = await start(other, order.id);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ result: false, message: "Order not found." });
    expect((await paymentRow(order.id)).provider_order_id).toBeNull();
    const guest = await post("/payments/start", { order_id: order.id });
    expect(guest.status).toBe(401);
    const noHeader = await post("/payments/start", { order_id: order.id }, { cookie: owner.cookie, requestedWith: false, ip: owner.ip });
    expect(noHeader.status).toBe(403);
    expect((await paymentRow(order.id)).provider_order_id).toBeNull();
  });

  it("refuses a paid order, a Cash on Delivery order, and malformed ids with 4xx", async () => {
    const u = await user();
    const cod = await placeOnlineOrder(u, { paymentType: "cash_on_delivery" });
    const codRes = await start(u, cod.id);
    expect(codRes.status).toBe(409);
    expect(codRes.json).toEqual({ result: false, message: "This order is paid by Cash on Delivery." });

    const paid = await placeOnlineOrder(u);
    const id = await startOk(u, paid);
    const pay = await bank(id, "success");
    expectLanding(await callback(paid.code, pay.json.fields), true, paid.code);
    const paidRes = await start(u, paid.id);
    expect(paidRes.status).toBe(409);
    expect(paidRes.json).toEqual({ result: false, message: ALREADY_PAID });

    for (const bad of ["abc", -1, 0, 1.5, null, 99_999_999_999]) {
      const res = await start(u, bad);
      expect(res.status, `order_id ${JSON.stringify(bad)}`).toBe(422);
      expect(res.json.result).toBe(false);
    }
    const notJson = await post("/payments/start", "{oops", { token: u.token, ip: u.ip });
    expect(notJson.status).toBe(400);
    expect((await start(u, 2_000_000_000)).status).toBe(404);
  });
});

describe("paying through the sandbox: the browser's callback", () => {
  it("success: the order is Paid and Confirmed, its invoice issued, the paid mail sent once, and the browser lands on response=1", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const id = await startOk(u, order);
    const since = Date.now();
    const pay = await bank(id, "success");
    expect(pay.status, pay.text).toBe(200);
    expect(Object.keys(pay.json.fields).sort()).toEqual(["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"]);
    expect(pay.json.fields.razorpay_order_id).toBe(id);
    expect(pay.json.fields.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);

    expectLanding(await callback(order.code, pay.json.fields), true, order.code);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Confirmed", payment_status: "Paid" });
    // Its lines follow it.
    expect(await lineStatuses(order.id)).toEqual(["Confirmed"]);
    expect(await paymentRow(order.id)).toMatchObject({ status: "paid", provider_payment_id: pay.json.fields.razorpay_payment_id, error: null });
    expect((await invoiceOf(order.id))?.number).toMatch(/^KH\/\d{2}-\d{2}\/\d{6}$/);
    const paidEvents = (await eventsOf(order.id)).filter((e) => e.actor === "provider");
    expect(paidEvents.map((e) => [e.entity, e.event, e.from_state, e.to_state])).toEqual([
      ["order", "pay", "Pending/Un-Paid", "Confirmed/Paid"],
      ["line", "confirm", "Pending", "Confirmed"],
      ["payment", "capture", "created", "paid"],
    ]);
    expect(paidEvents[0]?.note).toBe(`sandbox payment ${pay.json.fields.razorpay_payment_id}`);

    // The same post again (a reload) lands on success and changes nothing; the sandbox's own
    // webhook for this payment comes a moment later and changes nothing either.
    expectLanding(await callback(order.code, pay.json.fields), true, order.code);
    await settleMail(2000);
    const paidMails = mailsTo(u.email, since).filter((m) => m.subject === `Payment received for order ${order.code}`);
    expect(paidMails).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Confirmed", payment_status: "Paid" });
  });

  it("accepts the provider's fields as JSON too", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const pay = await bank(await startOk(u, order), "success");
    expectLanding(await callback(order.code, pay.json.fields, "json"), true, order.code);
    expect((await orderRow(order.id)).payment_status).toBe("Paid");
  });

  it("failure: response=0, the order stays Un-Paid with the error the provider signed; Retry Payment reuses the provider order and succeeds", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const id = await startOk(u, order);
    const failed = await bank(id, "failure");
    expect(failed.status).toBe(200);
    expect(failed.json.fields["error[code]"]).toBe("BAD_REQUEST_ERROR");
    expectLanding(await callback(order.code, failed.json.fields), false, order.code);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Pending", payment_status: "Un-Paid" });
    // The failure is recorded from the provider's signed webhook, never from the browser's post.
    await settleMail(1000);
    const afterFailure = await paymentRow(order.id);
    expect(afterFailure.status).toBe("failed");
    expect(afterFailure.error).toMatch(/BAD_REQUEST_ERROR/);
    expect((await eventsOf(order.id)).filter((e) => e.event === "fail").map((e) => [e.entity, e.actor, e.from_state, e.to_state])).toEqual([["payment", "provider", "created", "failed"]]);
    expect(await invoiceOf(order.id)).toBeUndefined();

    const retry = await start(u, order.id);
    expect(retry.status).toBe(200);
    expect(retry.json.provider_order_id).toBe(id);
    const pay = await bank(id, "success");
    expectLanding(await callback(order.code, pay.json.fields), true, order.code);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Confirmed", payment_status: "Paid" });
    expect(await paymentRow(order.id)).toMatchObject({ status: "paid", error: null });
    // The failure's webhook, arriving after the success, changes nothing.
    await settleMail(1000);
    expect(await paymentRow(order.id)).toMatchObject({ status: "paid", error: null });
  });

  it("refuses a signature made for another provider order: nothing is paid", async () => {
    const u = await user();
    const mine = await placeOnlineOrder(u);
    const other = await placeOnlineOrder(u);
    await startOk(u, mine);
    const otherId = await startOk(u, other);
    const payOther = await bank(otherId, "success");
    // The posted razorpay_order_id is ignored: the store checks against the order it stored.
    expectLanding(await callback(mine.code, payOther.json.fields), false, mine.code);
    expect((await orderRow(mine.id)).payment_status).toBe("Un-Paid");
    expect(await invoiceOf(mine.id)).toBeUndefined();
    expect((await paymentRow(mine.id)).status).not.toBe("paid");
  });

  it("refuses a forged signature and a tampered amount: the order stays Un-Paid", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const id = await startOk(u, order);
    const forged = { razorpay_order_id: id, razorpay_payment_id: "pay_FORGED00000000", razorpay_signature: "0".repeat(64) };
    expectLanding(await callback(order.code, forged), false, order.code);
    // A signature that does not verify changes nothing at all.
    expect(await paymentRow(order.id)).toMatchObject({ status: "created", error: null });
    expect((await orderRow(order.id)).payment_status).toBe("Un-Paid");

    // The "bank" took ₹1 instead of the order's amount; its signature is genuine.
    const tampered = await bank(id, "success", 100);
    expect(tampered.status).toBe(200);
    expectLanding(await callback(order.code, tampered.json.fields), false, order.code);
    await settleMail(1000); // the sandbox's webhook for it reports ₹1 too
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Pending", payment_status: "Un-Paid" });
    expect((await paymentRow(order.id)).error).toMatch(/amount_mismatch/);
    expect(await invoiceOf(order.id)).toBeUndefined();
  });

  it("answers malformed callbacks with a 303 to response=0, never a 500", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    await startOk(u, order);
    expectLanding(await callback(order.code, {}), false, order.code);
    expectLanding(await callback(order.code, { razorpay_payment_id: "pay_x", razorpay_signature: "nothex" }), false, order.code);
    expectLanding(await callback(order.code, { razorpay_payment_id: "../../etc", razorpay_signature: "a".repeat(64) }), false, order.code);
    expectLanding(await callback("UNKNOWNCODE", { razorpay_payment_id: "pay_x", razorpay_signature: "a".repeat(64) }), false, "UNKNOWNCODE");
    expectLanding(await callback("<script>", {}), false, null);
    const garbage = await api(`/payments/callback?order=${order.code}`, { method: "POST", body: "{not json", key: null, redirect: "manual", headers: { "Content-Type": "application/json" } });
    expectLanding(garbage, false, order.code);
    const none = await api(`/payments/callback`, { method: "POST", body: "", key: null, redirect: "manual" });
    expectLanding(none, false, null);
    expect((await orderRow(order.id)).payment_status).toBe("Un-Paid");
  });

  it("an unsigned post with the provider's error fields, or a bad signature, changes no payment; the landing does not tell whether the code exists", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const id = await startOk(u, order);
    const attacker = { "error[code]": "BAD_REQUEST_ERROR", "error[description]": "Card declined (attacker's text)", "error[metadata]": JSON.stringify({ order_id: id }) };
    const unknownCode = "KH000000-ZZZZZ";
    const known = await callback(order.code, attacker);
    const unknown = await callback(unknownCode, attacker);
    expectLanding(known, false, order.code);
    expectLanding(unknown, false, unknownCode);
    // The two answers differ only by the code that was sent.
    expect(known.headers.get("location")!.replace(order.code, "CODE")).toBe(unknown.headers.get("location")!.replace(unknownCode, "CODE"));
    expect(known.text).toBe(unknown.text);
    const badSignature = await callback(order.code, { razorpay_order_id: id, razorpay_payment_id: "pay_ATTACKER000000", razorpay_signature: "f".repeat(64) });
    expectLanding(badSignature, false, order.code);
    expect(await paymentRow(order.id)).toMatchObject({ status: "created", error: null });
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Pending", payment_status: "Un-Paid" });
    expect((await eventsOf(order.id)).map((e) => e.event)).toEqual(["place", "create"]);
  });

  it("the sandbox bank refuses unknown and malformed provider orders with 4xx", async () => {
    expect((await bank("order_AAAAAAAAAAAAAA", "success")).status).toBe(404);
    const malformed = await bank("order_bad", "success");
    expect(malformed.status).toBe(422);
    const badOutcome = await post("/payments/sandbox/pay", { provider_order_id: "order_AAAAAAAAAAAAAA", outcome: "maybe" });
    expect(badOutcome.status).toBe(422);
    const badAmount = await post("/payments/sandbox/pay", { provider_order_id: "order_AAAAAAAAAAAAAA", outcome: "success", amount: -5 });
    expect(badAmount.status).toBe(422);
  });
});

describe("POST /payments/{provider}/webhook", () => {
  it("a bad or missing signature is 400 and changes nothing", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const id = await startOk(u, order);
    const body = paymentEvent("payment.captured", { id: `pay_${runTag}bad`, order_id: id, amount: order.total, currency: "INR", status: "captured" });
    const eventId = newEventId();
    for (const signature of ["0".repeat(64), null, createHmac("sha256", "not-the-secret").update(body).digest("hex")]) {
      const res = await webhook(body, { eventId, signature });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ result: false, message: "Invalid webhook signature." });
    }
    // Signed over other bytes than those sent.
    const signedOther = createHmac("sha256", await webhookSecret()).update(`${body} `).digest("hex");
    expect((await webhook(body, { eventId, signature: signedOther })).status).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ payment_status: "Un-Paid", delivery_status: "Pending" });
    const { db } = await testDb();
    expect(await db.selectFrom("payment_events").select("id").where("event_id", "=", eventId).execute()).toHaveLength(0);
  });

  it("payment.captured marks the order paid; a payment.failed after it changes nothing", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const id = await startOk(u, order);
    const paymentId = `pay_${runTag}cap`;
    const res = await webhook(paymentEvent("payment.captured", { id: paymentId, order_id: id, amount: order.total, currency: "INR", status: "captured" }));
    expect(res.status, res.text).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Confirmed", payment_status: "Paid" });
    expect(await paymentRow(order.id)).toMatchObject({ status: "paid", provider_payment_id: paymentId });
    expect(await invoiceOf(order.id)).toBeDefined();

    const late = await webhook(paymentEvent("payment.failed", { id: `pay_${runTag}late`, order_id: id, amount: order.total, currency: "INR", status: "failed", error_code: "BAD_REQUEST_ERROR", error_description: "late failure" }));
    expect(late.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Confirmed", payment_status: "Paid" });
    expect(await paymentRow(order.id)).toMatchObject({ status: "paid", error: null });
  });

  it("order.paid with a wrong amount is refused; with the right amount it pays", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const id = await startOk(u, order);
    const event = (amount: number) =>
      JSON.stringify({
        entity: "event",
        event: "order.paid",
        contains: ["payment", "order"],
        payload: {
          payment: { entity: { id: `pay_${runTag}op${amount}`, entity: "payment", amount, currency: "INR", status: "captured", order_id: id } },
          order: { entity: { id, entity: "order", amount: order.total, amount_paid: amount, currency: "INR", status: "paid" } },
        },
      });
    expect((await webhook(event(order.total - 1))).status).toBe(200);
    expect((await orderRow(order.id)).payment_status).toBe("Un-Paid");
    expect((await paymentRow(order.id)).error).toMatch(/amount_mismatch/);
    expect((await webhook(event(order.total))).status).toBe(200);
    expect((await orderRow(order.id)).payment_status).toBe("Paid");
  });

  it("the same event id twice has one effect", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u);
    const id = await startOk(u, order);
    const eventId = newEventId();
    const body = paymentEvent("payment.failed", { id: `pay_${runTag}dup`, order_id: id, amount: order.total, currency: "INR", status: "failed", error_code: "GATEWAY_ERROR", error_description: "first delivery" });
    const first = await webhook(body, { eventId });
    expect(first.status).toBe(200);
    expect((await paymentRow(order.id)).error).toMatch(/first delivery/);
    const { db } = await testDb();
    await db.updateTable("payments").set({ error: null }).where("order_id", "=", order.id).execute();
    const second = await webhook(body, { eventId });
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ result: true, message: "Duplicate event." });
    expect((await paymentRow(order.id)).error).toBeNull();
    expect(await db.selectFrom("payment_events").select("event_type").where("event_id", "=", eventId).execute()).toEqual([{ event_type: "payment.failed" }]);
  });

  it("ignores unknown events and orders it does not know with 200; refuses malformed ones and unknown providers with 4xx", async () => {
    expect((await webhook(JSON.stringify({ event: "refund.created", payload: {} }))).json).toEqual({ result: true, message: "Event ignored." });
    // A refund event the store acts on (refunds-credit.api.test.ts) without its refund is malformed.
    expect((await webhook(JSON.stringify({ event: "refund.processed", payload: {} }))).status).toBe(400);
    const stranger = await webhook(paymentEvent("payment.captured", { id: "pay_stranger", order_id: "order_NOTOURS0000000", amount: 100, currency: "INR", status: "captured" }));
    expect(stranger.status).toBe(200);
    expect((await webhook("{not json")).status).toBe(400);
    expect((await webhook(JSON.stringify({ no: "event" }))).status).toBe(400);
    expect((await webhook(JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: 5 } } } }))).status).toBe(400);
    expect((await webhook("{}", { provider: "paypal" })).status).toBe(404);
    // Razorpay is not configured in the tests.
    expect((await webhook("{}", { provider: "razorpay" })).status).toBe(404);
  });
});

describe("the payment deadline", () => {
  it("an expired order's start is 409 with the spec's message, and its stock is back", async () => {
    const u = await user();
    const since = Date.now();
    const order = await placeOnlineOrder(u, { stock: 10, quantity: 3 });
    expect(await stockOf(order.product.id)).toBe(7);
    await setDue(order.id, -1);
    const res = await start(u, order.id);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ result: false, message: EXPIRED });
    expect(await stockOf(order.product.id)).toBe(10);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Cancelled", payment_status: "Un-Paid", cancel_reason: "payment_timeout" });
    // The customer is told, once.
    await settleMail();
    const expiry = mailsTo(u.email, since).filter((m) => m.subject === `Order ${order.code} cancelled: payment not received`);
    expect(expiry).toHaveLength(1);
    expect(expiry[0]?.text).toContain("it has been cancelled and its items were released");
  });

  it("a payment arriving after the deadline revives the order when its stock is still there", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u, { stock: 10, quantity: 2 });
    const id = await startOk(u, order);
    await setDue(order.id, -1);
    const pay = await bank(id, "success");
    // The callback releases the expired order first (stock back), then the payment takes it again.
    expectLanding(await callback(order.code, pay.json.fields), true, order.code);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Confirmed", payment_status: "Paid" });
    expect(await stockOf(order.product.id)).toBe(8);
    expect(await ledgerOf(order.product.id)).toBe(8);
    expect(await paymentRow(order.id)).toMatchObject({ status: "paid" });
    expect(await lineStatuses(order.id)).toEqual(["Confirmed"]);
    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.entity === "order").map((e) => [e.event, e.actor])).toEqual([
      ["place", "customer"],
      ["expire", "system"],
      ["revive", "provider"],
    ]);
    const { db } = await testDb();
    expect((await db.selectFrom("stock_movements").select(["delta", "reason"]).where("order_id", "=", order.id).orderBy("id").execute()).map((m) => [m.reason, m.delta])).toEqual([
      ["sale", -2],
      ["expiry", 2],
      ["revival", -2],
    ]);
  });

  it("a payment arriving after the stock went to someone else leaves the order Cancelled, Paid, and its payment due for refund", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u, { stock: 2, quantity: 2 });
    const id = await startOk(u, order);
    await setDue(order.id, -1);
    expect((await start(u, order.id)).json.message).toBe(EXPIRED);
    expect(await stockOf(order.product.id)).toBe(2);
    // Another shopper buys the last units.
    await setProduct(order.product.id, { stock_quantity: 0, availability: "out_of_stock" });
    const pay = await bank(id, "success");
    expectLanding(await callback(order.code, pay.json.fields), false, order.code);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Cancelled", payment_status: "Paid" });
    expect(await paymentRow(order.id)).toMatchObject({ status: "refund_due" });
    expect(await stockOf(order.product.id)).toBe(0);
  });

  it("paying an order the customer cancelled does not bring it back: it stays Cancelled, its money is due back, no invoice", async () => {
    const u = await user();
    const order = await placeOnlineOrder(u, { stock: 10, quantity: 2 });
    const id = await startOk(u, order);
    const cancelled = await api(`/order/cancel/${order.id}`, { token: u.token, ip: u.ip });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(order.product.id)).toBe(10);
    const pay = await bank(id, "success");
    expectLanding(await callback(order.code, pay.json.fields), false, order.code);
    // Reported again (the webhook, a reload): still a refund, still no invoice.
    expectLanding(await callback(order.code, pay.json.fields), false, order.code);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Cancelled", payment_status: "Paid", cancel_reason: "customer" });
    expect(await paymentRow(order.id)).toMatchObject({ status: "refund_due" });
    expect(await invoiceOf(order.id)).toBeUndefined();
    expect(await stockOf(order.product.id)).toBe(10);
  });
});

/** The most units the product page lets one add (0 when sold out), read from its HTML. */
const maxQuantityOn = (html: string) => Number(/maxQuantity\\?":(\d+)/.exec(html)?.[1] ?? NaN);

describe("the minute's sweep", () => {
  it("cancels an unpaid online order past its deadline on its own: stock back, the product's page refreshed, the event by the system", async () => {
    const u = await user();
    const since = Date.now();
    const order = await placeOnlineOrder(u, { stock: 3, quantity: 3 });
    const page = async () => (await fetch(`${inject("baseUrl")}/products/${order.product.slug}`)).text();
    const apiStock = async () => (await api(`/products/${order.product.slug}/0`)).json.data[0].stock_quantity as number;
    // Sold out, and read so (the page and the API read are cached now).
    expect(await apiStock()).toBe(0);
    expect(maxQuantityOn(await page())).toBe(0);
    await setDue(order.id, -1);
    // Nobody calls anything: the server's own sweep (every 2 s in these tests) releases it.
    const deadline = Date.now() + 15_000;
    while ((await orderRow(order.id)).delivery_status !== "Cancelled" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Cancelled", payment_status: "Un-Paid", cancel_reason: "payment_timeout" });
    expect(await stockOf(order.product.id)).toBe(3);
    expect(await ledgerOf(order.product.id)).toBe(3);
    expect((await eventsOf(order.id)).filter((e) => e.actor === "system").map((e) => [e.entity, e.event, e.to_state, e.note])).toEqual([
      ["order", "expire", "Cancelled/Un-Paid", "payment deadline passed"],
      ["line", "cancel", "Cancelled", "payment deadline passed"],
      ["payment", "void", "failed", "payment deadline passed"],
    ]);
    // The page and the API show the units back at once: the sweep, outside any request, refreshed them.
    expect(await apiStock()).toBe(3);
    expect(maxQuantityOn(await page())).toBe(3);
    await settleMail();
    expect(mailsTo(u.email, since).filter((m) => m.subject === `Order ${order.code} cancelled: payment not received`)).toHaveLength(1);
  });
});
