import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatPaise } from "@/lib/platform/format";
import { makeProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, runTag, testDb, type ApiAnswer, type TestUser } from "./client";
import { admin, newKey, placedOrder, step, type PlacedOrder } from "./orders-client";
import { adminAs, invitedStaff, tokenFor } from "./staff-client";

/**
 * Refunds that move money and the GST credit notes they issue (docs/back-office.md "Refunds and
 * credit notes", lib/orders/server/refunds.ts, lib/orders/server/credit-notes.ts), on the running
 * server, on both databases: a partial refund of an invoiced order issues a credit note whose PDF
 * says what Rule 53(1A) asks; twenty partial refunds at once never give back more than was paid;
 * the provider's signed refund webhook finishes a pending refund; a pending refund left by a crash
 * is finished by its own key, once; the customer downloads their own note and no one else's; roles
 * without refund:create are refused and change nothing.
 */

const nextIp = clientAddresses(183);

let shopper: TestUser;
let other: TestUser;

beforeAll(async () => {
  shopper = await newUser(nextIp(), { name: `Meera Credit ${runTag}` });
  other = await newUser(nextIp(), { name: "Other Customer" });
}, 120_000);

afterAll(async () => {
  await closeTestDb();
});

const refund = (orderId: number, body: unknown, key = newKey(), token?: string): Promise<ApiAnswer> =>
  admin(`/orders/${orderId}/refunds`, body, { headers: { "Idempotency-Key": key }, ...(token ? { token } : {}) });

/**
 * A paid online order delivered in Delhi, the seller's own State (so its invoice charges CGST and
 * SGST): placed through checkout, its delivery State set before the payment issues the invoice.
 */
