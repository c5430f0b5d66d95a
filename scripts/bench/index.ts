/**
 * npm run bench — one server (Next's standalone server, as npm start runs it), one run, ratios
 * rather than absolute times, on a 10,000-product catalog (data/bench.db, made on first use:
 * catalog.ts). Each measurement is a module of this folder:
 *  - pages.ts: a cached product page against a static page on the same server (target ≥ 0.9);
 *  - search.ts: distinct type-ahead searches, each sent once, against GET /api/v2/ping (ping.ts),
 *    throughput and p95 (target ≥ 0.7);
 *  - carts.ts: POST /carts/add and POST /cart-count over many guest carts, against ping (≥ 0.5);
 *  - orders.ts: placing an order (COD, 3 lines) at 10 connections against ping at 10 connections;
 *  - nginx.ts: the product pages through nginx with deploy/nginx's configuration and cache,
 *    against a file the same nginx serves from disk (target ≥ 0.9);
 *  - memory.ts: the resident memory of the server and what it started, after the runs (≤ 350 MB);
 *  - first-load-js.ts: a product page's first-load JavaScript (gzip) against a baseline build.
 * load.ts runs the load (wrk, else a fetch loop); settings.ts has the shared settings.
 *
 * The runs alternate in BENCH_ROUNDS short rounds (pages, ping, search, nginx, carts, orders), and
 * each ratio is the median of the rounds' ratios against its baseline run of the same round: the
 * machine's speed drifts (other tenants of a shared VM), and a drift then spoils one round instead
 * of the result. Prints a table and writes bench-results/latest.json.
 *
 * `npm run bench -- search` (or `-- --only search,pages`) runs only the named measurements (with
 * ping when search or carts is among them), in the same rounds, and writes
 * bench-results/latest-<names>.json instead, so a full run's latest.json stays.
 *
 * On request only, and alone: `npm run bench -- admin-list` (admin-list.ts), the back office's
 * product list on 100,000 products on PostgreSQL at 5 connections (p95 < 300 ms), on a server
 * and database of its own (furnish_bench_admin on the local server of scripts/pg-local.sh, made on
 * first use). `npm run bench` without arguments never runs it: it needs PostgreSQL, and the other
 * measurements run on SQLite. Writes bench-results/latest-admin-list.json. Likewise
 * `npm run bench -- admin-orders` (admin-orders.ts): the order list on 1,000,000 orders
 * (furnish_bench_orders), bench-results/latest-admin-orders.json; and
 * `npm run bench -- import` (import.ts): the CSV import of 10,000 rows timed on a fresh SQLite
 * database and a fresh PostgreSQL one (furnish_bench_import), bench-results/latest-import.json;
 * and `npm run bench -- search-scale` (search-scale.ts): the search measurement above at 10,000 and
 * 100,000 products on SQLite and on PostgreSQL, a server for each, with the index's start-up time
 * and memory, bench-results/latest-search-scale.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getConfig } from "../../lib/platform/config";
import { ROOT, waitForServer } from "../lib/build";
import { adminListMain } from "./admin-list";
import { adminOrdersMain } from "./admin-orders";
import { importMain } from "./import";
import { cartsBench, prepareCartData } from "./carts";
import { MEASUREMENTS, parseMeasurements, USAGE, type Measurement } from "./cli";
import { BENCH_DB, prepareCatalog } from "./catalog";
import { firstLoadJsBench, jsPagePath, storedJsBaseline } from "./first-load-js";
import { hasWrk, printTable, type Report } from "./load";
import { memoryBench } from "./memory";
import { nginxBench } from "./nginx";
import { ordersBench, prepareOrderData } from "./orders";
import { pagesBench, productPagePaths } from "./pages";
import { pingBench } from "./ping";
import { searchBench } from "./search";
import { searchScaleMain } from "./search-scale";
import { startBenchServer } from "./server";
import { BASE, CONNECTIONS, PRODUCTS, ROUNDS, ROUND_SECONDS, SECONDS } from "./settings";

/** What each measurement does before the rounds, and in each round. */
type Stage = { warmUp(): Promise<void>; round(round: number): Promise<void> };

