/**
 * npm run bench — one server (Next's standalone server, as npm start runs it), one run, ratios
 * rather than absolute times, on a 10,000-product catalog (data/bench.db, made on first use):
 *  1. a cached product page against a static page on the same server (requests per second, 20
 *     connections, traffic spread over 50 products; target ≥ 0.9);
 *  2. product search against the cheapest API route (GET /api/v2/ping) on the same server, at 20
 *     connections, throughput and p95 (target: throughput ≥ 0.7 of ping's): BENCH_SEARCH_QUERIES
 *     (1,000) distinct queries drawn from the catalog's product names as a shopper types them
 *     (scripts/lib/bench-queries.ts), each sent once in the whole run, so nothing can answer one
 *     from a cache that has seen it (there is no response cache of ours; Next's data cache keeps
 *     every answer, but no query comes back). They are split over the rounds; a search run ends
 *     when its queries are answered, and its throughput is counted while all 20 connections
 *     were busy (until the last query went out), so the run's tail does not count against it;
 *  3. the cart endpoints a shopper's browser calls, POST /carts/add and POST /cart-count, against
 *     GET /ping on the same server (requests per second), with the traffic of many shoppers:
 *     BENCH_CARTS distinct guest carts, each request another cart's cookie, adds spread over every
 *     product that can take them;
 *  4. placing an order (POST /checkout/place, Cash on Delivery, 3 lines) at 10 connections against
 *     GET /ping at 10 connections, both from the same in-process client: BENCH_ORDER_CARTS
 *     customers, each with a full cart, are written to the database beforehand (cloned from one
 *     customer signed up through the API), and every order uses the next one;
 *  5. through nginx with the production configuration of deploy/nginx (its cache in front of the
 *     same server), cached product pages against a file served by the same nginx from disk
 *     (target ≥ 0.9); skipped, with a message, when nginx or the configuration renderer
 *     (scripts/lib/nginx-config.ts) is missing;
 *  6. the resident memory (VmRSS) of the server and any processes it started, after all runs
 *     (target ≤ 350 MB on 10,000 products);
 *  7. a product page's first-load JavaScript (gzip), against a stored or served baseline build.
 * Runs 1-5 alternate in BENCH_ROUNDS short rounds; each ratio is the median of the rounds' ratios.
 * Prints a table and writes bench-results/latest.json.
 */
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { getConfig } from "../lib/platform/config";
import type { DbHandle } from "../lib/platform/db/connection";
import { hashSessionToken } from "../lib/accounts/server/auth/hashed-sessions";
import { openDatabase } from "../lib/platform/db/connection";
import { migrateToLatest } from "../lib/platform/db/migrate";
import { seedDatabase } from "../lib/seed";
import { allowOpenOrders } from "./lib/open-orders";
import { startBenchNginx, type BenchNginx } from "./lib/bench-nginx";
import { searchQueries } from "./lib/bench-queries";
import { ensureBuild, ROOT, startServer, waitForServer } from "./lib/build";
import { processTreeMemory } from "./lib/proc-memory";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://127.0.0.1:${PORT}`;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const CONNECTIONS = 20;
/** Distinct search queries of the whole run (each sent once), split over the rounds. */
const SEARCH_QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 1000);
/**
 * Length of a search run (wrk): long enough for a round's share of the queries at a slow pace;
 * once they are all out the connections wait, and the wait is not counted.
 */
const SEARCH_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? Math.max(ROUND_SECONDS, 5));
/** More distinct queries, none of them measured, that warm the search route up. */
const SEARCH_WARMUP_QUERIES = 100;
/** Seed of the query choice; a new one each run unless set (printed, and in latest.json). */
const SEARCH_SEED = Number(process.env.BENCH_SEARCH_SEED ?? randomInt(2 ** 31));
/** nginx's ports: the store configuration, and the server block with the static file. */
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? PORT + 1);
const NGINX_STATIC_PORT = Number(process.env.BENCH_NGINX_STATIC_PORT ?? PORT + 2);
/** Targets (issue 11). */
const TARGET = { page: 0.9, search: 0.7, nginxPage: 0.9, memoryMb: 350 } as const;
/** Distinct guest carts of the cart runs; every run starts them empty. */
const CARTS = Number(process.env.BENCH_CARTS ?? 2000);
/** Customers with a full cart prepared for the place-order runs (each order uses one). */
const ORDER_CARTS = Number(process.env.BENCH_ORDER_CARTS ?? 4000);
const ORDER_CONNECTIONS = 10;
const ORDER_LINES = 3;
/** A stored first-load JS figure of an earlier build (see README "Measurements"). */
const JS_BASELINE_FILE = path.join(ROOT, "bench-results", "js-baseline.json");

