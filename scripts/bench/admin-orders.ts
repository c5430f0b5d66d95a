/**
 * npm run bench -- admin-orders: the back office's order list (/admin/orders, rendered on the
 * server for each request, nothing cached) on 1,000,000 orders on PostgreSQL, at 5 connections,
 * signed in as an owner. Target (issue 25): p95 under 300 ms for the list filtered by status and
 * by a date range, and a search by phone.
 *
 * Its own server and database (./admin-orders-data.ts: furnish_bench_orders on the local
 * PostgreSQL of scripts/pg-local.sh, filled on first use, a few minutes), so it runs only on
 * request and alone (cli.ts). The traffic is staff's mix (./admin-orders-mix.ts): statuses with
 * pages, date ranges, searches by phone, code, e-mail and name, BENCH_ADMIN_REQUESTS distinct URLs
 * in all, each sent once, measured as the admin-list bench is (./admin-measure.ts). Then the
 * packing slips of 100 orders in one PDF, three times with other orders (target: under 10 s).
 * Writes bench-results/latest-admin-orders.json.
 */
import { randomInt } from "node:crypto";
import { BASE } from "./settings";
import { serverReachable } from "./admin-list-data";
import { measureAdminPages, PER_KIND_REQUESTS, splitDrawn } from "./admin-measure";
import { ADMIN_ORDERS, ORDERS_DATABASE_URL, prepareOrdersDatabase } from "./admin-orders-data";
import { adminOrdersMix, ORDER_MIX } from "./admin-orders-mix";

const TARGET_P95_MS = 300;
/** Packing slips: one PDF of 100 orders, in under 10 seconds (issue 25), three times with other orders. */
const SLIP_ORDERS = 100;
const SLIP_TARGET_MS = 10_000;
const SLIP_RUNS = 3;
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 1000);
const WARMUP_REQUESTS = 100;
const SEED = Number(process.env.BENCH_ADMIN_SEED ?? randomInt(2 ** 31));

/** Runs the measurement; answers the exit code (0: target met, 1: missed, 2: PostgreSQL unreachable). */
export async function adminOrdersMain(): Promise<number> {
  if (!(await serverReachable(ORDERS_DATABASE_URL))) {
    console.error(`admin-orders needs PostgreSQL: nothing answers at ${ORDERS_DATABASE_URL.replace(/\/\/[^@/]*@/, "//")} (bash scripts/pg-local.sh start, or set BENCH_ORDERS_DATABASE_URL).`);
    return 2;
  }
  const data = await prepareOrdersDatabase();
  const all = adminOrdersMix(data, REQUESTS + WARMUP_REQUESTS + PER_KIND_REQUESTS * Object.keys(ORDER_MIX).length * 3, SEED);
  return measureAdminPages({
    name: "admin-orders",
    label: "order list",
    databaseUrl: ORDERS_DATABASE_URL,
    pageText: "Order pages",
    firstPath: "/admin/orders",
    ...splitDrawn(all, REQUESTS, WARMUP_REQUESTS),
    mix: ORDER_MIX,
    seed: SEED,
    targetP95Ms: TARGET_P95_MS,
    dataLine: `${ADMIN_ORDERS} orders on PostgreSQL`,
    facts: { orders: ADMIN_ORDERS, sampledOrders: data.orders.length },
    after: async (cookie) => {
      const runs: { ms: number; bytes: number }[] = [];
      for (let run = 0; run < SLIP_RUNS; run++) {
        const ids = data.orders.slice(run * SLIP_ORDERS, (run + 1) * SLIP_ORDERS).map((o) => o.id);
        const started = performance.now();
        const res = await fetch(`${BASE}/admin/orders/packing-slips?ids=${ids.join(",")}`, { headers: { cookie } });
        const pdf = Buffer.from(await res.arrayBuffer());
        const ms = performance.now() - started;
        if (res.status !== 200 || pdf.subarray(0, 5).toString() !== "%PDF-") throw new Error(`packing slips of ${ids.length} orders answered ${res.status}, not a PDF`);
        runs.push({ ms, bytes: pdf.byteLength });
      }
      const worst = Math.max(...runs.map((r) => r.ms));
      const ok = worst < SLIP_TARGET_MS;
      console.log(`packing slips, ${SLIP_ORDERS} orders in one PDF: ${runs.map((r) => `${(r.ms / 1000).toFixed(1)} s (${Math.round(r.bytes / 1024)} KB)`).join(", ")}; worst ${(worst / 1000).toFixed(1)} s (target < ${SLIP_TARGET_MS / 1000} s) ${ok ? "OK" : "MISSED"}`);
      return { ok, facts: { packingSlips: { orders: SLIP_ORDERS, runs, worstMs: worst, targetMs: SLIP_TARGET_MS, ok } } };
    },
  });
}
