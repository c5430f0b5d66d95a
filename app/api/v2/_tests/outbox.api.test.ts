import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getConfig } from "@/lib/platform/config";
import { openDatabase, type DbHandle } from "@/lib/platform/db/connection";
import { migrateToLatest } from "@/lib/platform/db/migrate";
import { seedDatabase } from "@/lib/seed";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { readMailbox, startMailReceiver, waitForMail } from "@/lib/testing/mail-receiver";
import { freePort, startServer, waitForServer } from "@/scripts/lib/build";

/**
 * After-commit effects through the outbox (lib/platform/outbox/), on a server of this file's own
 * (the build the API tests use, a fresh database of the run's dialect, an SMTP server this file
 * can make refuse):
 *  - the mail server refuses: the placement still succeeds, and its mail's delivery is failed in
 *    the database with the error and when it is tried again; once the server accepts and the time
 *    has come, the next dispatch sends it, once, with the Message-ID of its event;
 *  - kill -9 right after the commit of a placement (OUTBOX_TEST_CRASH_AFTER_COMMIT makes the
 *    server SIGKILL itself at its first dispatchSoon(), before anything is delivered): the order
 *    is there and its mail pending; after a restart on the same database the mail is sent exactly
 *    once, and the placement sent again with its key changes nothing.
 */

const SITE_HOST = new URL(getConfig().siteUrl).hostname;

let database: TestDatabase;
let db: DbHandle;
let mail: Awaited<ReturnType<typeof startMailReceiver>>;
let server: ChildProcess | undefined;
let base = "";
let env: NodeJS.ProcessEnv;
let productId = 0;

async function start(extra: Record<string, string> = {}): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer(port, { ...env, ...extra }, { quiet: true });
  server.stdout?.resume();
  server.stderr?.resume();
  await waitForServer(`${base}/api/v2/ping`, 60_000);
}