async function main() {
  if (process.argv.includes("--help") || process.argv.includes("-h")) return console.log(USAGE);
  let only: Measurement[];
  try {
    only = parseMeasurements(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
    return;
  }
  // On request, alone: its own server on PostgreSQL (admin-list.ts).
  if (only.includes("admin-list")) {
    process.exitCode = await adminListMain();
    return;
  }
  // On request, alone: its own server on PostgreSQL with a million orders (admin-orders.ts).
  if (only.includes("admin-orders")) {
    process.exitCode = await adminOrdersMain();
    return;
  }
  // On request, alone: 10,000 CSV rows through the import on SQLite and PostgreSQL (import.ts).
  if (only.includes("import")) {
    process.exitCode = await importMain();
    return;
  }
  // On request, alone: search at 10,000 and 100,000 products on SQLite and PostgreSQL, a server for each (search-scale.ts).
  if (only.includes("search-scale")) {
    process.exitCode = await searchScaleMain();
    return;
  }
  const want = (m: Measurement) => only.includes(m);
  const partial = only.length < MEASUREMENTS.length;
  if (partial) console.log(`Only: ${only.join(", ")}${want("search") || want("carts") ? ", with GET /api/v2/ping as the baseline" : ""}`);

  const storedJs = want("first-load-js") ? storedJsBaseline() : null;
  const { catalog, cartProducts, orderProducts, jsPage } = await prepareCatalog(async (handle) => ({
    cartProducts: want("carts") ? await prepareCartData(handle) : [],
    orderProducts: want("orders") ? await prepareOrderData(handle) : [],
    jsPage: want("first-load-js") ? await jsPagePath(handle, storedJs) : "",
  }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-bench-"));
  try {
    const systemKey = { "System-Key": getConfig().systemKey };
    // Made before the server starts: the cart files, and the search queries (a catalog that cannot give enough fails here).
    const carts = want("carts") ? cartsBench(cartProducts, systemKey, dataDir) : null;
    const search = want("search") ? searchBench(catalog.productNames, systemKey, dataDir) : null;
    const pages = want("pages") ? pagesBench(catalog.productSlugs) : null;
    const ping = search || carts ? pingBench(systemKey) : null;
    const nginx = want("nginx") ? nginxBench(productPagePaths(catalog.productSlugs), dataDir) : null;
    const orders = want("orders") ? ordersBench(orderProducts, systemKey) : null;
    const memory = want("memory") ? memoryBench(catalog.productSlugs.length) : null;

    const server = await startBenchServer(BENCH_DB);
    try {
      await waitForServer(`${BASE}/api/v2/categories`);
      // First, before any load: this build's first-load JavaScript against the baseline build's.
      const js = want("first-load-js") ? await firstLoadJsBench(jsPage, storedJs) : null;
      const warmUps: (Stage | null)[] = [pages, ping, carts, search, nginx, orders];
      for (const stage of warmUps) await stage?.warmUp();
      // A search run sends its round's share of the distinct queries right after the round's ping run.
      const rounds: (Stage | null)[] = [pages, ping, search, nginx, carts, orders];
      for (let round = 0; round < ROUNDS; round++) for (const stage of rounds) await stage?.round(round);
      // Resident memory of the store's processes after all the runs: the server and anything it started.
      memory?.measure(server.process.pid);
      nginx?.measureMemory();

      const pingRuns = ping?.runs ?? [];
      const report = {
        pages: pages?.report(),
        carts: carts?.report(pingRuns),
        orders: orders?.report(),
        search: search?.report(pingRuns),
        nginx: nginx?.report(),
        memory: memory?.report(),
        js: js?.report(),
      };
      const rows = [...(report.pages?.rows ?? []), ...(ping ? [ping.row()] : []), ...(report.carts?.rows ?? []), ...(report.orders?.rows ?? []), ...(report.search?.rows ?? []), ...(report.nginx?.rows ?? [])];
      if (rows.length) {
        console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per run, ${PRODUCTS} products, client: ${hasWrk ? "wrk" : "fetch loop"}`);
        if (search) console.log(search.about);
        if (carts) console.log(carts.about);
        console.log("");
        printTable(rows);
      }
      const lines = [report.pages, report.search, report.nginx, report.carts, report.orders, report.memory].flatMap((r) => r?.lines ?? []);
      const nginxMemory = memory ? nginx?.memoryLine() : null;
      if (nginxMemory) lines.push(nginxMemory);
      if (lines.length) console.log(`\n${lines.join("\n")}`);
      if (report.js) console.log(`\n${report.js.lines.join("\n")}`);

      const file = path.join(ROOT, "bench-results", partial ? `latest-${only.join("+")}.json` : "latest.json");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const pingRun = ping?.row()[1];
      const json = {
        at: new Date().toISOString(),
        products: PRODUCTS,
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        roundSeconds: ROUND_SECONDS,
        ...(partial ? { only } : {}),
        ...report.pages?.json,
        ...report.carts?.json, // with ping, the baseline of its ratios
        ...(pingRun ? { ping: pingRun } : {}), // where carts did not run (the key keeps its place when it did)
        ...report.search?.json,
        ...report.nginx?.json,
        ...report.memory?.json,
        ...report.orders?.json,
        ...report.js?.json,
      };
      fs.writeFileSync(file, JSON.stringify(json, null, 2));
      if (partial) console.log(`\nWritten: ${path.relative(ROOT, file)}`);
      const ok = Object.values(report).every((r: Report | undefined) => r === undefined || r.ok);
      process.exitCode = ok ? 0 : 1;
    } catch (error) {
      if (server.log().trim()) console.error(`Server output (last lines):\n${server.log()}`);
      throw error;
    } finally {
      await nginx?.stop();
      server.process.kill("SIGTERM");
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
