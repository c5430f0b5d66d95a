import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../accounts/server/auth/password";
import { openDatabase, type DbHandle } from "../platform/db/connection";
import { migrateToLatest } from "../platform/db/migrate";
import { discountPercent } from "./catalog";
import { generatedProduct } from "./generate";
import { mediaFile, PRODUCT_PHOTO_SIZE } from "./images";
import { DEMO_CUSTOMER, DEMO_OWNER, isCatalogEmpty, seedDatabase, tableCounts, type SeedSummary } from "./index";
import { createTestDatabase, postgresReachable } from "../testing/databases";

/** Every business-setting type listed in docs/api-v2.md (business settings), plus the extras the store reads. */
const SPEC_SETTING_TYPES = [
  "header_logo_path",
  "footer_logo_path",
  "site_icon_path",
  "website_name",
  "header_top",
  "website_topbar_content",
  "topbar_link_name",
  "topbar_banner_link",
  "contact_email",
  "contact_phone",
  "contact_address",
  "facebook_link",
  "twitter_link",
  "instagram_link",
  "youtube_link",
  "linkedin_link",
  "whatsapp_link",
  "about_us_description",
  "copyright_text",
  "meta_title",
  "meta_keywords",
  "meta_description",
  "csrf_token",
  "secondary_phone",
  "map_embed_url",
  "return_window_days",
  "restocking_fee_percent",
  "business_hours",
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kesar-seed-test-"));
const mediaDir = path.join(tmp, "media");

async function freshDb(name: string): Promise<DbHandle> {
  const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, `${name}.db`) });
  await migrateToLatest(handle);
  return handle;
}

async function snapshot(handle: DbHandle) {
  const db = handle.db;
  return {
    products: await db.selectFrom("products").select(["id", "slug", "sku", "price"]).orderBy("id").execute(),
    categories: await db.selectFrom("categories").select(["id", "slug", "parent_id"]).orderBy("id").execute(),
    photos: await db.selectFrom("product_photos").select(["id", "product_id", "path"]).orderBy("id").execute(),
    cities: await db.selectFrom("cities").select(["id", "state_id", "name"]).orderBy("id").execute(),
    settings: await db.selectFrom("business_settings").select(["id", "type", "value"]).orderBy("id").execute(),
    users: await db.selectFrom("users").select(["id", "email"]).orderBy("id").execute(),
    accounts: await db.selectFrom("accounts").select(["id", "user_id", "password"]).orderBy("id").execute(),
    addresses: await db.selectFrom("addresses").selectAll().orderBy("id").execute(),
  };
}

