import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * PostgreSQL statistics for the back office's product list (lib/catalog/server/admin-list.ts), so
 * a filter that finds few or no products does not read all of them.
 *
 * A product's availability follows from its stock and made_to_order (out of stock at 0 units,
 * else made to order or in stock), and the list filters by availability and by stock together
 * (stock=out is `stock_quantity <= 0 and made_to_order = 0`). PostgreSQL takes columns as
 * independent unless told: for "in stock and out of stock" it expected some 7,000 of 100,000
 * products where there are none, so it walked the sort's index for 26 of them and read the whole
 * table, 276–428 ms (npm run bench -- admin-list, docs/measurements/2026-11-25-admin-list-100k.md).
 * A multi-column MCV list of the three columns gives it their real combinations, and it then
 * combines the stock and availability indexes: 3–7 ms. The list keeps up to 1,000 combinations
 * (the default 100 left the empty ones out, and the misestimate with them); ANALYZE of products
 * samples more rows for it (about 3 s instead of 1 on 100,000 products).
 *
 * SQLite has no such statistics; its shops are a few thousand products, where a scan is cheap.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`create statistics if not exists products_stock_state_stats (mcv) on availability, made_to_order, stock_quantity from products`.execute(db);
  await sql`alter statistics products_stock_state_stats set statistics 1000`.execute(db);
  await sql`analyze products`.execute(db);
}
