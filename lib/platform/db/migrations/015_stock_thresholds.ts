import type { Kysely } from "kysely";

/**
 * Low stock by product (docs/back-office.md "Stock", lib/catalog/server/stock-admin.ts):
 * - products.low_stock_threshold: at or below this many units (and above none) the product, or
 *   each of its variants when it is sold by variant, counts as low; null: the shop's default;
 * - the shop's default is a back-office setting (staff_settings, key "low_stock_threshold", a
 *   JSON number), absent until someone changes it: the code's default, 5, holds until then.
 * No index: the low rule is read with the admin lists' other filters (a coalesce of this column
 * and the default in the same scan), not looked up by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("products").addColumn("low_stock_threshold", "integer").execute();
}
