import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getConfig } from "@/lib/platform/config";
import { openDatabase, type DbHandle } from "@/lib/platform/db/connection";
import { migrateToLatest } from "@/lib/platform/db/migrate";
import { seedDatabase } from "@/lib/seed";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startMailReceiver } from "@/lib/testing/mail-receiver";
import { createStaff } from "@/lib/testing/staff";
import { freePort, startServer, waitForServer } from "@/scripts/lib/build";

/**
 * "kill -9 during a provider refund refunds once" (issue 25 point 11; lib/orders/server/refunds.ts),
 * for real: on a server of this file's own (the API tests' build, a fresh database of the run's
 * dialect), a paid online order is refunded through the sandbox payment provider while its refund
 * call is held (SANDBOX_TEST_HOLD_REFUND, a test-only switch the sandbox reads), and the server is
 * killed with SIGKILL in the middle of it, twice:
 *  1. before the provider recorded the refund (it never got the request);
 *  2. after the provider recorded it, before the store heard its answer (the dangerous one).
 * After each start the clerk retries (the Retry button's route, the refund's own idempotency key);
 * on the last start, with nothing held, the refund is processed. The provider made exactly one
 * refund, the store's refund row was processed once (one credit note, one refund mail), and
 * nothing ever went beyond what was paid; the original request sent again with its key answers
 * the same refund.
 */

let database: TestDatabase;
let db: DbHandle;
let mail: Awaited<ReturnType<typeof startMailReceiver>>;
let server: ChildProcess | undefined;
let output = "";
let base = "";
let env: NodeJS.ProcessEnv;
let ownerToken = "";
let productId = 0;

async function start(extra: Record<string, string> = {}): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  output = "";
  server = startServer(port, { ...env, ...extra }, { quiet: true });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForServer(`${base}/api/v2/ping`, 60_000);
}

