/**
 * The databases of npm run bench -- search-scale, made on first use and reused:
 *
 * - SQLite, 10,000 products: data/bench.db, the database the rest of npm run bench uses (catalog.ts);
 * - SQLite, 100,000 products: data/bench-100k.db;
 * - PostgreSQL, 10,000 products: furnish_bench_search10k (BENCH_SEARCH_PG10K_URL) on the local
 *   server of scripts/pg-local.sh;
 * - PostgreSQL, 100,000 products: admin-list's furnish_bench_admin (admin-list-data.ts), the same
 *   generated catalog with one product in eight not published and 1,200 products with variants.
 *
 * The first three are the demo catalog topped up by the seed's generator (lib/seed/generate.ts:
 * names of real words, every subcategory, stock from 0 to 180), all published.
 */
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type DbHandle } from "../../lib/platform/db/connection";
import { migrateToLatest } from "../../lib/platform/db/migrate";
import { seedDatabase } from "../../lib/seed";
import { ROOT } from "../lib/build";
import { ADMIN_DATABASE_URL, ensureDatabase, prepareAdminDatabase } from "./admin-list-data";
import { BENCH_DB } from "./catalog";
import type { ScaleCase } from "./search-scale-rules";

export const SQLITE_100K_DB = path.join(ROOT, "data", "bench-100k.db");
export const PG_10K_URL = process.env.BENCH_SEARCH_PG10K_URL ?? "postgres://postgres@127.0.0.1:54329/furnish_bench_search10k";

/** What a case runs on: the server's DATABASE_URL, the published products' names (the queries' source), all products. */
export type ScaleData = { databaseUrl: string; names: string[]; total: number };

const hideUser = (url: string) => url.replace(/\/\/[^@/]*@/, "//");

async function publishedNames(handle: DbHandle): Promise<{ names: string[]; total: number }> {
  const rows = await handle.db.selectFrom("products").select(["name", "published"]).orderBy("id").execute();
  return { names: rows.filter((r) => Number(r.published) === 1).map((r) => r.name), total: rows.length };
}

/** Migrated and topped up to `products` (a few seconds to a minute the first time), then its names. */
async function topUp(handle: DbHandle, products: number, where: string): Promise<{ names: string[]; total: number }> {
  await migrateToLatest(handle);
  const [{ n } = { n: 0 }] = (await sql<{ n: number }>`select count(*) as n from products`.execute(handle.db)).rows;
  if (Number(n) < products) {
    const started = Date.now();
    console.log(`Generating ${products - Number(n)} products in ${where} (once; later runs reuse them)...`);
    await seedDatabase(handle, { products, log: () => undefined });
    if (handle.dialect === "postgres") await sql`vacuum (analyze)`.execute(handle.db);
    console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return publishedNames(handle);
}

/** Brings the case's database up to date (making it on first use) and reads its product names. */
export async function prepareScaleData(c: ScaleCase): Promise<ScaleData> {
  if (c.database === "sqlite") {
    const file = c.products >= 100_000 ? SQLITE_100K_DB : BENCH_DB;
    const handle = await openDatabase({ dialect: "sqlite", file });
    try {
      return { databaseUrl: file, ...(await topUp(handle, c.products, path.relative(ROOT, file))) };
    } finally {
      await handle.close();
    }
  }
  const url = c.products >= 100_000 ? ADMIN_DATABASE_URL : PG_10K_URL;
  if (c.products >= 100_000) await prepareAdminDatabase();
  else await ensureDatabase(url);
  const handle = await openDatabase({ dialect: "postgres", url });
  try {
    return { databaseUrl: url, ...(c.products >= 100_000 ? await publishedNames(handle) : await topUp(handle, c.products, hideUser(url))) };
  } finally {
    await handle.close();
  }
}