type Run = { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The Lua end of every wrk run: one line with the totals, parsed by load(). */
const WRK_RESULT = `
local function result(summary, latency)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %.3f %.3f %.3f %d\\n", summary.requests, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, summary.duration))
end
`;
const WRK_DONE = `${WRK_RESULT}
done = function(summary, latency, requests) result(summary, latency) end
`;

/** GET requests cycling through BENCH_PATHS. */
const PATHS_SCRIPT = `
local paths = {}
for p in string.gmatch(os.getenv("BENCH_PATHS"), "[^\\n]+") do paths[#paths + 1] = p end
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
${WRK_DONE}`;

/**
 * Shoppers' cart requests: each request carries the next guest cart's cookie (BENCH_CART_FILE,
 * one guest id a line; wrk's two threads start half the list apart), and an add names a random
 * product of BENCH_PRODUCT_FILE. BENCH_CART_MODE: "add" (POST /carts/add) or "count" (POST /cart-count).
 */
const CART_SCRIPT = `
local carts, products = {}, {}
for line in io.lines(os.getenv("BENCH_CART_FILE")) do carts[#carts + 1] = line end
for line in io.lines(os.getenv("BENCH_PRODUCT_FILE")) do products[#products + 1] = line end
local mode = os.getenv("BENCH_CART_MODE")
local threads = 0
setup = function(thread)
  thread:set("tid", threads)
  threads = threads + 1
end
local i, headers
init = function(args)
  math.randomseed(os.time() * 1000 + tid)
  i = tid * math.floor(#carts / 2)
  headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers["Content-Type"] = "application/json"
  headers["X-Requested-With"] = "XMLHttpRequest"
end
request = function()
  i = i + 1
  headers["Cookie"] = "guest_id=" .. carts[(i % #carts) + 1]
  if mode == "add" then
    return wrk.format("POST", "/api/v2/carts/add", headers, '{"id":' .. products[math.random(#products)] .. ',"variant":"","quantity":1}')
  end
  return wrk.format("POST", "/api/v2/cart-count", headers, "{}")
end
${WRK_DONE}`;

/**
 * Searches, each query once: BENCH_QUERY_FILE holds one request path a line; wrk's thread n of
 * BENCH_THREADS sends lines n, n + BENCH_THREADS, ... and, once its last query is out, its
 * connections wait (delay) until the run's time is up. Throughput is counted per thread from its
 * first request until its last query went out (STEADY: answers received by then / that time),
 * while all its connections were busy; the rest of the run is idle and left out. When a thread
 * did not get through its queries in time, STEADY is 0 and the run's plain rate counts.
 */
const SEARCH_SCRIPT = `
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *ts);
]]
local ts = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, ts)
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) / 1e9
end
local threads, nthreads = {}, 0
setup = function(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
  threads[#threads + 1] = thread
end
local mine = {}
sent, received, t0, t1, n1 = 0, 0, nil, nil, 0
init = function(args)
  local n, k = tonumber(os.getenv("BENCH_THREADS")), 0
  for line in io.lines(os.getenv("BENCH_QUERY_FILE")) do
    if k % n == tid then mine[#mine + 1] = line end
    k = k + 1
  end
end
request = function()
  if t0 == nil then t0 = now() end
  if sent < #mine then sent = sent + 1 end
  if sent == #mine and t1 == nil then
    t1 = now()
    n1 = received
  end
  return wrk.format("GET", mine[sent])
end
delay = function()
  if sent >= #mine then return 3600000 end
  return 0
end
response = function(status, headers, body)
  received = received + 1
end
${WRK_RESULT}
done = function(summary, latency, requests)
  local rate, window = 0, 0
  for _, t in ipairs(threads) do
    local a, b, n = t:get("t0"), t:get("t1"), t:get("n1")
    if a and b and b > a then
      rate = rate + n / (b - a)
      window = math.max(window, b - a)
    else
      rate, window = 0, 0
      break
    end
  end
  local e = summary.errors
  io.write(string.format("STEADY %.3f %.3f\\n", rate, window))
  io.write(string.format("ERRORS connect %d, read %d, write %d, status %d, timeout %d\\n", e.connect, e.read, e.write, e.status, e.timeout))
  result(summary, latency)
end
`;

/**
 * What a run sends: the wrk Lua script with its environment, and the same traffic for the
 * fallback client (request number → request).
 */
type Traffic = { lua: string; env: Record<string, string>; request: (i: number) => { path: string; init?: RequestInit } };

function pathsTraffic(urls: string[]): Traffic {
  const paths = urls.map((u) => new URL(u).pathname + new URL(u).search);
  return { lua: PATHS_SCRIPT, env: { BENCH_PATHS: paths.join("\n") }, request: (i) => ({ path: paths[i % paths.length] as string }) };
}

function cartTraffic(mode: "add" | "count", guestIds: string[], productIds: number[], files: { carts: string; products: string }): Traffic {
  return {
    lua: CART_SCRIPT,
    env: { BENCH_CART_FILE: files.carts, BENCH_PRODUCT_FILE: files.products, BENCH_CART_MODE: mode },
    request: (i) => ({
      path: mode === "add" ? "/api/v2/carts/add" : "/api/v2/cart-count",
      init: {
        method: "POST",
        headers: { Cookie: `guest_id=${guestIds[i % guestIds.length]}`, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: mode === "add" ? JSON.stringify({ id: productIds[randomInt(productIds.length)], variant: "", quantity: 1 }) : "{}",
      },
    }),
  };
}

const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;
const WRK_THREADS = 2;

/** Parses the RESULT line of a wrk run. */
function wrkResult(stdout: string, stderr: string): Run {
  const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`wrk failed: ${stderr || stdout}`);
  const [requests, errors, p50, p95, p99, micros] = line.split(" ").slice(1).map(Number) as [number, number, number, number, number, number];
  return { requests, errors, rps: requests / (micros / 1e6), p50, p95, p99 };
}

/**
 * Each of `paths` requested once, at CONNECTIONS connections (SEARCH_SCRIPT with wrk, for
 * `seconds`; else the fetch loop until all are answered). `rps` is the throughput while every
 * connection was busy (wrk; the fetch loop counts the whole run, tail included); `requests` are
 * all answers, at most paths.length.
 */
async function loadEach(origin: string, paths: string[], headers: Record<string, string>, dir: string, seconds: number): Promise<Run> {
  if (!hasWrk) return fetchLoad(origin, CONNECTIONS, 600, (i) => (i < paths.length ? { path: paths[i] as string, init: { headers } } : null));
  const script = path.join(dir, "search.lua");
  const queryFile = path.join(dir, "queries.txt");
  fs.writeFileSync(script, SEARCH_SCRIPT);
  fs.writeFileSync(queryFile, `${paths.join("\n")}\n`);
  const args = [`-t${WRK_THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, "-s", script, "-H", "Accept-Encoding: gzip, deflate, br"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push(origin);
  const out = spawnSync("wrk", args, { encoding: "utf8", env: { ...process.env, BENCH_QUERY_FILE: queryFile, BENCH_THREADS: String(WRK_THREADS) } });
  await new Promise((resolve) => setTimeout(resolve, 100)); // as in load()
  const { stdout, stderr } = out;
  const run = wrkResult(stdout, stderr);
  if (run.errors) console.log(`Warning: ${run.errors} errors in a search run (${stdout.split("\n").find((l) => l.startsWith("ERRORS "))?.slice(7) ?? "?"}).`);
  const steady = stdout.split("\n").find((l) => l.startsWith("STEADY "));
  const rate = steady ? Number(steady.split(" ")[1]) : 0;
  return rate > 0 ? { ...run, rps: rate } : run;
}

/**
 * CONNECTIONS concurrent keep-alive connections for SECONDS, sending `traffic`. Uses wrk (a C
 * load generator: apt-get install wrk) when present, so the client takes little of the machine's
 * two cores; otherwise a fetch loop in this process. Any answer other than 2xx/3xx (wrk) or 200
 * (fetch loop) counts as an error.
 */
async function load(origin: string, traffic: Traffic, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Run> {
  if (hasWrk) {
    const script = path.join(os.tmpdir(), `furnish-bench-${process.pid}.lua`);
    fs.writeFileSync(script, traffic.lua);
    const args = [`-t${WRK_THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, "-s", script, "-H", "Accept-Encoding: gzip, deflate, br"];
    for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
    args.push(origin);
    const out = spawnSync("wrk", args, { encoding: "utf8", env: { ...process.env, ...traffic.env } });
    // spawnSync blocked this process's event loop: let it see the keep-alive connections the
    // server closed meanwhile (Next's server closes idle ones after 5 s), so the next fetch does
    // not pick one of them from its pool and fail with "other side closed".
    await new Promise((resolve) => setTimeout(resolve, 100));
    return wrkResult(out.stdout, out.stderr);
  }
  return fetchLoad(origin, CONNECTIONS, seconds, (i) => {
    const { path: target, init = {} } = traffic.request(i);
    return { path: target, init: { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } } };
  });
}

