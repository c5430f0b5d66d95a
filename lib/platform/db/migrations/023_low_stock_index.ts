import { sql, type Kysely } from "kysely";

/**
 * The low-stock filter's bound (lib/catalog/server/stock-admin.ts lowStockRule): the highest
 * threshold any product has, read as one index lookup. Partial: most products have none of their
 * own (null: the shop's default), so the index holds only those that do. Both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists products_low_threshold_idx on products (low_stock_threshold) where low_stock_threshold is not null`.execute(db);
}
