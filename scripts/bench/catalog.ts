/**
 * The bench's database, data/bench.db (made on first use, reused by later runs): migrated and
 * seeded with BENCH_PRODUCTS products, and the products the page and search measurements draw from.
 */
import path from "node:path";
import { openDatabase, type DbHandle } from "../../lib/platform/db/connection";
import { migrateToLatest } from "../../lib/platform/db/migrate";
import { seedDatabase } from "../../lib/seed";
import { ROOT } from "../lib/build";
import { allowOpenOrders } from "../lib/open-orders";
import { PRODUCTS } from "./settings";

export const BENCH_DB = path.join(ROOT, "data", "bench.db");

/** Published products in id order: their slugs (the product pages) and names (the search queries). */
export type Catalog = { productSlugs: string[]; productNames: string[] };

/**
 * Opens the bench database, brings it to the latest schema and PRODUCTS products, lifts the cap
 * on open orders (the place-order run's customers place many), reads the catalog, and hands the
 * open database to `prepare` (each measurement's own rows) before closing it.
 */
export async function prepareCatalog<T>(prepare: (handle: DbHandle, catalog: Catalog) => Promise<T>): Promise<{ catalog: Catalog } & T> {
  const handle = await openDatabase({ dialect: "sqlite", file: BENCH_DB });
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { products: PRODUCTS, log: () => undefined });
    await allowOpenOrders(handle.db);
    const rows = await handle.db.selectFrom("products").select(["slug", "name"]).where("published", "=", 1).orderBy("id").execute();
    const catalog = { productSlugs: rows.map((r) => r.slug), productNames: rows.map((r) => r.name) };
    console.log(`Catalog: ${rows.length} products (${BENCH_DB})`);
    return { catalog, ...(await prepare(handle, catalog)) };
  } finally {
    await handle.close();
  }
}