describe("seedDatabase (base catalog on SQLite)", () => {
  let handle: DbHandle;
  let first: SeedSummary;
  let second: SeedSummary;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let emptyBefore: boolean;

  beforeAll(async () => {
    handle = await freshDb("base");
    emptyBefore = await isCatalogEmpty(handle);
    first = await seedDatabase(handle, { mediaDir });
    before = await snapshot(handle);
    second = await seedDatabase(handle, { mediaDir });
  }, 240_000);

  afterAll(async () => {
    await handle?.close();
  });

  it("reports the catalog as empty before and filled after", async () => {
    expect(emptyBefore).toBe(true);
    expect(await isCatalogEmpty(handle)).toBe(false);
  });

  it("is idempotent: a second run inserts nothing and renders nothing", async () => {
    expect(Object.values(second.inserted).every((n) => n === 0)).toBe(true);
    expect(second.counts).toEqual(first.counts);
    expect(second.images.rendered).toBe(0);
    expect(second.images.skipped).toBe(first.images.total);
    expect(await snapshot(handle)).toEqual(before);
    expect(await tableCounts(handle.db)).toEqual(first.counts);
  });

  it("returns the demo login in the summary", () => {
    expect(first.demoLogin).toEqual({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    expect(DEMO_CUSTOMER).toEqual({ email: "demo@kesarhome.in", password: "Kesar@2026", name: "Aditi Sharma" });
  });

  it("has ten top-level categories, each with two to five subcategories", async () => {
    const rows = await handle.db.selectFrom("categories").selectAll().execute();
    const top = rows.filter((r) => r.parent_id === null);
    expect(top.map((t) => t.name).sort()).toEqual(
      ["Bath Linen", "Bedding", "Blinds", "Curtains", "Cushions", "Furniture", "Mats & Rugs", "Table Linen", "Upholstery", "Wallpaper"].sort(),
    );
    for (const t of top) {
      const subs = rows.filter((r) => r.parent_id === t.id);
      expect(subs.length, t.name).toBeGreaterThanOrEqual(2);
      expect(subs.length, t.name).toBeLessThanOrEqual(5);
    }
    for (const r of rows) {
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(r.cover_image).toMatch(/^\/media\/categories\/[a-z0-9-]+\.webp$/);
      expect(fs.existsSync(mediaFile(mediaDir, r.cover_image as string))).toBe(true);
      expect(r.description && r.meta_title && r.meta_description).toBeTruthy();
    }
  });

  it("has at least 80 products with consistent prices, flags and availability", async () => {
    const products = await handle.db.selectFrom("products").selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const p of products) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(Number.isInteger(p.price) && Number.isInteger(p.list_price)).toBe(true);
      expect(p.price).toBeLessThanOrEqual(p.list_price);
      expect(p.discount_percent).toBe(discountPercent(p.list_price, p.price));
      const expected = p.stock_quantity === 0 ? "out_of_stock" : p.made_to_order === 1 ? "made_to_order" : "in_stock";
      expect(p.availability).toBe(expected);
      expect(p.description).toContain("<p>");
      expect(p.description).toContain("<ul>");
      expect(p.key_features).toContain("<li>");
      expect(p.care_instructions && p.warranty_summary && p.return_policy && p.meta_title && p.meta_description && p.short_description).toBeTruthy();
      expect(p.created_at).toMatch(/^202[56]-\d\d-\d\dT/);
    }
    const discounted = products.filter((p) => p.discount_percent > 0).length;
    expect(discounted / products.length).toBeGreaterThan(0.2);
    expect(discounted / products.length).toBeLessThan(0.5);
    expect(products.filter((p) => p.stock_quantity === 0).length).toBeGreaterThanOrEqual(5);
    expect(products.filter((p) => p.made_to_order === 1).length / products.length).toBeGreaterThan(0.15);
    expect(products.filter((p) => p.is_featured === 1).length).toBeGreaterThanOrEqual(6);
    expect(products.filter((p) => p.is_popular === 1).length).toBeGreaterThanOrEqual(6);
    expect(products.filter((p) => p.about_heading !== null).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.additional_heading !== null).length).toBeGreaterThan(0);
    // Every price filter range of docs/storefront.md has products (prices are in paise).
    const inRange = (lo: number, hi: number) => products.filter((p) => p.price >= lo * 100 && p.price < hi * 100).length;
    expect(inRange(0, 10_000)).toBeGreaterThan(0);
    expect(inRange(10_000, 20_000)).toBeGreaterThan(0);
    expect(inRange(20_000, 30_000)).toBeGreaterThan(0);
    expect(inRange(30_000, Number.MAX_SAFE_INTEGER)).toBeGreaterThan(0);
  });

  it("gives every product 3–6 photos whose files exist, and a thumbnail", async () => {
    const products = await handle.db.selectFrom("products").select(["id", "slug", "thumbnail_image"]).execute();
    const photos = await handle.db.selectFrom("product_photos").selectAll().orderBy("sort_order").execute();
    for (const p of products) {
      const own = photos.filter((ph) => ph.product_id === p.id);
      expect(own.length, p.slug).toBeGreaterThanOrEqual(3);
      expect(own.length, p.slug).toBeLessThanOrEqual(6);
      expect(own.map((o) => o.sort_order)).toEqual(own.map((_, i) => i));
      expect(p.thumbnail_image).toBe(own[0]?.path);
      for (const [i, ph] of own.entries()) {
        expect(ph.path).toBe(`/media/products/${p.slug}-${i + 1}.webp`);
        expect(ph.alt.length).toBeGreaterThan(10);
        expect(fs.existsSync(mediaFile(mediaDir, ph.path)), ph.path).toBe(true);
      }
    }
    const sample = photos[0];
    expect(sample).toBeDefined();
    const meta = await sharp(mediaFile(mediaDir, sample!.path)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", PRODUCT_PHOTO_SIZE, PRODUCT_PHOTO_SIZE]);
  });

  it("links every product to one Material, one Size (each of its sizes when sold by variant) and one Assembly value", async () => {
    const attributes = await handle.db.selectFrom("attributes").selectAll().orderBy("sort_order").execute();
    expect(attributes.map((a) => [a.name, a.sort_order])).toEqual([
      ["Material", 1],
      ["Size", 2],
      ["Assembly", 3],
    ]);
    const links = await handle.db
      .selectFrom("product_attribute_values as pav")
      .innerJoin("attribute_values as v", "v.id", "pav.attribute_value_id")
      .innerJoin("attributes as a", "a.id", "v.attribute_id")
      .select(["pav.product_id", "a.name"])
      .execute();
    const products = await handle.db.selectFrom("products").select(["id", "variant_count"]).execute();
    const sizesOf = async (id: number) => (await handle.db.selectFrom("product_variants").select("id").where("product_id", "=", id).execute()).length;
    for (const p of products) {
      const sizes = p.variant_count ? await sizesOf(p.id) : 1;
      expect(
        links
          .filter((l) => l.product_id === p.id)
          .map((l) => l.name)
          .sort(),
      ).toEqual(["Assembly", "Material", ...Array.from({ length: sizes }, () => "Size")]);
    }
  });

  it("sells curtains by length, a bedsheet single, double and king, and rugs by size, each variant with its SKU, price, stock and photo in the ledger", async () => {
    const variants = await handle.db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["p.id as productId", "p.name", "p.sku as productSku", "p.price as productPrice", "p.stock_quantity as productStock", "v.id", "v.sku", "v.label", "v.price", "v.list_price", "v.stock_quantity", "v.availability", "v.photo"])
      .orderBy("v.id")
      .execute();
    const labelsOf = (name: string) => variants.filter((v) => v.name === name).map((v) => v.label);
    expect(labelsOf("Bagru Dabu Indigo Curtain")).toEqual(["5 ft", "7 ft", "9 ft"]);
    expect(labelsOf("Percale Stripe Bedsheet Set")).toEqual(["Single", "Double", "King"]);
    expect(labelsOf("Handwoven Jute Herringbone Rug")).toEqual(["4 x 6 ft", "5 x 8 ft", "8 x 10 ft"]);
    for (const v of variants) {
      expect(v.sku.startsWith(`${v.productSku}-`), v.sku).toBe(true);
      expect(v.list_price).toBeGreaterThanOrEqual(v.price);
      expect(v.photo).toMatch(/^\/media\/products\/.+\.webp$/);
      expect(fs.existsSync(mediaFile(mediaDir, v.photo!))).toBe(true);
    }
    // A longer curtain, a larger sheet or rug costs more; the product shows the lowest price and the total stock.
    for (const id of new Set(variants.map((v) => v.productId))) {
      const own = variants.filter((v) => v.productId === id);
      expect(own.map((v) => v.price)).toEqual([...own.map((v) => v.price)].sort((a, b) => a - b));
      expect(own[0]!.productPrice).toBe(Math.min(...own.map((v) => v.price)));
      expect(own[0]!.productStock).toBe(own.reduce((n, v) => n + v.stock_quantity, 0));
      for (const v of own) {
        const ledger = await handle.db.selectFrom("stock_movements").select((eb) => eb.fn.sum<number>("delta").as("n")).where("variant_id", "=", v.id).executeTakeFirst();
        expect(Number(ledger?.n ?? 0), v.sku).toBe(v.stock_quantity);
      }
    }
    // The demo's shared link of a sold-out choice: the Bagru curtain's 9 ft.
    expect(variants.find((v) => v.sku.endsWith("-9FT") && v.name === "Bagru Dabu Indigo Curtain")).toMatchObject({ stock_quantity: 0, availability: "out_of_stock" });
  });

  it("has blogs, sliders, CMS pages and testimonials with their images", async () => {
    const blogs = await handle.db.selectFrom("blogs").selectAll().execute();
    expect(blogs.length).toBeGreaterThanOrEqual(8);
    expect(new Set(blogs.map((b) => b.published_at)).size).toBe(blogs.length);
    for (const b of blogs) {
      expect(b.banner).toBe(`/media/blog/${b.slug}.webp`);
      expect(fs.existsSync(mediaFile(mediaDir, b.banner as string))).toBe(true);
      expect(b.description).toContain("<h2>");
      expect(b.published).toBe(1);
      expect(b.published_at.startsWith("2026-")).toBe(true);
    }
    const sliders = await handle.db.selectFrom("sliders").selectAll().execute();
    expect(sliders.length).toBeGreaterThanOrEqual(3);
    for (const s of sliders) expect(fs.existsSync(mediaFile(mediaDir, s.photo))).toBe(true);
    const banner = await sharp(mediaFile(mediaDir, sliders[0]!.photo)).metadata();
    expect([banner.width, banner.height]).toEqual([1600, 700]);
    const pages = await handle.db.selectFrom("cms_pages").selectAll().execute();
    const bySlug = new Map(pages.map((p) => [p.slug, p]));
    expect(bySlug.get("festive-collection")?.category_id).toBeNull();
    expect(bySlug.has("new-arrivals")).toBe(true);
    const curtains = await handle.db.selectFrom("categories").select("id").where("slug", "=", "curtains").executeTakeFirstOrThrow();
    expect(bySlug.get("monsoon-curtains")?.category_id).toBe(curtains.id);
    const testimonials = await handle.db.selectFrom("testimonials").selectAll().execute();
    expect(testimonials.length).toBeGreaterThanOrEqual(6);
    for (const t of testimonials) expect(t.rating).toBeGreaterThanOrEqual(4);
  });

  it("has the three coupons of docs/storefront.md", async () => {
    const coupons = await handle.db.selectFrom("coupons").selectAll().orderBy("code").execute();
    expect(coupons.map((c) => [c.code, c.kind, c.value, c.min_order, c.first_order_only, c.active])).toEqual([
      ["FLAT150", "flat", 15000, 100000, 0, 1],
      ["FREESHIP499", "free_shipping", 0, 49900, 0, 1],
      ["WELCOME10", "percent", 10, 0, 1, 1],
    ]);
  });

  it("has all 36 states and union territories of India with cities", async () => {
    const india = await handle.db.selectFrom("countries").selectAll().execute();
    expect(india).toEqual([{ id: 1, name: "India", iso2: "IN", phone_code: "91" }]);
    const states = await handle.db.selectFrom("states").select(["id", "name"]).execute();
    expect(states.length).toBe(36);
    const perState = await handle.db.selectFrom("cities").select((eb) => ["state_id", eb.fn.countAll<number>().as("n")]).groupBy("state_id").execute();
    expect(perState.length).toBe(36);
    expect(states.map((s) => s.name)).toEqual([...states.map((s) => s.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("has a business setting for every type of docs/api-v2.md (business settings) and the brand details", async () => {
    const rows = await handle.db.selectFrom("business_settings").selectAll().execute();
    const map = new Map(rows.map((r) => [r.type, r.value]));
    for (const type of SPEC_SETTING_TYPES) expect(map.has(type), type).toBe(true);
    expect(map.get("website_name")).toBe("Kesar Home");
    expect(map.get("contact_phone")).toBe("9810012345");
    expect(map.get("contact_email")).toBe("care@kesarhome.in");
    expect(map.get("csrf_token")).toBe("");
    for (const type of ["header_logo_path", "footer_logo_path", "site_icon_path"]) {
      expect(fs.existsSync(mediaFile(mediaDir, map.get(type) as string)), type).toBe(true);
    }
    expect(fs.existsSync(path.join(mediaDir, "brand", "logo-mark.webp"))).toBe(true);
  });

  it("creates the demo customer with two addresses, exactly one default", async () => {
    const user = await handle.db.selectFrom("users").selectAll().where("email", "=", DEMO_CUSTOMER.email).executeTakeFirstOrThrow();
    expect(user.name).toBe(DEMO_CUSTOMER.name);
    expect(Boolean(user.email_verified)).toBe(true);
    const credential = await handle.db
      .selectFrom("accounts")
      .select("password")
      .where("user_id", "=", user.id)
      .where("provider_id", "=", "credential")
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(DEMO_CUSTOMER.password, credential.password)).toBe(true);
    const addresses = await handle.db
      .selectFrom("addresses")
      .innerJoin("states", "states.id", "addresses.state_id")
      .innerJoin("cities", "cities.id", "addresses.city_id")
      .select(["addresses.is_default", "states.name as state", "cities.name as city", "cities.state_id as cityState", "addresses.state_id"])
      .where("addresses.user_id", "=", user.id)
      .execute();
    expect(addresses.length).toBe(2);
    expect(addresses.filter((a) => a.is_default === 1).length).toBe(1);
    expect(addresses.map((a) => a.state).sort()).toEqual(["Delhi", "Karnataka"]);
    for (const a of addresses) expect(a.cityState).toBe(a.state_id);
  });

  it("seeds the demo owner of the back office on the embedded database, and prints it", async () => {
    const owner = await handle.db.selectFrom("users").selectAll().where("email", "=", DEMO_OWNER.email).executeTakeFirstOrThrow();
    expect(owner.role).toBe("owner");
    expect(Boolean(owner.email_verified)).toBe(true);
    const credential = await handle.db.selectFrom("accounts").select("password").where("user_id", "=", owner.id).where("provider_id", "=", "credential").executeTakeFirstOrThrow();
    expect(await verifyPassword(DEMO_OWNER.password, credential.password)).toBe(true);
    expect(first.demoOwner).toEqual({ email: DEMO_OWNER.email, password: DEMO_OWNER.password });
    // The demo customer is a customer, not staff.
    const customer = await handle.db.selectFrom("users").select("role").where("email", "=", DEMO_CUSTOMER.email).executeTakeFirstOrThrow();
    expect(customer.role).toBeNull();
  });
});

describe("the demo owner never reaches PostgreSQL", async () => {
  const pgUp = await postgresReachable();
  it.skipIf(!pgUp)("seedDatabase on PostgreSQL makes the demo customer but no owner", async () => {
    const database = await createTestDatabase("postgres", "seed_owner");
    const handle = await openDatabase(database.target);
    try {
      await migrateToLatest(handle);
      const summary = await seedDatabase(handle, { mediaDir });
      expect(summary.demoOwner).toBeNull();
      expect(await handle.db.selectFrom("users").select("id").where("email", "=", DEMO_OWNER.email).executeTakeFirst()).toBeUndefined();
      expect(await handle.db.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMER.email).executeTakeFirst()).toBeDefined();
    } finally {
      await handle.close();
      await database.drop();
    }
  }, 300_000);
});

describe("generateProducts", () => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await freshDb("generated");
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("tops the catalog up to the requested count, reusing base images, idempotently", async () => {
    const summary = await seedDatabase(handle, { mediaDir, products: 500 });
    expect(summary.counts.products).toBeGreaterThanOrEqual(500);
    const products = await handle.db.selectFrom("products").select(["id", "slug", "sku", "thumbnail_image"]).execute();
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    const photos = await handle.db.selectFrom("product_photos").select(["product_id", "path"]).execute();
    const perProduct = new Map<number, string[]>();
    for (const ph of photos) perProduct.set(ph.product_id, [...(perProduct.get(ph.product_id) ?? []), ph.path]);
    for (const p of products) {
      const own = perProduct.get(p.id) ?? [];
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(6);
      for (const file of own) expect(fs.existsSync(mediaFile(mediaDir, file))).toBe(true);
    }
    const links = await handle.db.selectFrom("product_attribute_values").select("product_id").execute();
    // Material, Size and Assembly; a product sold by variant has a Size per variant.
    const variantSizes = await handle.db.selectFrom("product_variants").select("id").execute();
    const soldByVariant = await handle.db.selectFrom("products").select("id").where("variant_count", ">", 0).execute();
    expect(links.length).toBe(products.length * 3 + variantSizes.length - soldByVariant.length);
    // No new images for generated products.
    expect(summary.images.rendered).toBe(0);

    const again = await seedDatabase(handle, { mediaDir, products: 500 });
    expect(again.counts).toEqual(summary.counts);
    const more = await seedDatabase(handle, { mediaDir, products: 650 });
    expect(more.counts.products).toBe(650);
  }, 120_000);

  it("is deterministic per product number", () => {
    expect(generatedProduct(42)).toEqual(generatedProduct(42));
    expect(generatedProduct(42).row.slug).not.toBe(generatedProduct(43).row.slug);
    expect(generatedProduct(7).row.slug.endsWith("-7")).toBe(true);
  });
});
