import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Indexes for the back office's lists (docs/back-office.md; lib/catalog/server/admin-list.ts,
 * lib/orders/server/order-admin.ts), so they stay fast on 100,000 products and many orders:
 *
 * - products: one index per sort of the admin list on (key, id), the order the list reads its
 *   keyset pages in (a page is the next rows after a cursor: an index range, not an OFFSET);
 *   the storefront's indexes lead with `published`, which the admin list does not filter by;
 * - products, PostgreSQL: a pg_trgm index on lower(sku), beside migration 001's on lower(name),
 *   so a search by part of a SKU is an index lookup (SQLite scans its few thousand rows);
 * - orders: newest first, alone and within a delivery status (the admin order list's filters).
 *
 * Numbered 013: 012 is the product services' (branch i24-products).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  await index("products_admin_updated_idx", "products", ["updated_at", "id"]);
  await index("products_admin_created_idx", "products", ["created_at", "id"]);
  await index("products_admin_name_idx", "products", ["name", "id"]);
  await index("products_admin_price_idx", "products", ["price", "id"]);
  await index("products_admin_stock_idx", "products", ["stock_quantity", "id"]);
  await index("orders_admin_created_idx", "orders", ["created_at", "id"]);
  await index("orders_admin_status_idx", "orders", ["delivery_status", "created_at", "id"]);
  if (dialect === "postgres") {
    await sql`create index if not exists products_sku_trgm_idx on products using gin (lower(sku) gin_trgm_ops)`.execute(db);
  }
}
