import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The back office's categories (docs/back-office.md "Categories and attributes",
 * lib/catalog/server/category-admin.ts):
 * - category_slug_redirects: a slug a category had before, answered by a permanent redirect to
 *   the category's slug of today, as product_slug_redirects (migration 012) does for products. It
 *   names the category, not its next slug, so a chain of renames is one hop; a category that takes
 *   an old slug as its own removes that row; deleting the category deletes its rows.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  await db.schema
    .createTable("category_slug_redirects")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("category_slug_redirects_category_idx").on("category_slug_redirects").column("category_id").execute();
}
