import { sql } from "kysely";
import { openDatabase, type DbHandle } from "../platform/db/connection";
import { migrateToLatest } from "../platform/db/migrate";

/** A migrated SQLite shop in `file` with one category (id 1), for tests of the search index. */
export async function openShopDb(file: string, category: { name: string; slug: string }): Promise<DbHandle> {
  const handle = await openDatabase({ dialect: "sqlite", file });
  await migrateToLatest(handle);
  const now = new Date().toISOString();
  await sql`insert into categories (id, name, slug, created_at, updated_at) values (1, ${category.name}, ${category.slug}, ${now}, ${now})`.execute(handle.db);
  return handle;
}

/** Products of category 1, one statement each, as a shop adding them one by one (or an import without a batch) does. */
export async function addProducts(handle: DbHandle, names: string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const [i, name] of names.entries()) {
    const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${i}`;
    await sql`insert into products (category_id, name, slug, sku, list_price, price, availability, created_at, updated_at)
      values (1, ${name}, ${slug}, ${`SKU-${slug}`}, 100000, 90000, 'in_stock', ${now}, ${now})`.execute(handle.db);
  }
}