const merge = (runs: Run[]): Run => ({
  requests: runs.reduce((n, r) => n + r.requests, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
  rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
  p50: runs.reduce((n, r) => n + r.p50, 0) / runs.length,
  p95: Math.max(...runs.map((r) => r.p95)),
  p99: Math.max(...runs.map((r) => r.p99)),
});

/** The rounds' ratios of `runs` to `base` (same round), sorted, and their median. */
function roundRatios(runs: Run[], base: Run[]): { ratio: number; rounds: number[] } {
  const rounds = runs.map((r, i) => r.rps / (base[i] as Run).rps).sort((a, b) => a - b);
  return { ratio: rounds[Math.floor(rounds.length / 2)] as number, rounds };
}

const GUEST_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A guest cart id as the browser makes it (lib/cart/client/cart.ts): "guest_" plus 9 letters or digits. */
const newGuestId = () => `guest_${Array.from({ length: 9 }, () => GUEST_ALPHABET[randomInt(GUEST_ALPHABET.length)]).join("")}`;


/* ---------------------------------------------------------------------------------------------
 * Place order: customers with full carts, and a fetch-loop client at 10 connections
 * ------------------------------------------------------------------------------------------- */

const BENCH_EMAIL = "bench-order-";

/** Removes the customers (and their orders) of earlier runs, and gives the order products deep stock. */
async function resetOrderData(handle: DbHandle, productIds: number[]): Promise<void> {
  const { db } = handle;
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
}

/** A row without its id, to insert as a new row. */
function withoutId<T extends { id: unknown }>(row: T): Omit<T, "id"> {
  const copy: Partial<T> = { ...row };
  delete copy.id;
  return copy as Omit<T, "id">;
}

/**
 * `count` customers, each signed in (a session row and its bearer token), with a Pune address
 * and a cart of ORDER_LINES products: rows cloned from one customer made through the API (sign-up,
 * sign-in, address), so they are what better-auth and the address form write.
 */
async function prepareOrderCustomers(handle: DbHandle, templateEmail: string, count: number, productIds: number[]): Promise<{ token: string; addressId: number }[]> {
  const { db } = handle;
  const user = await db.selectFrom("users").selectAll().where("email", "=", templateEmail).executeTakeFirstOrThrow();
  const session = await db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  const address = await db.selectFrom("addresses").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const out: { token: string; addressId: number }[] = [];
    for (let i = 0; i < count; i++) {
      const made = await trx.insertInto("users").values({ ...withoutId(user), email: `${BENCH_EMAIL}${i}-${user.id}@example.com`, name: `Bench Customer ${i}` }).returning("id").executeTakeFirstOrThrow();
      const token = Array.from({ length: 32 }, () => GUEST_ALPHABET[randomInt(GUEST_ALPHABET.length)]).join("");
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

/** `connections` concurrent fetch loops for `seconds` (or until `request` has nothing left); `ok` is the expected status. */
async function fetchLoad(origin: string, connections: number, seconds: number, request: (i: number) => { path: string; init?: RequestInit } | null, ok = 200): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const r = request(next++);
        if (!r) return;
        const t = performance.now();
        try {
          const res = await fetch(`${origin}${r.path}`, r.init);
          await res.arrayBuffer();
          if (res.status !== ok) errors++;
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

type JsChunk = { src: string; bytes: number; gzip: number };
type FirstLoadJs = { origin: string; path: string; bytes: number; gzip: number; chunks: JsChunk[] };

/**
 * The JavaScript a browser loads with a page: every <script src> of its HTML (not the nomodule
 * polyfills, which current browsers skip), each fetched and gzipped at level 9 (as gzip-size and
 * Next's build output count it). Lazy chunks (the mini cart, loaded when it first opens) are not
 * in the HTML and do not count.
 */
async function firstLoadJs(origin: string, pagePath: string): Promise<FirstLoadJs> {
  const html = (await getBytes(`${origin}${pagePath}`)).toString("utf8");
  const srcs = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (/\bnomodule\b/i.test(tag)) continue;
    const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
    if (src) srcs.add(src.replaceAll("&amp;", "&"));
  }
  const chunks: JsChunk[] = [];
  for (const src of srcs) {
    const body = await getBytes(new URL(src, origin).href);
    chunks.push({ src, bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  }
  return { origin, path: pagePath, bytes: chunks.reduce((n, c) => n + c.bytes, 0), gzip: chunks.reduce((n, c) => n + c.gzip, 0), chunks };
}

/** A GET on a connection of its own, uncompressed (no Accept-Encoding): the bytes as built. */
function getBytes(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url} answered ${res.statusCode}`))));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

type JsBaseline = FirstLoadJs & { commit?: string; note?: string; measuredAt?: string };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const file = path.join(ROOT, "data", "bench.db");
  const handle = await openDatabase({ dialect: "sqlite", file });
  const stored = fs.existsSync(JS_BASELINE_FILE) ? (JSON.parse(fs.readFileSync(JS_BASELINE_FILE, "utf8")) as JsBaseline) : null;
  let productSlugs: string[];
  let productNames: string[];
  let cartProductIds: number[];
  let orderProductIds: number[];
  let jsPage: string;
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { products: PRODUCTS, log: () => undefined });
    await allowOpenOrders(handle.db);
    const rows = await handle.db.selectFrom("products").select(["slug", "name"]).where("published", "=", 1).orderBy("id").execute();
    productSlugs = rows.map((r) => r.slug);
    productNames = rows.map((r) => r.name);
    console.log(`Catalog: ${rows.length} products (${file})`);
    // Products an add can always take: made to order, or stocked deep enough that no line of a
    // run comes near its cap (a run adds a handful of units per product at most).
    const buyable = await handle.db
      .selectFrom("products")
      .select("id")
      .where("published", "=", 1)
      .where((eb) => eb.or([eb("availability", "=", "made_to_order"), eb.and([eb("availability", "=", "in_stock"), eb("stock_quantity", ">=", 100)])]))
      .orderBy("id")
      .execute();
    cartProductIds = buyable.map((r) => r.id);
    // Orders of 3 lines of these stay under the Cash on Delivery limit (₹50,000): ₹10,000 at most each.
    const orderable = await handle.db.selectFrom("products").select("id").where("published", "=", 1).where("availability", "=", "in_stock").where("stock_quantity", ">=", 100).where("price", "<=", 1_000_000).orderBy("id").execute();
    orderProductIds = orderable.filter((_, i) => i % Math.max(1, Math.floor(orderable.length / 30)) === 0).slice(0, 30).map((r) => r.id);
    await resetOrderData(handle, orderProductIds);
    // The JS figure compares the same page across builds: the stored baseline's, else the first
    // product in stock (a demo product, so a build of an older commit with the demo seed has it).
    const firstInStock = await handle.db.selectFrom("products").select("slug").where("published", "=", 1).where("availability", "=", "in_stock").orderBy("id").executeTakeFirstOrThrow();
    jsPage = stored?.path ?? `/products/${firstInStock.slug}`;
    // Every run starts with empty guest carts, so carts never fill up over repeated runs.
    await handle.db.deleteFrom("cart_lines").where("cart_id", "in", handle.db.selectFrom("carts").select("id").where("guest_id", "is not", null)).execute();
    await handle.db.deleteFrom("carts").where("guest_id", "is not", null).execute();
  } finally {
    await handle.close();
  }
  const guestIds = Array.from(new Set(Array.from({ length: CARTS * 2 }, newGuestId))).slice(0, CARTS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-bench-"));
  const cartFiles = { carts: path.join(dataDir, "carts.txt"), products: path.join(dataDir, "products.txt") };
  fs.writeFileSync(cartFiles.carts, `${guestIds.join("\n")}\n`);
  fs.writeFileSync(cartFiles.products, `${cartProductIds.join("\n")}\n`);

  // Search: distinct queries for the rounds, and others (never measured) for the warm-up.
  const allQueries = searchQueries(productNames, SEARCH_QUERIES + SEARCH_WARMUP_QUERIES, SEARCH_SEED);
  const searchPath = (q: string) => `/api/v2/products/search?name=${encodeURIComponent(q)}`;
  const warmupSearches = allQueries.slice(SEARCH_QUERIES).map(searchPath);
  const measuredQueries = allQueries.slice(0, SEARCH_QUERIES);
  const searchRounds = Array.from({ length: ROUNDS }, (_, r) =>
    measuredQueries.slice(Math.round((r * SEARCH_QUERIES) / ROUNDS), Math.round(((r + 1) * SEARCH_QUERIES) / ROUNDS)).map(searchPath),
  );

  const env = { ...process.env, DATABASE_URL: file, HOST: "127.0.0.1" };
  await ensureBuild(env);
  const server = startServer(PORT, { ...env, PAYMENTS_SANDBOX: "1" }, { quiet: true });
  // The server's output is read (a full pipe would stall it) and its last lines kept for a failure.
  let serverLog = "";
  const keepLog = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString("utf8")).slice(-4000);
  };
  server.stdout?.on("data", keepLog);
  server.stderr?.on("data", keepLog);
  server.on("exit", (code, signal) => keepLog(Buffer.from(`\n[server exited: code ${code}, signal ${signal}]\n`)));
  let nginx: BenchNginx | null = null;
  try {
    await waitForServer(`${BASE}/api/v2/categories`);
    // First-load JavaScript of a product page, this build against the baseline build: one served
    // at BENCH_BASELINE_URL now (and then stored), else the stored figure.
    const js = await firstLoadJs(BASE, jsPage);
    let baseline: JsBaseline | null = stored;
    if (process.env.BENCH_BASELINE_URL) {
      const measured = await firstLoadJs(new URL(process.env.BENCH_BASELINE_URL).origin, jsPage);
      baseline = {
        ...measured,
        commit: process.env.BENCH_BASELINE_COMMIT,
        note: `The baseline build, served at ${measured.origin}, measured by npm run bench (BENCH_BASELINE_URL).`,
        measuredAt: new Date().toISOString(),
      };
      fs.mkdirSync(path.dirname(JS_BASELINE_FILE), { recursive: true });
      fs.writeFileSync(JS_BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
    }

    const systemKey = { "System-Key": getConfig().systemKey };
    const staticPath = "/about-us";
    const productPaths = productSlugs.filter((_, i) => i % Math.ceil(productSlugs.length / 50) === 0).slice(0, 50).map((s) => `${BASE}/products/${s}`);
    const staticTraffic = pathsTraffic([`${BASE}${staticPath}`]);
    const productTraffic = pathsTraffic(productPaths);
    const pingTraffic = pathsTraffic([`${BASE}/api/v2/ping`]);
    const addTraffic = cartTraffic("add", guestIds, cartProductIds, cartFiles);
    const countTraffic = cartTraffic("count", guestIds, cartProductIds, cartFiles);
    // Warm-up: the first visit renders and caches each page; the benchmark measures cached serving.
    for (const p of [`${BASE}${staticPath}`, ...productPaths]) await fetch(p).then((r) => r.arrayBuffer());
    await load(BASE, staticTraffic, {}, 3);
    await load(BASE, productTraffic, {}, 3);
    await load(BASE, pingTraffic, systemKey, 2);
    // Every cart gets its first line before the rounds (as a shopper's first Add to Cart makes
    // it), so cart-count always reads a cart with lines; this also warms the cart routes up.
    let prefillErrors = 0;
    let nextCart = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (nextCart < guestIds.length) {
          const { path: target, init } = addTraffic.request(nextCart++);
          const res = await fetch(`${BASE}${target}`, { ...init, headers: { ...systemKey, ...(init?.headers as Record<string, string>) } });
          await res.arrayBuffer();
          if (res.status !== 200) prefillErrors++;
        }
      }),
    );
    if (prefillErrors) console.log(`Warning: ${prefillErrors} of ${guestIds.length} first adds failed.`);
    // Search warm-up with queries that are not measured (the route compiled, the statements prepared).
    await loadEach(BASE, warmupSearches, systemKey, dataDir, SEARCH_SECONDS);

    // nginx with the store's configuration in front of this server, and a copy of a product
    // page's HTML (with its gzip, as nginx's cache holds the page) as the file it serves from disk.
    const pageHtml = await getBytes(productPaths[0] as string);
    const nginxStarted = await startBenchNginx({
      dir: path.join(dataDir, "nginx"),
      port: NGINX_PORT,
      staticPort: NGINX_STATIC_PORT,
      upstream: `127.0.0.1:${PORT}`,
      staticFile: { name: "product-page.html", body: pageHtml, gzip: zlib.gzipSync(pageHtml) },
    }).catch((error: unknown) => ({ skipped: `nginx did not start: ${error instanceof Error ? error.message : String(error)}`, failed: true }));
    nginx = "skipped" in nginxStarted ? null : nginxStarted;
    const nginxSkipped = "skipped" in nginxStarted ? nginxStarted : null;
    if (nginxSkipped) console.log(`nginx figures skipped: ${nginxSkipped.skipped}`);
    const nginxProductTraffic = productTraffic;
    const nginxStaticTraffic = nginx ? pathsTraffic([`${nginx.staticOrigin}${nginx.staticPath}`]) : null;
    if (nginx) {
      for (const p of productPaths) await fetch(`${nginx.origin}${new URL(p).pathname}`, { headers: { "Accept-Encoding": "gzip" } }).then((r) => r.arrayBuffer());
      await load(nginx.staticOrigin, nginxStaticTraffic as Traffic, {}, 2);
      await load(nginx.origin, nginxProductTraffic, {}, 2);
    }

    // Place order: one customer through the API (sign-up, confirmed, sign-in, address), cloned.
    const orderCustomers = await (async () => {
      const email = `${BENCH_EMAIL}template-${Date.now()}@example.com`;
      const password = `Bench-${randomInt(1e9)}-pw!`;
      const json = { ...systemKey, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" };
      const signup = await fetch(`${BASE}/api/v2/auth/signup`, { method: "POST", headers: json, body: JSON.stringify({ name: "Bench Customer", email_or_phone: email, password, password_confirmation: password, register_by: "email" }) });
      if (signup.status !== 200) throw new Error(`bench sign-up answered ${signup.status}: ${await signup.text()}`);
      const db = await openDatabase({ dialect: "sqlite", file });
      try {
        await db.db.updateTable("users").set({ email_verified: 1 }).where("email", "=", email).execute();
        const login = await fetch(`${BASE}/api/v2/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ login_by: "email", email, password }) });
        const token = ((await login.json()) as { access_token?: string }).access_token;
        if (!token) throw new Error(`bench sign-in answered ${login.status}`);
        const place = await db.db.selectFrom("cities as c").innerJoin("states as s", "s.id", "c.state_id").select(["c.id as city", "s.id as state", "s.country_id as country"]).where("c.name", "=", "Pune").where("s.name", "=", "Maharashtra").executeTakeFirstOrThrow();
        const address = await fetch(`${BASE}/api/v2/user/shipping/create`, { method: "POST", headers: { ...json, Authorization: `Bearer ${token}` }, body: JSON.stringify({ address: "14 Koregaon Park Lane", country: place.country, state: place.state, city: place.city, postal_code: "411001", phone: "9876543210" }) });
        if (address.status !== 201) throw new Error(`bench address answered ${address.status}: ${await address.text()}`);
        return await prepareOrderCustomers(db, email, ORDER_CARTS, orderProductIds);
      } finally {
        await db.close();
      }
    })();
    let nextOrder = 0;
    const placeRequest = () => {
      const c = orderCustomers[nextOrder++];
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
    // Warm-up of the place route (a few orders) and of the fetch-loop client.
    await fetchLoad(BASE, ORDER_CONNECTIONS, 1, (i) => (i < 20 ? placeRequest() : null), 201);
    await fetchLoad(BASE, ORDER_CONNECTIONS, 1, pingRequest);

    // All runs alternate in ROUNDS short rounds, and each ratio is the median of the rounds'
    // ratios against its baseline run of the same round: the machine's speed drifts (other
    // tenants of a shared VM), and a drift then spoils one round instead of the result.
    // A search run sends its round's share of the distinct queries right after the round's ping run.
    const runs = {
      static: [] as Run[],
      product: [] as Run[],
      ping: [] as Run[],
      search: [] as Run[],
      add: [] as Run[],
      count: [] as Run[],
      nginxStatic: [] as Run[],
      nginxProduct: [] as Run[],
      ping10: [] as Run[],
      place: [] as Run[],
    };
    for (let round = 0; round < ROUNDS; round++) {
      runs.static.push(await load(BASE, staticTraffic, {}, ROUND_SECONDS));
      runs.product.push(await load(BASE, productTraffic, {}, ROUND_SECONDS));
      runs.ping.push(await load(BASE, pingTraffic, systemKey, ROUND_SECONDS));
      runs.search.push(await loadEach(BASE, searchRounds[round] as string[], systemKey, dataDir, SEARCH_SECONDS));
      if (nginx && nginxStaticTraffic) {
        runs.nginxStatic.push(await load(nginx.staticOrigin, nginxStaticTraffic, {}, ROUND_SECONDS));
        runs.nginxProduct.push(await load(nginx.origin, nginxProductTraffic, {}, ROUND_SECONDS));
      }
      runs.add.push(await load(BASE, addTraffic, systemKey, ROUND_SECONDS));
      runs.count.push(await load(BASE, countTraffic, systemKey, ROUND_SECONDS));
      runs.ping10.push(await fetchLoad(BASE, ORDER_CONNECTIONS, ROUND_SECONDS, pingRequest));
      runs.place.push(await fetchLoad(BASE, ORDER_CONNECTIONS, ROUND_SECONDS, placeRequest, 201));
    }
    const staticRun = merge(runs.static);
    const productRun = merge(runs.product);
    const pingRun = merge(runs.ping);
    const addRun = merge(runs.add);
    const countRun = merge(runs.count);
    const pageRatio = roundRatios(runs.product, runs.static);
    const addRatio = roundRatios(runs.add, runs.ping);
    const countRatio = roundRatios(runs.count, runs.ping);
    const ping10Run = merge(runs.ping10);
    const placeRun = merge(runs.place);
    const placeRatio = roundRatios(runs.place, runs.ping10);
    const searchRun = merge(runs.search);
    const searchRatio = roundRatios(runs.search, runs.ping);
    // p95 of ping over p95 of search, round by round (1 = search answers as fast as ping).
    const searchP95Ratio = (() => {
      const rounds = runs.search.map((r, i) => (runs.ping[i] as Run).p95 / r.p95).sort((a, b) => a - b);
      return { ratio: rounds[Math.floor(rounds.length / 2)] as number, rounds };
    })();
    const searchedQueries = runs.search.reduce((n, r) => n + r.requests, 0);
    const nginxStaticRun = nginx ? merge(runs.nginxStatic) : null;
    const nginxProductRun = nginx ? merge(runs.nginxProduct) : null;
    const nginxRatio = nginx ? roundRatios(runs.nginxProduct, runs.nginxStatic) : null;

    // Resident memory of the store's processes after all the runs: the server and anything it started.
    const memory = server.pid === undefined ? null : processTreeMemory(server.pid);
    const memoryMb = memory ? memory.rssKb / 1024 : null;
    const nginxMemory = nginx?.process.pid === undefined ? null : processTreeMemory(nginx.process.pid);

    const rows = [
      ["static page " + staticPath, staticRun],
      [`product pages (${productPaths.length} products)`, productRun],
      ["GET /api/v2/ping (baseline)", pingRun],
      [`POST carts/add (${guestIds.length} carts)`, addRun],
      [`POST cart-count (${guestIds.length} carts)`, countRun],
      [`GET /api/v2/ping, ${ORDER_CONNECTIONS} conn (fetch)`, ping10Run],
      [`POST checkout/place, ${ORDER_CONNECTIONS} conn (fetch)`, placeRun],
      [`search, ${searchedQueries} distinct queries`, searchRun],
      ...(nginxStaticRun && nginxProductRun
        ? ([
            ["nginx: static file (gzip_static)", nginxStaticRun],
            [`nginx: product pages (cache)`, nginxProductRun],
          ] as const)
        : []),
    ] as const;
    console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per run, ${PRODUCTS} products, client: ${hasWrk ? "wrk" : "fetch loop"}`);
    console.log(`search: ${SEARCH_QUERIES} distinct queries from product names (seed ${SEARCH_SEED}, e.g. ${measuredQueries.slice(0, 5).map((q) => `"${q}"`).join(", ")}), about ${Math.round(SEARCH_QUERIES / ROUNDS)} a round; cache handler: ${process.env.REDIS_URL ? "Redis (REDIS_URL)" : "in memory"}`);
    console.log(`carts: ${guestIds.length} guest carts (a cookie each, one after another), adds of 1 unit of a random one of ${cartProductIds.length} products\n`);
    console.log("what".padEnd(34) + "req/s".padStart(9) + "p50 ms".padStart(9) + "p95 ms".padStart(9) + "p99 ms".padStart(9) + "errors".padStart(8));
    for (const [name, r] of rows) {
      console.log(name.padEnd(34) + r.rps.toFixed(0).padStart(9) + r.p50.toFixed(1).padStart(9) + r.p95.toFixed(1).padStart(9) + r.p99.toFixed(1).padStart(9) + String(r.errors).padStart(8));
    }
    const rounds = (r: { rounds: number[] }) => r.rounds.map((x) => x.toFixed(2)).join(", ");
    const productOk = pageRatio.ratio >= TARGET.page;
    const addOk = addRatio.ratio >= 0.5 && addRun.errors === 0;
    const countOk = countRatio.ratio >= 0.5 && countRun.errors === 0;
    const searchOk = searchRatio.ratio >= TARGET.search && searchRun.errors === 0;
    const nginxOk = nginxRatio ? nginxRatio.ratio >= TARGET.nginxPage && (nginxProductRun as Run).errors === 0 : !nginxSkipped || !("failed" in nginxSkipped);
    const memoryOk = memoryMb !== null && memoryMb <= TARGET.memoryMb;
    console.log(`\nproduct page / static page: ${pageRatio.ratio.toFixed(2)}, median of ${ROUNDS} rounds (${rounds(pageRatio)}) (target ≥ ${TARGET.page.toFixed(2)}) ${productOk ? "OK" : "BELOW TARGET"}`);
    console.log(
      `search / ping, throughput: ${searchRatio.ratio.toFixed(2)} (${rounds(searchRatio)}), ${searchedQueries} of ${SEARCH_QUERIES} distinct queries answered, ${searchRun.errors} errors (target ≥ ${TARGET.search.toFixed(2)}) ${searchOk ? "OK" : "BELOW TARGET"}`,
    );
    console.log(`search p95 ${searchRun.p95.toFixed(1)} ms, ping p95 ${pingRun.p95.toFixed(1)} ms; ping p95 / search p95: ${searchP95Ratio.ratio.toFixed(2)} (${rounds(searchP95Ratio)})`);
    if (nginxRatio) {
      console.log(`nginx: product page (cache) / static file: ${nginxRatio.ratio.toFixed(2)} (${rounds(nginxRatio)}), ${(nginxProductRun as Run).errors} errors (target ≥ ${TARGET.nginxPage.toFixed(2)}) ${nginxOk ? "OK" : "BELOW TARGET"}`);
    } else {
      console.log(`nginx: not measured (${nginxSkipped?.skipped ?? "unknown reason"})`);
    }
    console.log(`carts/add / ping: ${addRatio.ratio.toFixed(2)} (${rounds(addRatio)}), ${addRun.errors} errors (target ≥ 0.50, no errors) ${addOk ? "OK" : "BELOW TARGET"}`);
    console.log(`cart-count / ping: ${countRatio.ratio.toFixed(2)} (${rounds(countRatio)}), ${countRun.errors} errors (target ≥ 0.50, no errors) ${countOk ? "OK" : "BELOW TARGET"}`);
    console.log(
      `checkout/place / ping at ${ORDER_CONNECTIONS} connections: ${placeRatio.ratio.toFixed(3)} (${placeRatio.rounds.map((x) => x.toFixed(3)).join(", ")}), ${placeRun.rps.toFixed(0)} orders/s, p95 ${placeRun.p95.toFixed(1)} ms, ${placeRun.requests} orders of ${ORDER_LINES} lines (COD), ${placeRun.errors} errors`,
    );
    if (memory && memoryMb !== null) {
      console.log(
        `resident memory after the runs: ${memoryMb.toFixed(0)} MB on ${productSlugs.length} products (${memory.processes.map((p) => `pid ${p.pid} ${(p.rssKb / 1024).toFixed(0)} MB, peak ${(p.peakRssKb / 1024).toFixed(0)} MB: ${p.command.slice(0, 60)}`).join("; ")}) (target ≤ ${TARGET.memoryMb} MB) ${memoryOk ? "OK" : "ABOVE TARGET"}`,
      );
    } else {
      console.log("resident memory: not measured (no /proc)");
    }
    if (nginxMemory) console.log(`  nginx beside it (not the store's): ${(nginxMemory.rssKb / 1024).toFixed(0)} MB in ${nginxMemory.processes.length} processes`);
    console.log(`\nfirst-load JS of ${jsPage}: ${kb(js.gzip)} gzip (${kb(js.bytes)} raw, ${js.chunks.length} scripts)`);
    let jsOk = true;
    if (baseline) {
      const added = js.gzip - baseline.gzip;
      jsOk = added <= 15 * 1024;
      const before = new Set(baseline.chunks.map((c) => c.src));
      const changed = js.chunks.filter((c) => !before.has(c.src));
      console.log(`  baseline${baseline.commit ? ` (commit ${baseline.commit})` : ""}${process.env.BENCH_BASELINE_URL ? `, measured at ${baseline.origin}` : `, ${path.relative(ROOT, JS_BASELINE_FILE)}`}: ${kb(baseline.gzip)} gzip; added ${kb(added)} (target ≤ 15.0 KB) ${jsOk ? "OK" : "ABOVE TARGET"}`);
      console.log(`  scripts not in the baseline: ${changed.map((c) => `${c.src.split("/").pop()} ${kb(c.gzip)}`).join(", ") || "none"}`);
    } else {
      console.log("  no baseline (bench-results/js-baseline.json or BENCH_BASELINE_URL), nothing to compare with");
    }
    fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, "bench-results", "latest.json"),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          products: PRODUCTS,
          connections: CONNECTIONS,
          seconds: SECONDS,
          rounds: ROUNDS,
          roundSeconds: ROUND_SECONDS,
          static: staticRun,
          product: productRun,
          ratio: pageRatio.ratio,
          roundRatios: pageRatio.rounds,
          carts: { guestCarts: guestIds.length, products: cartProductIds.length, prefillErrors },
          ping: pingRun,
          cartAdd: addRun,
          cartCount: countRun,
          cartAddRatio: addRatio,
          cartCountRatio: countRatio,
          search: {
            queries: searchedQueries,
            distinctQueries: SEARCH_QUERIES,
            seed: SEARCH_SEED,
            examples: measuredQueries.slice(0, 20),
            cacheHandler: process.env.REDIS_URL ? "redis" : "memory",
            run: searchRun,
            rounds: runs.search,
            ratio: searchRatio,
            p95Ratio: searchP95Ratio,
            target: TARGET.search,
          },
          nginx: nginx
            ? { static: nginxStaticRun, product: nginxProductRun, ratio: nginxRatio, staticBytes: pageHtml.length, target: TARGET.nginxPage, memoryKb: nginxMemory?.rssKb ?? null }
            : { skipped: nginxSkipped?.skipped ?? null },
          memory: memory ? { products: productSlugs.length, rssMb: memoryMb, target: TARGET.memoryMb, processes: memory.processes } : null,
          placeOrder: { connections: ORDER_CONNECTIONS, lines: ORDER_LINES, preparedCarts: orderCustomers.length, ping: ping10Run, place: placeRun, ratio: placeRatio },
          js: { after: js, baseline, addedGzip: baseline ? js.gzip - baseline.gzip : null },
        },
        null,
        2,
      ),
    );
    process.exitCode = productOk && addOk && countOk && searchOk && nginxOk && memoryOk && jsOk ? 0 : 1;
  } catch (error) {
    if (serverLog.trim()) console.error(`Server output (last lines):\n${serverLog}`);
    throw error;
  } finally {
    await nginx?.stop();
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
