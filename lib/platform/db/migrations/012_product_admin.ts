import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The back office's products (docs/api-v2.md "Admin", docs/storefront.md "Products made in the
 * back office"):
 * - products.archived_at: set when staff archive a product. An archived product is unpublished
 *   (the storefront shows published products only: listings, search, the sitemap, its page) and
 *   cannot be published until it is unarchived; its orders keep showing it. A product that was
 *   ever ordered is archived, never deleted;
 * - products.lead_time_days: for a made-to-order product, the days its making takes (null: the
 *   shop's dispatch days for made to order);
 * - product_slug_redirects: a slug a product had before, answered by a permanent redirect to the
 *   product's slug of today. It names the product, not its next slug, so a chain of renames is
 *   one hop; a product that takes an old slug as its own removes that row;
 * - order_lines_product_idx: "was this product ever ordered?" is asked before every delete
 *   (PostgreSQL does not index a foreign key by itself).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";

  await db.schema.alterTable("products").addColumn("archived_at", ts).execute();
  await db.schema.alterTable("products").addColumn("lead_time_days", "integer").execute();

  await db.schema
    .createTable("product_slug_redirects")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_slug_redirects_product_idx").on("product_slug_redirects").column("product_id").execute();
  await db.schema.createIndex("order_lines_product_idx").on("order_lines").column("product_id").execute();
}