async function paidDelhiOrder(u: TestUser, quantity = 3): Promise<PlacedOrder> {
  const product = await makeProduct({ price: 99999, stock: 1000 });
  const order = await placedOrder(u, { payment: "online", lines: [{ product, quantity }] });
  const { db } = await testDb();
  await db.updateTable("orders").set({ shipping_state: "Delhi" }).where("id", "=", order.id).execute();
  for (const s of ["pay", "ship", "deliver"] as const) await step(u, order, s);
  return order;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function download(path: string, init: { token?: string; cookie?: string; systemKey?: boolean } = {}) {
  const headers: Record<string, string> = { "X-Forwarded-For": nextIp() };
  if (init.systemKey) headers["System-Key"] = inject("systemKey");
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.Cookie = init.cookie;
  const res = await fetch(`${inject("baseUrl")}/api/v2${path}`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}

async function paymentOf(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("payments").select(["id", "amount", "refunded_amount", "status", "provider_payment_id"]).where("order_id", "=", orderId).orderBy("id").executeTakeFirstOrThrow();
}

async function creditNotesOf(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("credit_notes").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
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

async function refundWebhook(type: "refund.processed" | "refund.failed", entity: Record<string, unknown>, eventId = `evt_${newKey()}`): Promise<ApiAnswer> {
  const rawBody = JSON.stringify({ entity: "event", account_id: "acc_sandbox", event: type, contains: ["refund"], payload: { refund: { entity: { entity: "refund", currency: "INR", ...entity } } }, created_at: Math.floor(Date.now() / 1000) });
  const signature = createHmac("sha256", await webhookSecret()).update(rawBody).digest("hex");
  return api("/payments/sandbox/webhook", { method: "POST", body: rawBody, headers: { "Content-Type": "application/json", "X-Razorpay-Signature": signature, "X-Razorpay-Event-Id": eventId }, key: null, requestedWith: false });
}

/** What a kill -9 between the reservation and the provider's answer leaves: a pending refund holding its amount. */
async function crashedRefund(orderId: number, amount: number, key = newKey()) {
  const { db } = await testDb();
  const payment = await paymentOf(orderId);
  const at = new Date(Date.now() - 5 * 60_000).toISOString();
  await db.updateTable("payments").set({ refunded_amount: payment.refunded_amount + amount }).where("id", "=", payment.id).execute();
  const row = await db
    .insertInto("refunds")
    .values({ order_id: orderId, payment_id: payment.id, order_line_id: null, amount, method: "original", reference: null, provider_refund_id: null, status: "pending", idempotency_key: key, note: "Crashed mid-refund", credit_lines: null, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, key, providerPaymentId: payment.provider_payment_id as string };
}

describe("a partial refund of an invoiced order", () => {
  it("issues a GST credit note whose PDF has its serial, the words Credit Note, the original invoice and the CGST/SGST credited", async () => {
    const order = await paidDelhiOrder(shopper);
    const { db } = await testDb();
    const invoice = await db.selectFrom("invoices").select(["number", "issued_at"]).where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const res = await refund(order.id, { lines: [{ line_id: order.lineIds[0], quantity: 1 }], method: "original", note: "One cover arrived torn" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.refund).toMatchObject({ status: "processed", method: "original", amount: 999.99 });
    expect(res.json.refund.provider_refund_id).toMatch(/^rfnd_/);
    const note = res.json.credit_note;
    expect(note.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(note.number.length).toBeLessThanOrEqual(16);
    expect(note).toMatchObject({ invoice_number: invoice.number, refund_id: res.json.refund.id, total: 999.99, igst: 0 });

    const [row] = await creditNotesOf(order.id);
    expect(row).toMatchObject({ number: note.number, invoice_number: invoice.number, total: 99999, igst: 0 });
    expect(row!.cgst).toBeGreaterThan(0);
    expect(row!.cgst + row!.sgst + row!.taxable).toBe(99999);
    const lines = await db.selectFrom("credit_note_lines").select(["order_line_id", "quantity", "rate", "total"]).where("credit_note_id", "=", row!.id).execute();
    expect(lines).toEqual([{ order_line_id: order.lineIds[0], quantity: 1, rate: expect.any(Number), total: 99999 }]);

    const pdf = await download(`/admin/credit-notes/${row!.id}`, { token: inject("adminToken"), systemKey: true });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const text = await pdfText(pdf.bytes);
    for (const expected of ["Credit Note", note.number, invoice.number, "07AAKFK4821M1Z0", formatPaise(row!.cgst), formatPaise(row!.sgst), "Original invoice no.", "Authorised Signatory", "Delhi (07)"]) expect(text).toContain(expected);
    // Rendered once: the second download is the same bytes.
    expect((await download(`/admin/credit-notes/${row!.id}`, { token: inject("adminToken"), systemKey: true })).bytes.equals(pdf.bytes)).toBe(true);
  });

  it("numbers credit notes consecutively in their own series; the rest refunded in full credits exactly what the invoice charged", async () => {
    const order = await paidDelhiOrder(shopper, 2);
    const first = await refund(order.id, { amount: 123.45, method: "bank_transfer", reference: `UTR${runTag}` });
    expect(first.status, first.text).toBe(201);
    const rest = await refund(order.id, { full: true, method: "original" });
    expect(rest.status, rest.text).toBe(201);
    const [a, b] = await creditNotesOf(order.id);
    expect(Number(b!.number.slice(-6))).toBe(Number(a!.number.slice(-6)) + 1);
    const { db } = await testDb();
    const o = await db.selectFrom("orders").select(["grand_total", "tax", "payment_status"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(a!.total + b!.total).toBe(o.grand_total);
    expect(a!.cgst + a!.sgst + b!.cgst + b!.sgst).toBe(o.tax);
    expect(o.payment_status).toBe("Refunded");
    expect(await paymentOf(order.id)).toMatchObject({ status: "refunded", refunded_amount: o.grand_total });
  });

  it("a cancelled paid order's refund issues its credit note too", async () => {
    const order = await placedOrder(shopper, { payment: "online", then: ["pay", "staff_cancel"] });
    const res = await refund(order.id, { full: true, method: "original" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.credit_note.total).toBe(order.grandTotal / 100);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it("refuses a body that says no amount, or two of them, changing nothing", async () => {
    const order = await paidDelhiOrder(shopper, 1);
    for (const body of [{ method: "cash" }, { amount: 1, full: true, method: "cash" }, { lines: [], method: "cash" }, { lines: [{ line_id: order.lineIds[0], quantity: 0 }], method: "cash" }]) {
      const res = await refund(order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const tooMany = await refund(order.id, { lines: [{ line_id: order.lineIds[0], quantity: 2 }], method: "cash" });
    expect(tooMany.status).toBe(422);
    expect((await paymentOf(order.id)).refunded_amount).toBe(0);
    expect(await creditNotesOf(order.id)).toEqual([]);
  });
});

describe("twenty partial refunds at once", () => {
  it("never give back more than was paid, and each one that went through has its credit note", async () => {
    const order = await paidDelhiOrder(shopper, 3);
    const paid = (await paymentOf(order.id)).amount;
    const part = Math.floor(paid / 7);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refund(order.id, { amount: part / 100, method: i % 2 ? "original" : "cash", note: `Part ${i}` })));
    const made = answers.filter((r) => r.status === 201);
    expect(answers.every((r) => r.status === 201 || r.status === 409), answers.map((r) => `${r.status} ${r.text}`).join("\n")).toBe(true);
    expect(made).toHaveLength(Math.floor(paid / part));
    const payment = await paymentOf(order.id);
    expect(payment.refunded_amount).toBe(made.length * part);
    expect(payment.refunded_amount).toBeLessThanOrEqual(paid);
    const { db } = await testDb();
    const sandbox = await db.selectFrom("sandbox_refunds").select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("total")).where("payment_id", "=", payment.provider_payment_id as string).executeTakeFirstOrThrow();
    expect(Number(sandbox.total)).toBe(made.filter((r) => r.json.refund.method === "original").length * part);
    const notes = await creditNotesOf(order.id);
    expect(notes).toHaveLength(made.length);
    expect(new Set(notes.map((n) => n.number)).size).toBe(made.length);
    expect(notes.reduce((a, n) => a + n.total, 0)).toBe(made.length * part);
  });
});

describe("a refund pending with the provider", () => {
  it("is moved to processed by the provider's signed refund.processed webhook, with its credit note", async () => {
    const order = await paidDelhiOrder(shopper, 1);
    const crashed = await crashedRefund(order.id, 50000);
    const entity = { id: `rfnd_${runTag}ok`, payment_id: crashed.providerPaymentId, amount: 50000, status: "processed", receipt: crashed.key.slice(0, 40) };
    const eventId = `evt_${newKey()}`;
    const res = await refundWebhook("refund.processed", entity, eventId);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ result: true, message: "Refund processed." });
    const { db } = await testDb();
    expect(await db.selectFrom("refunds").select(["status", "provider_refund_id"]).where("id", "=", crashed.id).executeTakeFirstOrThrow()).toEqual({ status: "processed", provider_refund_id: entity.id });
    const notes = await creditNotesOf(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ refund_id: crashed.id, total: 50000 });
    // The same delivery again, and another delivery of the same event: nothing more.
    expect((await refundWebhook("refund.processed", entity, eventId)).json.message).toBe("Duplicate event.");
    expect((await refundWebhook("refund.processed", entity)).json.message).toBe("Refund already processed.");
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    // A bad signature changes nothing.
    const forged = await api("/payments/sandbox/webhook", { method: "POST", body: JSON.stringify({ event: "refund.failed" }), headers: { "Content-Type": "application/json", "X-Razorpay-Signature": "0".repeat(64) }, key: null, requestedWith: false });
    expect(forged.status).toBe(400);
  });

  it("is given back by refund.failed: its amount can be refunded again, and no credit note is issued", async () => {
    const order = await paidDelhiOrder(shopper, 1);
    const crashed = await crashedRefund(order.id, 30000);
    const res = await refundWebhook("refund.failed", { id: `rfnd_${runTag}no`, payment_id: crashed.providerPaymentId, amount: 30000, status: "failed", receipt: crashed.key.slice(0, 40) });
    expect(res.json).toEqual({ result: true, message: "Refund failed." });
    expect((await paymentOf(order.id)).refunded_amount).toBe(0);
    expect(await creditNotesOf(order.id)).toEqual([]);
  });

  it("left by a kill -9 is finished by its own key (Retry), and refunded once however often it is retried", async () => {
    const order = await paidDelhiOrder(shopper, 1);
    const crashed = await crashedRefund(order.id, 40000);
    const retry = () => admin(`/orders/${order.id}/refunds/${crashed.id}/retry`, {});
    const [one, two] = await Promise.all([retry(), retry()]);
    expect([one.status, two.status], one.text + two.text).toEqual([200, 200]);
    const again = await retry();
    expect(again.json.refund).toMatchObject({ id: crashed.id, status: "processed" });
    const { db } = await testDb();
    const sandbox = await db.selectFrom("sandbox_refunds").select(["amount"]).where("idempotency_key", "=", crashed.key).execute();
    expect(sandbox).toEqual([{ amount: 40000 }]);
    expect((await paymentOf(order.id)).refunded_amount).toBe(40000);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect((await admin(`/orders/${order.id}/refunds/999999999/retry`, {})).status).toBe(404);
  });
});

describe("GET /credit-note/download/{id}", () => {
  it("gives the customer their own credit note; another customer's is 404", async () => {
    const order = await paidDelhiOrder(shopper, 1);
    const res = await refund(order.id, { amount: 10, method: "cash" });
    expect(res.status, res.text).toBe(201);
    const id = res.json.credit_note.id as number;
    const own = await download(`/credit-note/download/${id}`, { cookie: shopper.cookie });
    expect(own.status).toBe(200);
    expect(own.type).toBe("application/pdf");
    expect(await pdfText(own.bytes)).toContain(res.json.credit_note.number);
    const theirs = await download(`/credit-note/download/${id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect((await download(`/credit-note/download/999999999`, { token: shopper.token })).status).toBe(404);
    expect((await download(`/credit-note/download/abc`, { token: shopper.token })).status).toBe(404);
    expect((await download(`/credit-note/download/${id}`)).status).toBe(401);
    // The order details page lists it.
    const page = await fetch(`${inject("baseUrl")}/order-details/${order.id}`, { headers: { Cookie: shopper.cookie, "X-Forwarded-For": nextIp() } });
    expect(await page.text()).toContain(`/api/v2/credit-note/download/${id}`);
  });
});

describe("who may refund", () => {
  it("refuses roles without refund:create (catalog, fulfilment, content) and changes nothing; support may", async () => {
    const order = await paidDelhiOrder(shopper, 1);
    for (const role of ["catalog", "fulfilment", "content"] as const) {
      const staff = await invitedStaff(role, nextIp(), `credit-${role}`);
      const token = await tokenFor(staff.id, role === "fulfilment" ? ["order:read", "refund:read"] : ["product:read"], nextIp());
      const res = await adminAs(token, `/orders/${order.id}/refunds`, { method: "POST", json: { amount: 10, method: "cash" }, headers: { "Idempotency-Key": newKey() } });
      expect(res.status, `${role}: ${res.text}`).toBe(403);
    }
    expect((await paymentOf(order.id)).refunded_amount).toBe(0);
    expect(await creditNotesOf(order.id)).toEqual([]);
    const support = await invitedStaff("support", nextIp(), "credit-support");
    const token = await tokenFor(support.id, ["refund:create", "order:read"], nextIp());
    const ok = await adminAs(token, `/orders/${order.id}/refunds`, { method: "POST", json: { amount: 10, method: "cash" }, headers: { "Idempotency-Key": newKey() } });
    expect(ok.status, ok.text).toBe(201);
  });
});
