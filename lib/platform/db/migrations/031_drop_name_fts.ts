import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Product search no longer asks SQLite's trigram index of names (products_fts, migrations 001 and
 * 005): the store's own search index answers it, fed from the products table
 * (lib/catalog/server/product-search.ts, decision 0065). The FTS5 table and its three triggers go,
 * so a product's insert, rename or publication no longer writes a second index. PostgreSQL's
 * trigram index on lower(name) stays: the back office's product and stock lists filter names with
 * LIKE through it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "sqlite") return;
  for (const name of ["products_fts_ai", "products_fts_ad", "products_fts_au"]) {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await sql`drop table if exists products_fts`.execute(db);
}
