/**
 * The admin-list measurement's database: a PostgreSQL database of its own
 * (BENCH_ADMIN_DATABASE_URL, furnish_bench_admin on the local server of scripts/pg-local.sh),
 * made on first use and reused while it holds BENCH_ADMIN_PRODUCTS products:
 *
 * - the demo catalog topped up to 100,000 products by the seed's generator (lib/seed/generate.ts:
 *   names of real words, "Jaipur Indigo Ikat Cotton Curtain", so a search by a word finds what it
 *   would in a real shop of that size; a SKU each; every subcategory; stock from 0 to 180, a
 *   quarter made to order), inserted in batches of 500 in one transaction;
 * - what a shop's list has and the generator does not: about one product in eight not published
 *   (one set statement), changes spread over the last months (updated_at after created_at), and
 *   BENCH_ADMIN_VARIANT_PRODUCTS products sold in three sizes (variants with their own SKUs),
 *   written by the catalog's own writer (lib/catalog/server/variant-rows.ts);
 * - an owner to sign in as (lib/accounts/server/user-rows.ts), password only.
 *
 * Then it reads what the request mix is drawn from (./admin-mix.ts): the products' sort keys,
 * names, SKUs, categories, and some variant SKUs.
 */
import { sql } from "kysely";
import { insertUserWithPassword } from "../../lib/accounts/server/user-rows";
import { writeVariantSet } from "../../lib/catalog/server/variant-rows";
import { openDatabase, type DbHandle } from "../../lib/platform/db/connection";
import { migrateToLatest } from "../../lib/platform/db/migrate";
import { seedDatabase } from "../../lib/seed";
import type { MixCatalog } from "./admin-mix";

export const ADMIN_DATABASE_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:54329/furnish_bench_admin";
export const ADMIN_PRODUCTS = Number(process.env.BENCH_ADMIN_PRODUCTS ?? 100_000);
/** Products given three variants each (a few thousand variants). */
const VARIANT_PRODUCTS = Number(process.env.BENCH_ADMIN_VARIANT_PRODUCTS ?? 1200);
/** The owner the run signs in as; the database is the bench's own, on a local server. */
export const BENCH_OWNER = { name: "Bench Owner", email: "bench-owner@kesarhome.in", password: "Bench-Owner@2026", role: "owner" } as const;
const SIZES = ["Small", "Medium", "Large"] as const;

