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
 * in all, each sent once, measured as the admin-list bench is (./admin-measure.ts). Writes
 * bench-results/latest-admin-orders.json.
 */
import { randomInt } from "node:crypto";
import { serverReachable } from "./admin-list-data";
import { measureAdminPages, PER_KIND_REQUESTS, splitDrawn } from "./admin-measure";
import { ADMIN_ORDERS, ORDERS_DATABASE_URL, prepareOrdersDatabase } from "./admin-orders-data";
import { adminOrdersMix, ORDER_MIX } from "./admin-orders-mix";

const TARGET_P95_MS = 300;
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
  });
}
