/**
 * npm run test:crash [-- --postgres] — kill -9 the server while customers check out, and check
 * that nothing acknowledged was lost and no unit of stock went astray.
 *
 * On a fresh database (SQLite file, or a PostgreSQL test database with --postgres) seeded with the
 * demo catalog, CRASH_CUSTOMERS customers (signed up and signed in through the API) stream
 * Cash on Delivery and online checkouts from CRASH_CLIENTS concurrent clients: fill the cart
 * through the API (1–3 lines), then POST /checkout/place with a fresh Idempotency-Key, sent again
 * with the same key after a connection error until a definite answer comes. Meanwhile the server
 * is killed with SIGKILL CRASH_KILLS times at random moments and started again. Then:
 *  - every order whose placement was acknowledged (201, or 200 for a replay) is in the database,
 *    with the code the answer named;
 *  - every order has its lines and its payment row;
 *  - for every product, stock = starting stock − units reserved by orders not cancelled, and the
 *    product's stock ledger (stock_movements) sums to its stock;
 *  - after one more start (what the kills left in the outbox is delivered by the next instance's
 *    sweep), every order's "placed" mail was sent exactly once: one outbox event, delivered, and
 *    one mail in mail_outbox (without SMTP_URL the mail is kept there in the transaction that
 *    marks its delivery done, so not even the window of a kill between send and mark is open).
 * Prints one summary line; exits 1 on any violation. Uses the existing build (npm run build); it
 * builds nothing. The whole run is bounded (CRASH_SECONDS for the stream, 150 by default).
 */
import { randomBytes, randomInt } from "node:crypto";
import { sql } from "kysely";
import type { ChildProcess } from "node:child_process";
import { getConfig } from "../lib/platform/config";
import { openDatabase, type DbHandle } from "../lib/platform/db/connection";
import { migrateToLatest } from "../lib/platform/db/migrate";
import { seedDatabase } from "../lib/seed";
import { allowOpenOrders } from "./lib/open-orders";
import { createTestDatabase, postgresReachable, TEST_POSTGRES_URL } from "../lib/testing/databases";
import { buildIsCurrent, freePort, startServer, waitForServer } from "./lib/build";

const POSTGRES = process.argv.includes("--postgres");
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 6);
const CUSTOMERS = Number(process.env.CRASH_CUSTOMERS ?? 24);
const STREAM_SECONDS = Number(process.env.CRASH_SECONDS ?? 150);
/** Units of each stocked product at the start: enough that the stream rarely empties one. */
const START_STOCK = 400;


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Customer = { email: string; token: string; ip: string; addressId: number };
type Ack = { code: string; key: string; email: string };

