import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Cart, coupons, GST and delivery:
 * - cart lines remember the price the shopper saw (unit_price, paise) so a later catalog change
 *   can be shown as a change; a cart holds one coupon code and a shipping method;
 * - coupons gain usage limits, overall and per customer (counted from orders that use them);
 * - products carry an HSN code, and gst_rates maps HSN prefixes and per-piece price bands to a
 *   rate (prices are tax-inclusive, the rate only splits out the GST a price contains);
 * - delivery_zones are the serviceable PIN code ranges with transit days per shipping method.
 * Both tables are data a merchant may change; the rows below are India's defaults.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));

  await db.schema.alterTable("products").addColumn("hsn_code", "text").execute();
  await db.schema.alterTable("cart_lines").addColumn("unit_price", "integer").execute();
  await db.schema.alterTable("carts").addColumn("coupon_code", "text").execute();
  await db.schema.alterTable("carts").addColumn("shipping_method", "text", (c) => c.notNull().defaultTo("standard")).execute();
  await db.schema.alterTable("coupons").addColumn("usage_limit", "integer").execute();
  await db.schema.alterTable("coupons").addColumn("per_customer_limit", "integer").execute();
  await db.schema.createIndex("orders_coupon_idx").on("orders").columns(["coupon_code", "user_id"]).execute();
  // A guest cart is found by its cookie value on every request.
  await db.schema.createIndex("cart_lines_product_idx").on("cart_lines").column("product_id").execute();
  await db.schema.createIndex("wishlists_product_idx").on("wishlists").column("product_id").execute();

  // Existing catalogs: the HSN heading of each of the demo's families; anything else stays
  // unset and is taxed at the default rate (setting gst_default_rate) until the merchant sets it.
  const hsnByCategory: Record<string, string> = {
    curtains: "6303",
    blinds: "6303",
    wallpaper: "4814",
    upholstery: "5407",
    bedding: "6302",
    cushions: "6304",
    "mats-rugs": "5705",
    "table-linen": "6302",
    "bath-linen": "6302",
    furniture: "9403",
  };
  for (const [slug, hsn] of Object.entries(hsnByCategory)) {
    await sql`
      update products set hsn_code = ${hsn}
      where hsn_code is null and category_id in (
        select c.id from categories c where c.slug = ${slug}
           or c.parent_id in (select p.id from categories p where p.slug = ${slug}))`.execute(db);
  }

  await id("gst_rates")
    // Matched by the longest prefix of a product's HSN code ("63" would cover all of chapter 63).
    .addColumn("hsn_prefix", "text", (c) => c.notNull())
    // Upper bound of the band: the taxable value of one piece, in paise; null = no bound.
    .addColumn("max_taxable_value", "integer")
    .addColumn("rate_percent", "integer", (c) => c.notNull().check(sql`rate_percent >= 0 and rate_percent <= 100`))
    .addColumn("effective_from", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("gst_rates_prefix_idx").on("gst_rates").columns(["hsn_prefix", "effective_from"]).execute();

  // Notification 9/2025-CT(Rate), in force 22 Sep 2025 (../shared/design/NOTES-accounts-checkout.md §3).
  const from = "2025-09-22";
  const rates: Array<[string, number | null, number, string]> = [
    ["6302", 250000, 5, "Bed, table, toilet and kitchen linen, up to ₹2,500 a piece"],
    ["6302", null, 18, "Bed, table, toilet and kitchen linen, above ₹2,500 a piece"],
    ["6303", 250000, 5, "Curtains and interior blinds, up to ₹2,500 a piece"],
    ["6303", null, 18, "Curtains and interior blinds, above ₹2,500 a piece"],
    ["6304", 250000, 5, "Other furnishing articles (cushion covers, bedspreads), up to ₹2,500 a piece"],
    ["6304", null, 18, "Other furnishing articles, above ₹2,500 a piece"],
    ["9404", 250000, 5, "Quilts, cushions and bedding, up to ₹2,500 a piece"],
    ["9404", null, 18, "Quilts, cushions and bedding, above ₹2,500 a piece"],
    ["5701", null, 5, "Carpets, knotted"],
    ["5702", null, 5, "Carpets and rugs, woven (dhurries, kilims)"],
    ["5703", null, 5, "Carpets, tufted"],
    ["5704", null, 5, "Carpets of felt"],
    ["5705", null, 5, "Other carpets and floor coverings (mats)"],
    ["5407", null, 5, "Woven fabrics of synthetic filament (upholstery fabric)"],
    ["4814", null, 18, "Wallpaper and similar wall coverings"],
    ["9401", null, 18, "Seats and chairs"],
    ["9403", null, 18, "Other furniture"],
  ];
  await sql`insert into gst_rates (hsn_prefix, max_taxable_value, rate_percent, effective_from, note) values ${sql.join(
    rates.map(([prefix, max, rate, note]) => sql`(${prefix}, ${max}, ${rate}, ${from}, ${note})`),
  )}`.execute(db);

  await id("delivery_zones")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("pin_from", "integer", (c) => c.notNull())
    .addColumn("pin_to", "integer", (c) => c.notNull())
    .addColumn("standard_days_min", "integer", (c) => c.notNull())
    .addColumn("standard_days_max", "integer", (c) => c.notNull())
    .addColumn("express_days_min", "integer", (c) => c.notNull())
    .addColumn("express_days_max", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("delivery_zones_pin_idx").on("delivery_zones").columns(["pin_from", "pin_to"]).execute();

  // India Post's PIN regions by first digit, transit days from the Delhi warehouse. Region 9 is
  // the Army Postal Service (APO/FPO), which the shipping policy excludes, so it has no row.
  const now = new Date().toISOString();
  const zones: Array<[string, number, number, number, number, number, number]> = [
    ["North: Delhi, Haryana, Punjab, Himachal Pradesh, Jammu & Kashmir, Chandigarh", 110000, 199999, 2, 4, 1, 1],
    ["North: Uttar Pradesh, Uttarakhand", 200000, 299999, 3, 5, 1, 2],
    ["West: Rajasthan, Gujarat", 300000, 399999, 3, 5, 1, 2],
    ["West and Central: Maharashtra, Goa, Madhya Pradesh, Chhattisgarh", 400000, 499999, 4, 6, 1, 2],
    ["South: Andhra Pradesh, Telangana, Karnataka", 500000, 599999, 4, 7, 1, 2],
    ["South: Tamil Nadu, Kerala, Puducherry, Lakshadweep", 600000, 699999, 5, 7, 2, 2],
    ["East: West Bengal, Odisha, the North East, Andaman & Nicobar", 700000, 799999, 5, 7, 2, 2],
    ["East: Bihar, Jharkhand", 800000, 899999, 4, 6, 1, 2],
  ];
  await sql`insert into delivery_zones (name, pin_from, pin_to, standard_days_min, standard_days_max, express_days_min, express_days_max, active, created_at) values ${sql.join(
    zones.map(([name, a, b, smin, smax, emin, emax]) => sql`(${name}, ${a}, ${b}, ${smin}, ${smax}, ${emin}, ${emax}, 1, ${now})`),
  )}`.execute(db);
}