async function stop(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

type Answer = { status: number; json: Record<string, unknown> & { [key: string]: unknown } };

async function call(path: string, init: { body?: unknown; token?: string; ip: string; headers?: Record<string, string> }): Promise<Answer> {
  const headers: Record<string, string> = { "System-Key": getConfig().systemKey, "X-Requested-With": "XMLHttpRequest", "X-Forwarded-For": init.ip, ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${base}/api/v2${path}`, { method: init.body === undefined ? "GET" : "POST", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, json };
}

type Customer = { email: string; token: string; ip: string; addressId: number };
let customerCount = 0;

/** A customer with a confirmed email, signed in, with one address. */
async function customer(): Promise<Customer> {
  const i = ++customerCount;
  const email = `outbox-${i}-${randomBytes(3).toString("hex")}@example.com`;
  const password = `Outbox-${randomBytes(6).toString("hex")}!`;
  const ip = `10.181.0.${i}`;
  const signup = await call("/auth/signup", { body: { name: `Outbox Customer ${i}`, email_or_phone: email, password, password_confirmation: password, register_by: "email" }, ip });
  expect(signup.status).toBe(200);
  await db.db.updateTable("users").set({ email_verified: db.dialect === "postgres" ? true : 1 }).where("email", "=", email).execute();
  const login = await call("/auth/login", { body: { login_by: "email", email, password }, ip });
  expect(login.status).toBe(200);
  const token = String(login.json.access_token);
  const india = await db.db.selectFrom("countries").select("id").where("name", "=", "India").executeTakeFirstOrThrow();
  const state = await db.db.selectFrom("states").select("id").where("name", "=", "Maharashtra").where("country_id", "=", india.id).executeTakeFirstOrThrow();
  const city = await db.db.selectFrom("cities").select("id").where("name", "=", "Pune").where("state_id", "=", state.id).executeTakeFirstOrThrow();
  const address = await call("/user/shipping/create", { body: { address: `${i} Outbox Lane, Koregaon Park`, country: india.id, state: state.id, city: city.id, postal_code: "411001", phone: "9876543210" }, token, ip });
  expect(address.status).toBe(201);
  return { email, token, ip, addressId: Number((address.json.data as { id: number }).id) };
}

/** Fills the cart and places a Cash on Delivery order with `key`. */
async function place(c: Customer, key: string): Promise<Answer> {
  const added = await call("/carts/add", { body: { id: productId, variant: "", quantity: 1 }, token: c.token, ip: c.ip });
  expect(added.status).toBe(200);
  return call("/checkout/place", { body: { address_id: c.addressId, shipping_method: "standard", payment_method: "cod" }, token: c.token, ip: c.ip, headers: { "Idempotency-Key": key } });
}

/** The delivery of an order's mail of `kind`, with its event. */
async function orderMailDelivery(orderId: number, kind: string) {
  return db.db
    .selectFrom("outbox_deliveries as d")
    .innerJoin("outbox_events as e", "e.id", "d.event_id")
    .select(["d.id", "d.status", "d.attempts", "d.next_attempt_at", "d.updated_at", "d.last_error", "d.done_at", "e.id as event_id", "e.created_at"])
    .where("e.kind", "=", "mail")
    .where("e.payload", "=", JSON.stringify({ mail: "order", ref: { orderId, kind } }))
    .executeTakeFirst();
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const placedMails = (email: string, code: string) => readMailbox(mail.dir).filter((m) => m.to.includes(email) && m.subject === `Order ${code} placed`);

beforeAll(async () => {
  database = await createTestDatabase(inject("dialect"), "outbox_api");
  db = await openDatabase(database.target);
  await migrateToLatest(db);
  await seedDatabase(db, { log: () => undefined });
  const product = await db.db.selectFrom("products").select("id").where("published", "=", 1).where("availability", "=", "made_to_order").orderBy("id").executeTakeFirstOrThrow();
  productId = product.id;
  mail = await startMailReceiver();
  env = { ...process.env, DATABASE_URL: database.url, HOST: "127.0.0.1", TRUSTED_PROXIES: "1", SMTP_URL: mail.url, MAIL_FROM: "Kesar Home <care@kesarhome.in>", PAYMENTS_SANDBOX: "1" };
  delete env.OUTBOX_TEST_CRASH_AFTER_COMMIT;
  await start();
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const child = server;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
  await db?.close();
  await database?.drop();
  await mail?.stop();
});

describe("a mail the mail server refuses", () => {
  it("is failed in the database with the error and its next attempt, and sent once when that time comes", async () => {
    const c = await customer();
    mail.refuse("4.3.0 Mailbox temporarily unavailable");
    const placed = await place(c, randomBytes(12).toString("base64url"));
    expect(placed.status).toBe(201);
    const order = placed.json.order as { id: number; code: string };

    const failed = await until("the placed mail's delivery", () => orderMailDelivery(order.id, "placed"), (d) => d?.status === "failed");
    expect(failed).toMatchObject({ status: "failed", attempts: 1, done_at: null });
    expect(failed!.last_error).toMatch(/451.*Mailbox temporarily unavailable/);
    // Tried again after the first step of the backoff: a minute.
    expect(Date.parse(failed!.next_attempt_at) - Date.parse(failed!.updated_at)).toBe(60_000);
    expect(placedMails(c.email, order.code)).toEqual([]);

    // The mail server is back, and the minute has passed.
    mail.refuse(null);
    await db.db.updateTable("outbox_deliveries").set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", failed!.id).execute();
    // The next commit's dispatch delivers whatever is due, this one included (else the sweep would, within a minute).
    const second = await place(c, randomBytes(12).toString("base64url"));
    expect(second.status).toBe(201);
    const received = await waitForMail(mail.dir, c.email, { subject: new RegExp(`^Order ${order.code} placed$`) });
    expect(received.messageId).toBe(`<outbox.${failed!.event_id}.${Date.parse(failed!.created_at)}.mail@${SITE_HOST}>`);
    const done = await until("the retried delivery", () => orderMailDelivery(order.id, "placed"), (d) => d?.status === "done");
    expect(done).toMatchObject({ status: "done", attempts: 2, last_error: null });
    const secondCode = (second.json.order as { code: string }).code;
    await waitForMail(mail.dir, c.email, { subject: new RegExp(`^Order ${secondCode} placed$`) });
    expect(placedMails(c.email, order.code)).toHaveLength(1);
  });
});

describe("kill -9 right after the commit of a placement", () => {
  it("sends the order mail exactly once after the restart", { timeout: 180_000 }, async () => {
    const c = await customer();
    await stop();
    await start({ OUTBOX_TEST_CRASH_AFTER_COMMIT: "1" });
    const crashed = server!;
    const exit = new Promise<NodeJS.Signals | null>((resolve) => crashed.once("exit", (_code, signal) => resolve(signal)));
    const key = randomBytes(12).toString("base64url");
    // The server dies between the commit and the answer.
    await expect(place(c, key)).rejects.toThrow();
    expect(await exit).toBe("SIGKILL");
    server = undefined;

    const order = await db.db.selectFrom("orders").select(["id", "code"]).where("idempotency_key", "=", key).executeTakeFirstOrThrow();
    expect(await orderMailDelivery(order.id, "placed")).toMatchObject({ status: "pending", attempts: 0 });
    expect(placedMails(c.email, order.code)).toEqual([]);

    // Restarted on the same database: the sweep at start delivers what the dead process left.
    await start();
    await waitForMail(mail.dir, c.email, { subject: new RegExp(`^Order ${order.code} placed$`), timeoutMs: 30_000 });
    // The SMTP server has the mail a moment before the dispatcher records the delivery as done.
    const delivered = await until("the swept delivery", () => orderMailDelivery(order.id, "placed"), (d) => d?.status === "done");
    expect(delivered).toMatchObject({ status: "done", attempts: 1 });
    // The shopper's browser sends the placement again with its key: the same order, nothing sent again.
    const replay = await call("/checkout/place", { body: { address_id: c.addressId, shipping_method: "standard", payment_method: "cod" }, token: c.token, ip: c.ip, headers: { "Idempotency-Key": key } });
    expect(replay.status).toBe(200);
    expect((replay.json.order as { code: string }).code).toBe(order.code);
    await new Promise((r) => setTimeout(r, 2000));
    expect(placedMails(c.email, order.code)).toHaveLength(1);
    expect(await db.db.selectFrom("outbox_events").select("id").where("payload", "=", JSON.stringify({ mail: "order", ref: { orderId: order.id, kind: "placed" } })).execute()).toHaveLength(1);
  });
});