/** Whether the PostgreSQL server of `url` answers (the measurement is skipped with a notice when not). */
export async function serverReachable(url = ADMIN_DATABASE_URL): Promise<boolean> {
  const { default: pg } = await import("pg");
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the database of `url` on its server unless it exists. */
export async function ensureDatabase(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`The bench database name "${name}" must be lower case letters, digits and _`);
  target.pathname = "/postgres";
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!found.rowCount) {
      await client.query(`create database ${name}`);
      console.log(`Created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}

const count = async (handle: DbHandle, query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(handle.db)).rows[0]?.n ?? 0);

/** The products, their mix of published and changed, the variants and the owner: each step only when missing. */
async function fillDatabase(handle: DbHandle): Promise<void> {
  const products = await count(handle, sql<{ n: number }>`select count(*) as n from products`);
  if (products < ADMIN_PRODUCTS) {
    const started = Date.now();
    console.log(`Generating ${ADMIN_PRODUCTS - products} products on PostgreSQL (once; later runs reuse them)...`);
    await seedDatabase(handle, { products: ADMIN_PRODUCTS, log: (line) => (line.includes("generated") ? console.log(line) : undefined) });
    console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  // One in eight not published, by a hash of the id: by the id's remainder (id % 8, as first
  // written) it went with the generator's families (family = product number % 12), so some
  // categories had no drafts and others half, and the planner's estimates for "a category's
  // drafts" were off by a thousand times. Redone when an older database has the old pick.
  const drafts = await count(handle, sql<{ n: number }>`select count(*) as n from products where published = 0`);
  const oldPick = await count(handle, sql<{ n: number }>`select count(*) as n from products where published = 0 and (hashint4(id) & 7) <> 3`);
  if (drafts === 0 || oldPick > 0) {
    // A change after creation for four products in five, up to 200 days later but not in the
    // future, so "recently changed" is not the creation order.
    await sql`update products set
        published = case when (hashint4(id) & 7) = 3 then 0 else 1 end,
        updated_at = case when id % 5 = 0 then created_at else least(now(), created_at + ((id * 7919) % 17280) * interval '1000 seconds') end`.execute(handle.db);
    // The update left a dead copy of every row: the table would stay twice its size (400 MB
    // instead of 200), half of each page empty, and every read of many rows twice as long.
    console.log("Compacting the products table after the update (VACUUM FULL)...");
    await sql`vacuum (full, analyze) products`.execute(handle.db);
  }
  const variants = await count(handle, sql<{ n: number }>`select count(*) as n from product_variants`);
  if (variants < VARIANT_PRODUCTS * SIZES.length) {
    const started = Date.now();
    // Generated products without variants, spread over the catalog (every 80th or so).
    const rows = await handle.db
      .selectFrom("products")
      .select(["id", "sku", "price", "list_price", "stock_quantity", "made_to_order"])
      .where("variant_count", "=", 0)
      .where("sku", "like", "KHG-%")
      .where(sql<boolean>`id % 80 = 11`)
      .orderBy("id")
      .limit(VARIANT_PRODUCTS)
      .execute();
    const now = new Date();
    await handle.db.transaction().execute(async (trx) => {
      for (const p of rows) {
        const stock = Number(p.stock_quantity);
        await writeVariantSet(
          trx,
          handle.dialect,
          p.id,
          {
            options: [{ name: "Size", values: [...SIZES] }],
            variants: SIZES.map((size, i) => ({
              sku: `${p.sku}-${size.slice(0, 1)}`,
              values: { Size: size },
              price: Number(p.price) + i * 50_000,
              listPrice: Number(p.list_price) + i * 50_000,
              initialStock: Math.floor(stock / 3) + (i < stock % 3 ? 1 : 0),
              madeToOrder: Number(p.made_to_order) === 1,
              photo: null,
            })),
          },
          { actor: "system", now, newStockReason: "initial", newStockNote: "bench variants" },
        );
      }
    });
    console.log(`Gave ${rows.length} products three variants each in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const owner = await handle.db.selectFrom("users").select("id").where("email", "=", BENCH_OWNER.email).executeTakeFirst();
  if (!owner) await handle.db.transaction().execute((trx) => insertUserWithPassword(trx, handle.dialect, { ...BENCH_OWNER, at: new Date().toISOString() }));
  // VACUUM as well as ANALYZE: a shop's database is vacuumed by autovacuum (inserts alone trigger
  // it since PostgreSQL 13), which marks its pages all-visible, so a count(*) of the list reads an
  // index only. A database just filled (or rewritten by VACUUM FULL, which leaves the visibility
  // map empty) has none marked, and each count read the whole 200 MB heap: 150 ms for the
  // unfiltered first page instead of 25, a state no running shop is in.
  await sql`vacuum (analyze)`.execute(handle.db);
}

/** What the request mix is drawn from: every product's sort keys, name, SKU and category; some variant SKUs; the category slugs. */
async function readCatalog(handle: DbHandle): Promise<MixCatalog> {
  const products = await handle.db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.id", "p.name", "p.sku", "p.price", "p.stock_quantity", "p.updated_at", "p.created_at", "c.slug as category"])
    .orderBy("p.id")
    .execute();
  const variantSkus = await handle.db.selectFrom("product_variants").select("sku").orderBy("id").execute();
  const categories = await handle.db.selectFrom("categories").select("slug").orderBy("id").execute();
  return {
    products: products.map((p) => ({ id: p.id, name: p.name, sku: p.sku, price: Number(p.price), stock: Number(p.stock_quantity), updatedAt: p.updated_at, createdAt: p.created_at, category: p.category })),
    variantSkus: variantSkus.map((v) => v.sku),
    categories: categories.map((c) => c.slug),
  };
}

/** Brings the bench's PostgreSQL database up to date (creating and filling it on first use) and reads the mix's catalog. */
export async function prepareAdminDatabase(): Promise<MixCatalog> {
  await ensureDatabase(ADMIN_DATABASE_URL);
  const handle = await openDatabase({ dialect: "postgres", url: ADMIN_DATABASE_URL });
  try {
    await migrateToLatest(handle);
    await fillDatabase(handle);
    const catalog = await readCatalog(handle);
    console.log(`Catalog: ${catalog.products.length} products, ${catalog.variantSkus.length} variants (${ADMIN_DATABASE_URL.replace(/\/\/[^@/]*@/, "//")})`);
    return catalog;
  } finally {
    await handle.close();
  }
}