async function main() {
  if (!buildIsCurrent()) {
    console.error("The build is missing or older than the sources: run npm run build first (this script builds nothing).");
    process.exit(1);
  }
  if (POSTGRES && !(await postgresReachable())) {
    console.error(`PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (bash scripts/pg-local.sh start).`);
    process.exit(1);
  }
  const started = Date.now();
  const database = await createTestDatabase(POSTGRES ? "postgres" : "sqlite", "crash");
  let setup: DbHandle | undefined = await openDatabase(database.target);
  let server: ChildProcess | undefined;
  try {
    await migrateToLatest(setup);
    await seedDatabase(setup, { log: () => undefined });
    await allowOpenOrders(setup.db);
    // Products without variants: their stock is the product's own, and carts/add takes them with no variant.
    const stocked = await setup.db.selectFrom("products").select("id").where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "in_stock").orderBy("id").limit(8).execute();
    const madeToOrder = await setup.db.selectFrom("products").select("id").where("published", "=", 1).where("variant_count", "=", 0).where("availability", "=", "made_to_order").orderBy("id").limit(2).execute();
    // Deep stock, as a staff adjustment in the stock ledger (relative, with its movement), so the
    // ledger of every product still sums to its stock.
    for (const p of stocked) {
      await setup.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom("products").select("stock_quantity").where("id", "=", p.id).executeTakeFirstOrThrow();
        const delta = START_STOCK - before.stock_quantity;
        if (delta === 0) return;
        await trx.updateTable("products").set({ stock_quantity: sql<number>`stock_quantity + ${delta}`, availability: "in_stock" }).where("id", "=", p.id).execute();
        await trx.insertInto("stock_movements").values({ product_id: p.id, delta, reason: "adjustment", actor: "staff", actor_id: null, order_id: null, order_line_id: null, note: "crash test stock", created_at: new Date().toISOString() }).execute();
      });
    }
    const productIds = [...stocked, ...madeToOrder].map((p) => p.id);
    const stockedIds = stocked.map((p) => p.id);
    const india = await setup.db.selectFrom("countries").select("id").where("name", "=", "India").executeTakeFirstOrThrow();
    const state = await setup.db.selectFrom("states").select("id").where("name", "=", "Maharashtra").where("country_id", "=", india.id).executeTakeFirstOrThrow();
    const city = await setup.db.selectFrom("cities").select("id").where("name", "=", "Pune").where("state_id", "=", state.id).executeTakeFirstOrThrow();
    await setup.close();
    setup = undefined;

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // No SMTP server: mails go to the outbox table.
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, HOST: "127.0.0.1", TRUSTED_PROXIES: "1" };
    delete env.SMTP_URL;
    const systemKey = getConfig().systemKey;
    let up = false;
    const start = async () => {
      server = startServer(port, { ...env, PAYMENTS_SANDBOX: "1" }, { quiet: true });
      // A full pipe would stall the server; its output is not needed.
      server.stdout?.resume();
      server.stderr?.resume();
      await waitForServer(`${base}/api/v2/ping`, 60_000);
      up = true;
    };
    const kill = async () => {
      const child = server;
      if (!child) return;
      up = false;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    };

    const call = async (path: string, init: { method?: string; body?: unknown; token?: string; ip: string; headers?: Record<string, string> }) => {
      const headers: Record<string, string> = { "System-Key": systemKey, "X-Requested-With": "XMLHttpRequest", "X-Forwarded-For": init.ip, ...init.headers };
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      if (init.body !== undefined) headers["Content-Type"] = "application/json";
      const res = await fetch(`${base}/api/v2${path}`, { method: init.method ?? (init.body === undefined ? "GET" : "POST"), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: AbortSignal.timeout(15_000) });
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        /* not JSON */
      }
      return { status: res.status, json, headers: res.headers, text };
    };
    /** Calls until the server answers (connection errors while it is down are retried). */
    const retrying = async (path: string, init: Parameters<typeof call>[1], deadline = Date.now() + 120_000) => {
      for (;;) {
        try {
          return await call(path, init);
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await sleep(up ? 50 : 200);
        }
      }
    };

    await start();
    // Customers: sign up, mark the email confirmed (the mail link's job), sign in, one address.
    const customers: Customer[] = [];
    const handle = await openDatabase(database.target);
    try {
      for (let i = 0; i < CUSTOMERS; i++) {
        const email = `crash-${i}-${randomBytes(3).toString("hex")}@example.com`;
        const password = `Crash-${randomBytes(6).toString("hex")}!`;
        const ip = `10.77.${i >> 8}.${(i & 255) + 1}`;
        const signup = await retrying("/auth/signup", { body: { name: `Crash Customer ${i}`, email_or_phone: email, password, password_confirmation: password, register_by: "email" }, ip });
        if (signup.status !== 200) throw new Error(`sign-up answered ${signup.status}: ${signup.text}`);
        await handle.db.updateTable("users").set({ email_verified: POSTGRES ? true : 1 }).where("email", "=", email).execute();
        const login = await retrying("/auth/login", { body: { login_by: "email", email, password }, ip });
        if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.text}`);
        const token = String(login.json.access_token);
        const address = await retrying("/user/shipping/create", { body: { address: `${i + 1} Crash Test Lane, Koregaon Park`, country: india.id, state: state.id, city: city.id, postal_code: "411001", phone: "9876543210" }, token, ip });
        if (address.status !== 201) throw new Error(`address answered ${address.status}: ${address.text}`);
        customers.push({ email, token, ip, addressId: Number((address.json.data as { id: number }).id) });
      }
    } finally {
      await handle.close();
    }

    // The stream: each client takes the next free customer, fills the cart, places, repeats.
    const acks: Ack[] = [];
    const refusals = new Map<string, number>();
    let sent = 0;
    let retries = 0;
    let stopping = false;
    const busy = new Set<number>();
    const client = async () => {
      while (!stopping) {
        const index = customers.findIndex((_, i) => !busy.has(i));
        if (index < 0) {
          await sleep(20);
          continue;
        }
        busy.add(index);
        const c = customers[index]!;
        try {
          const count = await retrying("/cart-count", { body: {}, token: c.token, ip: c.ip });
          if (Number(count.json.count ?? 0) === 0) {
            const lines = 1 + randomInt(3);
            for (let l = 0; l < lines; l++) {
              await retrying("/carts/add", { body: { id: productIds[randomInt(productIds.length)], variant: "", quantity: 1 + randomInt(2) }, token: c.token, ip: c.ip });
            }
          }
          const key = randomBytes(18).toString("base64url");
          const body = { address_id: c.addressId, shipping_method: randomInt(4) === 0 ? "express" : "standard", payment_method: randomInt(5) === 0 ? "online" : "cod" };
          sent++;
          // The same key until a definite answer: a submit cut by the crash is sent again.
          for (let attempt = 0; ; attempt++) {
            if (attempt > 0) retries++;
            let res: Awaited<ReturnType<typeof call>>;
            try {
              res = await call("/checkout/place", { body, token: c.token, ip: c.ip, headers: { "Idempotency-Key": key } });
            } catch {
              await sleep(up ? 50 : 200);
              continue;
            }
            if (res.status === 201 || res.status === 200) {
              acks.push({ code: String((res.json.order as { code: string }).code), key, email: c.email });
            } else {
              const why = `${res.status} "${String(res.json.message ?? "")}"`;
              refusals.set(why, (refusals.get(why) ?? 0) + 1);
              if (res.status >= 500) console.error(`place answered ${res.status}: ${res.text}`);
            }
            break;
          }
        } catch (error) {
          console.error("client error", error);
        } finally {
          busy.delete(index);
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, () => client());

    // The killer: 20 SIGKILLs at random moments, each after the server answered again.
    const streamEnd = Date.now() + STREAM_SECONDS * 1000;
    let kills = 0;
    const gap = Math.max(400, Math.floor((STREAM_SECONDS * 1000) / KILLS / 3));
    while (kills < KILLS && Date.now() < streamEnd) {
      await sleep(200 + randomInt(gap));
      await kill();
      kills++;
      await start();
    }
    await sleep(1000);
    stopping = true;
    await Promise.all(clients);
    await kill();

    // The outbox after the last kill: every server is down, so the leases of deliveries that were
    // being sent are void (a running store waits them out, LEASE_MS). One more start delivers the
    // rest (its sweep at start), then it stops too.
    const outbox = await openDatabase(database.target);
    let undelivered = -1;
    try {
      await outbox.db.updateTable("outbox_deliveries").set({ claimed_until: new Date(0).toISOString() }).where("status", "=", "sending").execute();
      await start();
      const waitUntil = Date.now() + 60_000;
      for (;;) {
        const open = await outbox.db.selectFrom("outbox_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "in", ["pending", "sending"]).executeTakeFirstOrThrow();
        undelivered = Number(open.n);
        if (undelivered === 0 || Date.now() > waitUntil) break;
        await sleep(250);
      }
      await kill();
    } finally {
      await outbox.close();
    }

    // The checks, on the database as the last kill left it.
    const check = await openDatabase(database.target);
    const violations: string[] = [];
    let orderCount = 0;
    let mailsOnce = 0;
    try {
      const orders = await check.db.selectFrom("orders").select(["id", "code", "idempotency_key", "delivery_status"]).execute();
      orderCount = orders.length;
      const byKey = new Map(orders.map((o) => [o.idempotency_key, o]));
      for (const ack of acks) {
        const found = byKey.get(ack.key);
        if (!found) violations.push(`acknowledged order ${ack.code} (key ${ack.key}) is not in the database`);
        else if (found.code !== ack.code) violations.push(`key ${ack.key} was acknowledged as ${ack.code} but the database holds ${found.code}`);
      }
      const lineCounts = await check.db.selectFrom("order_lines").select(["order_id", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("order_id").execute();
      const withLines = new Set(lineCounts.map((r) => r.order_id));
      const paymentRows = await check.db.selectFrom("payments").select("order_id").execute();
      const withPayment = new Set(paymentRows.map((r) => r.order_id));
      for (const o of orders) {
        if (!withLines.has(o.id)) violations.push(`order ${o.code} has no lines`);
        if (!withPayment.has(o.id)) violations.push(`order ${o.code} has no payment row`);
      }
      // Every order's "placed" mail: one event, its delivery done, one mail.
      if (undelivered !== 0) violations.push(`${undelivered} outbox deliveries still pending or sending a minute after the last start`);
      const stuck = await check.db.selectFrom("outbox_deliveries").select(["id", "status", "last_error"]).where("status", "in", ["failed", "dead"]).execute();
      for (const d of stuck) violations.push(`outbox delivery ${d.id} is ${d.status}: ${d.last_error}`);
      const events = await check.db
        .selectFrom("outbox_events as e")
        .innerJoin("outbox_deliveries as d", "d.event_id", "e.id")
        .select(["e.payload", "d.status"])
        .where("e.kind", "=", "mail")
        .execute();
      const placedMail = new Map<number, string[]>();
      for (const e of events) {
        // The order's own mail (staff notices of a new order are mails of their own, "staff-notice").
        const { mail, ref } = JSON.parse(e.payload) as { mail: string; ref: { orderId: number; kind: string } };
        if (mail === "order" && ref.kind === "placed") placedMail.set(ref.orderId, [...(placedMail.get(ref.orderId) ?? []), e.status]);
      }
      const kept = await check.db.selectFrom("mail_outbox").select("subject").where("subject", "like", "Order % placed").execute();
      const sent = new Map<string, number>();
      for (const m of kept) sent.set(m.subject, (sent.get(m.subject) ?? 0) + 1);
      for (const o of orders) {
        const deliveries = placedMail.get(o.id) ?? [];
        if (deliveries.length !== 1 || deliveries[0] !== "done") violations.push(`order ${o.code}: placed-mail deliveries ${JSON.stringify(deliveries)}, expected one done`);
        const mails = sent.get(`Order ${o.code} placed`) ?? 0;
        if (mails !== 1) violations.push(`order ${o.code}: ${mails} "placed" mails, expected exactly 1`);
        else mailsOnce++;
      }
      const products = await check.db.selectFrom("products").select(["id", "stock_quantity"]).where("id", "in", stockedIds).execute();
      const reserved = await check.db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["l.product_id", (eb) => eb.fn.sum<number | string>("l.reserved_quantity").as("units")])
        .where("o.delivery_status", "!=", "Cancelled")
        .where("l.product_id", "in", stockedIds)
        .groupBy("l.product_id")
        .execute();
      const units = new Map(reserved.map((r) => [r.product_id, Number(r.units)]));
      const ledger = await check.db
        .selectFrom("stock_movements")
        .select(["product_id", (eb) => eb.fn.sum<number | string>("delta").as("units")])
        .where("product_id", "in", stockedIds)
        .groupBy("product_id")
        .execute();
      const ledgerUnits = new Map(ledger.map((r) => [r.product_id, Number(r.units)]));
      for (const p of products) {
        const expected = START_STOCK - (units.get(p.id) ?? 0);
        if (p.stock_quantity !== expected) violations.push(`product ${p.id}: stock ${p.stock_quantity}, expected ${START_STOCK} − ${units.get(p.id) ?? 0} = ${expected}`);
        if (p.stock_quantity < 0) violations.push(`product ${p.id}: negative stock ${p.stock_quantity}`);
        if (ledgerUnits.get(p.id) !== p.stock_quantity) violations.push(`product ${p.id}: the stock ledger sums to ${ledgerUnits.get(p.id)}, the stock is ${p.stock_quantity}`);
      }
    } finally {
      await check.close();
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const refused = [...refusals].map(([why, n]) => `${n}×${why}`).join(", ") || "none";
    console.log(
      `crash test (${POSTGRES ? "postgres" : "sqlite"}): ${kills} kill -9, ${sent} placements sent (${retries} resends of a cut submit), ${acks.length} acknowledged, ${acks.length - violations.filter((v) => v.startsWith("acknowledged")).length} found, ${orderCount} orders in the database, refused ${refused}, stock checked on ${stockedIds.length} products, ${mailsOnce} orders mailed exactly once, ${violations.length} violations, ${seconds} s`,
    );
    for (const v of violations.slice(0, 20)) console.error(`  VIOLATION: ${v}`);
    process.exitCode = violations.length || kills < KILLS ? 1 : 0;
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    if (setup) await setup.close();
    await database.drop().catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