async function kill(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

type Answer = { status: number; json: Record<string, unknown> & { [key: string]: unknown }; text: string };

async function call(path: string, init: { body?: unknown; token?: string; ip: string; headers?: Record<string, string> }): Promise<Answer> {
  const headers: Record<string, string> = { "System-Key": getConfig().systemKey, "X-Requested-With": "XMLHttpRequest", "X-Forwarded-For": init.ip, ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${base}/api/v2${path}`, { method: init.body === undefined ? "GET" : "POST", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text };
}

async function until<T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const IP = "10.184.0.1";

/** A customer with a confirmed email, signed in, with one address. */
async function customer(): Promise<{ token: string; addressId: number }> {
  const email = `refund-crash-${randomBytes(3).toString("hex")}@example.com`;
  const password = `Crash-${randomBytes(6).toString("hex")}!`;
  const signup = await call("/auth/signup", { body: { name: "Refund Crash Customer", email_or_phone: email, password, password_confirmation: password, register_by: "email" }, ip: IP });
  expect(signup.status, signup.text).toBe(200);
  await db.db.updateTable("users").set({ email_verified: db.dialect === "postgres" ? true : 1 }).where("email", "=", email).execute();
  const login = await call("/auth/login", { body: { login_by: "email", email, password }, ip: IP });
  expect(login.status, login.text).toBe(200);
  const token = String(login.json.access_token);
  const india = await db.db.selectFrom("countries").select("id").where("name", "=", "India").executeTakeFirstOrThrow();
  const state = await db.db.selectFrom("states").select("id").where("name", "=", "Maharashtra").where("country_id", "=", india.id).executeTakeFirstOrThrow();
  const city = await db.db.selectFrom("cities").select("id").where("name", "=", "Pune").where("state_id", "=", state.id).executeTakeFirstOrThrow();
  const address = await call("/user/shipping/create", { body: { address: "7 Refund Lane, Koregaon Park", country: india.id, state: state.id, city: city.id, postal_code: "411001", phone: "9876543210" }, token, ip: IP });
  expect(address.status, address.text).toBe(201);
  return { token, addressId: Number((address.json.data as { id: number }).id) };
}

/** An online order paid through the sandbox (start, the sandbox bank's success, the signed callback), then cancelled by the shop: its money is due back. */
async function paidOrderDueBack(): Promise<{ id: number; code: string }> {
  const c = await customer();
  const added = await call("/carts/add", { body: { id: productId, variant: "", quantity: 1 }, token: c.token, ip: IP });
  expect(added.status, added.text).toBe(200);
  const placed = await call("/checkout/place", { body: { address_id: c.addressId, shipping_method: "standard", payment_method: "online" }, token: c.token, ip: IP, headers: { "Idempotency-Key": randomBytes(18).toString("base64url") } });
  expect(placed.status, placed.text).toBe(201);
  const order = placed.json.order as { id: number; code: string };
  const begun = await call("/payments/start", { body: { order_id: order.id }, token: c.token, ip: IP });
  expect(begun.status, begun.text).toBe(200);
  const bank = await call("/payments/sandbox/pay", { body: { provider_order_id: begun.json.provider_order_id, outcome: "success" }, ip: IP });
  expect(bank.status, bank.text).toBe(200);
  const landing = await fetch(`${base}/api/v2/payments/callback?order=${encodeURIComponent(order.code)}`, {
    method: "POST",
    body: new URLSearchParams(bank.json.fields as Record<string, string>).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": IP },
    redirect: "manual",
  });
  expect(landing.headers.get("location")).toBe(`/payment-response?response=1&order=${order.code}`);
  const cancelled = await call(`/admin/orders/${order.id}/status`, { body: { delivery_status: "Cancelled" }, token: ownerToken, ip: IP });
  expect(cancelled.status, cancelled.text).toBe(200);
  return order;
}

async function payment(orderId: number) {
  return db.db.selectFrom("payments").select(["id", "amount", "refunded_amount", "status", "provider_payment_id"]).where("order_id", "=", orderId).orderBy("id").executeTakeFirstOrThrow();
}

async function refunds(orderId: number) {
  return db.db.selectFrom("refunds").select(["id", "status", "amount", "idempotency_key", "provider_refund_id"]).where("order_id", "=", orderId).orderBy("id").execute();
}

/** The refunds the provider itself made of this payment (its own books). */
async function providerRefunds(providerPaymentId: string) {
  return db.db.selectFrom("sandbox_refunds").select(["refund_id", "amount", "idempotency_key"]).where("payment_id", "=", providerPaymentId).execute();
}

/** What a request left hanging answered, if it ever did (it should not: its server is killed mid-call). */
let hanging = "";

/** Fires the request and lets it hang (its server will be killed); the answer is never awaited. */
function fireAndForget(path: string, body: unknown, headers: Record<string, string> = {}): void {
  hanging = "";
  call(path, { body, token: ownerToken, ip: IP, headers }).then(
    (answer) => void (hanging = `${answer.status} ${answer.text}`),
    (error: unknown) => void (hanging = `no answer: ${String(error)}`),
  );
}

/** Until the server logs that the sandbox holds the refund; on a timeout, what the request answered and the server said. */
async function held(point: string): Promise<void> {
  try {
    await until(`the sandbox holding the refund ${point}`, () => output.includes("SANDBOX_TEST_HOLD_REFUND"), Boolean);
  } catch (error) {
    const ping = await call("/ping", { ip: IP }).then((a) => `${a.status}`, (e: unknown) => String(e));
    const rows = await db.db.selectFrom("refunds").select(["id", "status", "amount"]).execute().then((r) => JSON.stringify(r), (e: unknown) => String(e));
    throw new Error(`${(error as Error).message}\nthe request answered: ${hanging || "nothing yet"}\nping: ${ping}; refunds: ${rows}\nthe server said: ${output.slice(-3000)}`);
  }
}

beforeAll(async () => {
  database = await createTestDatabase(inject("dialect"), "refund_crash_api");
  db = await openDatabase(database.target);
  await migrateToLatest(db);
  await seedDatabase(db, { log: () => undefined });
  const owner = await createStaff(db, { email: `refund-crash-owner-${randomBytes(3).toString("hex")}@example.com`, password: `Owner-${randomBytes(8).toString("hex")}!`, name: "Crash Owner", role: "owner" });
  ownerToken = owner.token as string;
  const product = await db.db.selectFrom("products").select("id").where("published", "=", 1).where("availability", "=", "made_to_order").orderBy("id").executeTakeFirstOrThrow();
  productId = product.id;
  mail = await startMailReceiver();
  env = { ...process.env, DATABASE_URL: database.url, HOST: "127.0.0.1", TRUSTED_PROXIES: "1", SMTP_URL: mail.url, MAIL_FROM: "Kesar Home <care@kesarhome.in>", PAYMENTS_SANDBOX: "1" };
  delete env.OUTBOX_TEST_CRASH_AFTER_COMMIT;
  delete env.SANDBOX_TEST_HOLD_REFUND;
}, 180_000);

afterAll(async () => {
  await kill();
  await db?.close();
  await database?.drop();
  await mail?.stop();
});

describe("kill -9 during a provider refund", () => {
  it("refunds once: killed before the provider recorded it, then after, the retry finishes it with one refund at the provider", async () => {
    await start();
    const order = await paidOrderDueBack();
    const paid = await payment(order.id);
    expect(paid.status).toBe("refund_due");
    const providerPaymentId = paid.provider_payment_id as string;
    expect(providerPaymentId).toMatch(/^pay_/);
    const rupees = Math.floor(paid.amount / 200); // about half, in whole rupees
    const amount = rupees * 100;
    const key = randomBytes(18).toString("base64url");
    await kill();

    // 1. The provider's call holds before it records anything; the server dies in it.
    await start({ SANDBOX_TEST_HOLD_REFUND: "before" });
    fireAndForget(`/admin/orders/${order.id}/refunds`, { amount: rupees, method: "original", note: "Cancelled by the shop" }, { "Idempotency-Key": key });
    await held("before it records it");
    await kill();
    let rows = await refunds(order.id);
    expect(rows).toMatchObject([{ status: "pending", amount, idempotency_key: key, provider_refund_id: null }]);
    expect(await providerRefunds(providerPaymentId)).toEqual([]);
    // The reservation holds what is on its way back: never beyond what was paid.
    expect((await payment(order.id)).refunded_amount).toBe(amount);
    const refundId = rows[0]!.id;

    // 2. Restarted, the clerk retries; this time the provider records the refund and the server dies before it hears the answer.
    await start({ SANDBOX_TEST_HOLD_REFUND: "after" });
    fireAndForget(`/admin/orders/${order.id}/refunds/${refundId}/retry`, {});
    await held("after it recorded it");
    await kill();
    const made = await providerRefunds(providerPaymentId);
    expect(made).toMatchObject([{ amount, idempotency_key: key }]);
    rows = await refunds(order.id);
    expect(rows).toMatchObject([{ id: refundId, status: "pending", provider_refund_id: null }]);
    expect((await payment(order.id)).refunded_amount).toBe(amount);

    // 3. Restarted with nothing held: the retry gets the provider's refund by its key, and the row is processed.
    await start();
    const retried = await call(`/admin/orders/${order.id}/refunds/${refundId}/retry`, { body: {}, token: ownerToken, ip: IP });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.refund).toMatchObject({ id: refundId, status: "processed", provider_refund_id: made[0]!.refund_id });
    // The first request sent again with its key: the same refund, nothing new.
    const again = await call(`/admin/orders/${order.id}/refunds`, { body: { amount: rupees, method: "original", note: "Cancelled by the shop" }, token: ownerToken, ip: IP, headers: { "Idempotency-Key": key } });
    expect(again.status, again.text).toBe(200);
    expect(again.json.refund).toMatchObject({ id: refundId, status: "processed" });
    // And the Retry button once more: answered as it is.
    const twice = await call(`/admin/orders/${order.id}/refunds/${refundId}/retry`, { body: {}, token: ownerToken, ip: IP });
    expect(twice.status, twice.text).toBe(200);

    expect(await providerRefunds(providerPaymentId)).toHaveLength(1);
    expect(await refunds(order.id)).toMatchObject([{ id: refundId, status: "processed", amount }]);
    const after = await payment(order.id);
    expect(after.refunded_amount).toBe(amount);
    expect(after.refunded_amount).toBeLessThanOrEqual(after.amount);
    // Processed once: one credit note (the order was invoiced when paid), one refund mail asked for.
    const notes = await db.db.selectFrom("credit_notes").select(["id", "refund_id"]).where("order_id", "=", order.id).execute();
    expect(notes).toEqual([{ id: expect.any(Number), refund_id: refundId }]);
    const refundMails = await db.db.selectFrom("outbox_events").select("id").where("kind", "=", "mail").where("payload", "=", JSON.stringify({ mail: "refund", ref: { refundId } })).execute();
    expect(refundMails).toHaveLength(1);
    const audits = await db.db.selectFrom("audit_log").select("action").where("entity_type", "=", "refund").where("entity_id", "=", String(refundId)).execute();
    expect(audits.map((a) => a.action).filter((a) => a === "refund.processed")).toHaveLength(1);

    // What is left can be refunded, and not a paisa more.
    const left = (after.amount - after.refunded_amount) / 100;
    const tooMuch = await call(`/admin/orders/${order.id}/refunds`, { body: { amount: left + 1, method: "original" }, token: ownerToken, ip: IP, headers: { "Idempotency-Key": randomBytes(18).toString("base64url") } });
    expect(tooMuch.status, tooMuch.text).toBe(409);
    const rest = await call(`/admin/orders/${order.id}/refunds`, { body: { amount: left, method: "original" }, token: ownerToken, ip: IP, headers: { "Idempotency-Key": randomBytes(18).toString("base64url") } });
    expect(rest.status, rest.text).toBe(201);
    const final = await payment(order.id);
    expect(final).toMatchObject({ refunded_amount: final.amount, status: "refunded" });
    const atProvider = await providerRefunds(providerPaymentId);
    expect(atProvider.reduce((sum, r) => sum + r.amount, 0)).toBe(final.amount);
    expect(atProvider).toHaveLength(2);
  }, 300_000);
});
