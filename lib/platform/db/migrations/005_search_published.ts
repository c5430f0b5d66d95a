import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * SQLite's name search index (FTS5, trigram) holds published products only, so that the type-ahead
 * count ("how many products match 'cott'") is answered by the index alone instead of by looking
 * up every matching product to check that it is published: on 10,000 products that took the
 * search's SQL from about 0.6 ms to 0.3 ms a query (npm run bench, docs/measurements/).
 *
 * The index uses the products table as its external content, so a row may only be deleted from it
 * with the values it was indexed with: the triggers add a product when it is (or becomes)
 * published and remove it when it was published, never otherwise. PostgreSQL's pg_trgm index is
 * an ordinary index and needs nothing.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "sqlite") return;
  for (const name of ["products_fts_ai", "products_fts_ad", "products_fts_au"]) {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await sql`create trigger products_fts_ai after insert on products when new.published = 1 begin
    insert into products_fts(rowid, name) values (new.id, new.name); end`.execute(db);
  await sql`create trigger products_fts_ad after delete on products when old.published = 1 begin
    insert into products_fts(products_fts, rowid, name) values ('delete', old.id, old.name); end`.execute(db);
  await sql`create trigger products_fts_au after update of name, published on products begin
    insert into products_fts(products_fts, rowid, name) select 'delete', old.id, old.name where old.published = 1;
    insert into products_fts(rowid, name) select new.id, new.name where new.published = 1; end`.execute(db);
  await sql`insert into products_fts(products_fts) values ('delete-all')`.execute(db);
  await sql`insert into products_fts(rowid, name) select id, name from products where published = 1`.execute(db);
}
