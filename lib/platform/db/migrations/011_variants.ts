import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Product variants (docs/storefront.md "Variants", docs/architecture.md "Stock"):
 * - product_options: a product's option types (Size, Length, Colour, ...) in their order;
 * - product_option_values: each option's values in their order ("5 ft", "7 ft", "9 ft");
 * - product_variants: one sellable choice: its SKU (unique across the shop), its label (the option
 *   values joined by " / ": "King / Ivory") and slug ("king-ivory", the ?variant= of a shared
 *   link), price and compare-at (list) price in paise, stock, made to order, availability (which
 *   follows stock as a product's does), an optional photo, its position;
 * - product_variant_values: which option value a variant has for each option;
 * - products.variant_count: how many variants it is sold in (0: none; a card says "3 choices"). Its stock_quantity is then the
 *   sum of its variants' stock, its availability the best of theirs, its price the lowest
 *   variant's (what a card and a listing sort show), kept so by the catalog's variant services
 *   and the stock ledger in the same transaction as the change;
 * - cart_lines.variant_id and order_lines.variant_id: the variant a line is for (the label stays in
 *   cart_lines.variant and order_lines.variation, as the API has always shown it); a variant
 *   deleted takes its cart lines with it and leaves its order lines (set null);
 * - stock_movements.variant_id: the ledger per variant. The rows of a variant sum to its stock, and
 *   the rows of a product (with or without a variant) still sum to the product's.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));

  await id("product_options")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("product_options_uq", ["product_id", "name"])
    .execute();

  await id("product_option_values")
    .addColumn("option_id", "integer", (c) => c.notNull().references("product_options.id").onDelete("cascade"))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("product_option_values_uq", ["option_id", "value"])
    .execute();

  await id("product_variants")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("list_price", "integer", (c) => c.notNull().check(sql`list_price >= 0`))
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("discount_percent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("stock_quantity", "integer", (c) => c.notNull().defaultTo(0).check(sql`stock_quantity >= 0`))
    .addColumn("made_to_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("availability", "text", (c) => c.notNull().check(sql`availability in ('in_stock', 'made_to_order', 'out_of_stock')`))
    .addColumn("photo", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addUniqueConstraint("product_variants_slug_uq", ["product_id", "slug"])
    .addUniqueConstraint("product_variants_label_uq", ["product_id", "label"])
    .execute();

  await db.schema
    .createTable("product_variant_values")
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id").onDelete("cascade"))
    .addColumn("option_value_id", "integer", (c) => c.notNull().references("product_option_values.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_variant_values_pk", ["variant_id", "option_value_id"])
    .execute();
  await db.schema.createIndex("product_variant_values_value_idx").on("product_variant_values").column("option_value_id").execute();

  await db.schema.alterTable("products").addColumn("variant_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("cart_lines").addColumn("variant_id", "integer", (c) => c.references("product_variants.id").onDelete("cascade")).execute();
  await db.schema.alterTable("order_lines").addColumn("variant_id", "integer", (c) => c.references("product_variants.id").onDelete("set null")).execute();
  // No foreign key, like product_id: the ledger outlives a variant deleted by hand.
  await db.schema.alterTable("stock_movements").addColumn("variant_id", "integer").execute();
  await db.schema.createIndex("stock_movements_variant_idx").on("stock_movements").column("variant_id").execute();
  // A variant's delete finds its cart and order lines by these (PostgreSQL does not index a foreign key by itself).
  await db.schema.createIndex("cart_lines_variant_idx").on("cart_lines").column("variant_id").execute();
  await db.schema.createIndex("order_lines_variant_idx").on("order_lines").column("variant_id").execute();
}
