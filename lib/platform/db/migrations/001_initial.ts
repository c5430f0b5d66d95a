import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The whole schema of the store, written once for both dialects. Differences are kept to the
 * helpers below: identity ids, timestamp type and the product name search index.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";

  function table(name: string) {
    return db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
  }
  const stamps = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    t.addColumn("created_at", ts, (c) => c.notNull()).addColumn("updated_at", ts, (c) => c.notNull());

  await stamps(
    table("users")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("phone", "text")
      .addColumn("password_hash", "text")
      .addColumn("avatar", "text")
      .addColumn("email_verified_at", ts),
  ).execute();

  await table("sessions")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_agent", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("last_used_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await table("otp_codes")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("used_at", ts)
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("otp_codes_email_idx").on("otp_codes").columns(["email", "purpose", "created_at"]).execute();

  await table("password_reset_tokens")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("used_at", ts)
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  await table("countries")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("iso2", "text", (c) => c.notNull().unique())
    .addColumn("phone_code", "text", (c) => c.notNull())
    .execute();
  await table("states")
    .addColumn("country_id", "integer", (c) => c.notNull().references("countries.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addUniqueConstraint("states_country_code_uq", ["country_id", "code"])
    .execute();
  await table("cities")
    .addColumn("state_id", "integer", (c) => c.notNull().references("states.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addUniqueConstraint("cities_state_name_uq", ["state_id", "name"])
    .execute();

  await stamps(
    table("addresses")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("country_id", "integer", (c) => c.notNull().references("countries.id"))
      .addColumn("state_id", "integer", (c) => c.notNull().references("states.id"))
      .addColumn("city_id", "integer", (c) => c.notNull().references("cities.id"))
      .addColumn("postal_code", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex("addresses_user_idx").on("addresses").columns(["user_id", "is_default"]).execute();

  await stamps(
    table("categories")
      .addColumn("parent_id", "integer", (c) => c.references("categories.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("description", "text")
      .addColumn("cover_image", "text")
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("meta_title", "text")
      .addColumn("meta_description", "text"),
  ).execute();
  await db.schema.createIndex("categories_parent_idx").on("categories").columns(["parent_id", "sort_order"]).execute();

  await stamps(
    table("products")
      .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("sku", "text", (c) => c.notNull().unique())
      .addColumn("short_description", "text")
      .addColumn("description", "text")
      .addColumn("key_features", "text")
      .addColumn("care_instructions", "text")
      .addColumn("warranty_summary", "text")
      .addColumn("return_policy", "text")
      .addColumn("about_heading", "text")
      .addColumn("about_description", "text")
      .addColumn("about_image", "text")
      .addColumn("additional_heading", "text")
      .addColumn("additional_description", "text")
      .addColumn("additional_image", "text")
      .addColumn("list_price", "integer", (c) => c.notNull().check(sql`list_price >= 0`))
      .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
      .addColumn("discount_percent", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("stock_quantity", "integer", (c) => c.notNull().defaultTo(0).check(sql`stock_quantity >= 0`))
      .addColumn("made_to_order", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("availability", "text", (c) =>
        c.notNull().check(sql`availability in ('in_stock', 'made_to_order', 'out_of_stock')`),
      )
      .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_popular", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("thumbnail_image", "text")
      .addColumn("meta_title", "text")
      .addColumn("meta_description", "text")
      .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex("products_category_idx").on("products").columns(["category_id", "published", "created_at"]).execute();
  await db.schema.createIndex("products_price_idx").on("products").columns(["published", "price"]).execute();
  await db.schema.createIndex("products_created_idx").on("products").columns(["published", "created_at"]).execute();
  await db.schema.createIndex("products_availability_idx").on("products").columns(["published", "availability", "created_at"]).execute();
  await db.schema.createIndex("products_featured_idx").on("products").columns(["is_featured", "published"]).execute();
  await db.schema.createIndex("products_popular_idx").on("products").columns(["is_popular", "published"]).execute();

  // Name search: FTS5 with the trigram tokenizer on SQLite, a pg_trgm GIN index on PostgreSQL.
  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index products_name_trgm_idx on products using gin (lower(name) gin_trgm_ops)`.execute(db);
  } else {
    await sql`create virtual table products_fts using fts5(name, content='products', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger products_fts_ai after insert on products begin
      insert into products_fts(rowid, name) values (new.id, new.name); end`.execute(db);
    await sql`create trigger products_fts_ad after delete on products begin
      insert into products_fts(products_fts, rowid, name) values ('delete', old.id, old.name); end`.execute(db);
    await sql`create trigger products_fts_au after update of name on products begin
      insert into products_fts(products_fts, rowid, name) values ('delete', old.id, old.name);
      insert into products_fts(rowid, name) values (new.id, new.name); end`.execute(db);
  }

  await table("product_photos")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("product_photos_product_idx").on("product_photos").columns(["product_id", "sort_order"]).execute();

  await table("attributes")
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await table("attribute_values")
    .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id").onDelete("cascade"))
    .addColumn("value", "text", (c) => c.notNull())
    .addUniqueConstraint("attribute_values_uq", ["attribute_id", "value"])
    .execute();
  await db.schema
    .createTable("product_attribute_values")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("attribute_value_id", "integer", (c) => c.notNull().references("attribute_values.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_attribute_values_pk", ["product_id", "attribute_value_id"])
    .execute();
  await db.schema.createIndex("pav_value_idx").on("product_attribute_values").columns(["attribute_value_id", "product_id"]).execute();

  await db.schema
    .createTable("recently_viewed")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("viewed_at", ts, (c) => c.notNull())
    .addPrimaryKeyConstraint("recently_viewed_pk", ["user_id", "product_id"])
    .execute();

  await stamps(
    table("carts")
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade").unique())
      .addColumn("guest_id", "text", (c) => c.unique()),
  ).execute();
  await stamps(
    table("cart_lines")
      .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade"))
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
      .addColumn("variant", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
      .addUniqueConstraint("cart_lines_uq", ["cart_id", "product_id", "variant"]),
  ).execute();

  await table("wishlists")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addUniqueConstraint("wishlists_uq", ["user_id", "product_id"])
    .execute();

  await table("coupons")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('percent', 'flat', 'free_shipping')`))
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("min_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_discount", "integer")
    .addColumn("first_order_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("starts_at", ts)
    .addColumn("ends_at", ts)
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  await stamps(
    table("orders")
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("shipping_name", "text", (c) => c.notNull())
      .addColumn("shipping_email", "text", (c) => c.notNull())
      .addColumn("shipping_address", "text", (c) => c.notNull())
      .addColumn("shipping_city", "text", (c) => c.notNull())
      .addColumn("shipping_state", "text", (c) => c.notNull())
      .addColumn("shipping_country", "text", (c) => c.notNull())
      .addColumn("shipping_postal_code", "text", (c) => c.notNull())
      .addColumn("shipping_phone", "text", (c) => c.notNull())
      .addColumn("shipping_type", "text", (c) => c.notNull())
      .addColumn("payment_type", "text", (c) => c.notNull())
      .addColumn("coupon_code", "text")
      .addColumn("subtotal", "integer", (c) => c.notNull())
      .addColumn("shipping_cost", "integer", (c) => c.notNull())
      .addColumn("tax", "integer", (c) => c.notNull())
      .addColumn("coupon_discount", "integer", (c) => c.notNull())
      .addColumn("grand_total", "integer", (c) => c.notNull())
      .addColumn("delivery_status", "text", (c) => c.notNull())
      .addColumn("payment_status", "text", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "created_at"]).execute();

  await table("order_lines")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("product_name", "text", (c) => c.notNull())
    .addColumn("variation", "text")
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_price", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("delivery_status", "text", (c) => c.notNull())
    .addColumn("refund_status", "text")
    .execute();
  await db.schema.createIndex("order_lines_order_idx").on("order_lines").column("order_id").execute();

  await table("payments")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_order_idx").on("payments").column("order_id").execute();

  await stamps(
    table("blogs")
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("banner", "text")
      .addColumn("short_description", "text")
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("author", "text", (c) => c.notNull())
      .addColumn("meta_title", "text")
      .addColumn("meta_description", "text")
      .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("published_at", ts, (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("blogs_published_idx").on("blogs").columns(["published", "published_at"]).execute();

  await table("sliders")
    .addColumn("heading", "text", (c) => c.notNull())
    .addColumn("subheading", "text")
    .addColumn("photo", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("link_text", "text")
    .addColumn("button_text", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await stamps(
    table("cms_pages")
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("short_desc", "text")
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("category_id", "integer", (c) => c.references("categories.id").onDelete("set null"))
      .addColumn("meta_title", "text")
      .addColumn("meta_description", "text")
      .addColumn("published", "integer", (c) => c.notNull().defaultTo(1)),
  ).execute();

  await table("business_settings")
    .addColumn("type", "text", (c) => c.notNull().unique())
    .addColumn("value", "text")
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();

  await table("newsletter_subscribers")
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  await table("contact_messages")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("surname", "text")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("subject", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  await table("enquiries")
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('gifting', 'bulk_deals', 'corporate', 'services')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("contact", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("enquiries_kind_idx").on("enquiries").columns(["kind", "created_at"]).execute();

  await table("testimonials")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("location", "text")
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}
