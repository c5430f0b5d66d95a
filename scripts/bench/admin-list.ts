/**
 * npm run bench -- admin-list: the back office's product list (/admin/products, a page rendered on
 * the server for each request, nothing cached) on 100,000 products on PostgreSQL, at 5
 * connections, signed in as an owner. Target: p95 under 300 ms (issue 24).
 *
 * Its own server and database (./admin-list-data.ts: furnish_bench_admin on the local PostgreSQL
 * of scripts/pg-local.sh, filled on first use), so it runs only on request and alone (cli.ts). The
 * traffic is an owner's mix (./admin-mix.ts): searches by words and SKUs, filters with sorts, and
 * far pages, BENCH_ADMIN_REQUESTS distinct URLs in all, each sent once. Like the other
 * measurements it alternates in BENCH_ROUNDS rounds with GET /api/v2/ping on the same server at
 * the same 5 connections, and reports the throughput ratio to ping (the median of the rounds'); the
 * p95 held against the target is the median of the rounds' p95s (a round that the shared machine
 * slowed spoils only itself), with the worst round's beside it. Afterwards, a few more requests of
 * each kind one at a time say which kind is slow. Writes bench-results/latest-admin-list.json.
 */
import { randomInt } from "node:crypto";
import { ADMIN_DATABASE_URL, ADMIN_PRODUCTS, prepareAdminDatabase, serverReachable } from "./admin-list-data";
import { measureAdminPages, PER_KIND_REQUESTS, splitDrawn } from "./admin-measure";
import { adminListMix, MIX } from "./admin-mix";

const TARGET_P95_MS = 300;
/** Distinct list URLs of the measured runs, split over the rounds. */
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 1000);
/** More URLs, not measured, that warm the page up (compiled, statements planned, the pool filled). */
const WARMUP_REQUESTS = 100;
const SEED = Number(process.env.BENCH_ADMIN_SEED ?? randomInt(2 ** 31));

/** Runs the measurement; answers the exit code (0: target met, 1: missed, 2: PostgreSQL unreachable). */
export async function adminListMain(): Promise<number> {
  if (!(await serverReachable())) {
    console.error(`admin-list needs PostgreSQL: nothing answers at ${ADMIN_DATABASE_URL.replace(/\/\/[^@/]*@/, "//")} (bash scripts/pg-local.sh start, or set BENCH_ADMIN_DATABASE_URL).`);
    return 2;
  }
  const catalog = await prepareAdminDatabase();
  const all = adminListMix(catalog, REQUESTS + WARMUP_REQUESTS + PER_KIND_REQUESTS * Object.keys(MIX).length * 3, SEED);
  return measureAdminPages({
    name: "admin-list",
    label: "admin list",
    databaseUrl: ADMIN_DATABASE_URL,
    pageText: "Product pages",
    firstPath: "/admin/products",
    ...splitDrawn(all, REQUESTS, WARMUP_REQUESTS),
    mix: MIX,
    seed: SEED,
    targetP95Ms: TARGET_P95_MS,
    dataLine: `${catalog.products.length} products on PostgreSQL`,
    facts: { products: catalog.products.length, targetProducts: ADMIN_PRODUCTS, variants: catalog.variantSkus.length },
  });
}
