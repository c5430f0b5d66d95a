/**
 * Deterministic demo seed of the Kesar Home store: locations of India, attributes, categories,
 * 87 products with rendered photos, blogs, sliders, CMS pages, testimonials, coupons, business
 * settings and a demo customer, plus an optional generated catalog for benchmarks.
 *
 * Idempotent: rows are matched on natural keys (slug, code, type, email, iso2, name) and only
 * missing rows are inserted, children only for parents inserted in the same run. A fresh
 * database always receives the same ids because everything is inserted in a fixed order.
 */
import path from "node:path";
import { sql, type Insertable } from "kysely";
import { insertUserWithPassword } from "../accounts/server/user-rows";
import type { Db, DbHandle } from "../platform/db/connection";
import type { ProductsTable } from "../platform/db/schema";
import {
  ATTRIBUTES,
  PRODUCTS,
  availabilityOf,
  baseCreatedAt,
  discountPercent,
  productCopy,
  productSlug,
} from "./catalog";
import { BLOGS, BUSINESS_SETTINGS, CMS_PAGES, COUPONS, DEMO_CUSTOMER, DEMO_CUSTOMER_DETAILS, DEMO_OWNER, SEED_EPOCH, SLIDERS, TESTIMONIALS } from "./content";
import { FAMILIES } from "./families";
import { generateProducts } from "./generate";
import { seedVariants } from "./variants";
import { allImageJobs, blogBannerUrl, brandImageJobs, categoryCoverUrl, productPhotos, renderImages, sliderUrl, type RenderResult } from "./images";
import { INDIA, seedLocations } from "./locations";
import { chunk, hashString } from "./prng";

export { DEMO_CUSTOMER, DEMO_OWNER } from "./content";

export const SEEDED_TABLES = [
  "countries",
  "states",
  "cities",
  "attributes",
  "attribute_values",
  "categories",
  "products",
  "product_photos",
  "product_attribute_values",
  "product_variants",
  "blogs",
  "sliders",
  "cms_pages",
  "testimonials",
  "coupons",
  "business_settings",
  "users",
  "addresses",
] as const;

export type SeededTable = (typeof SEEDED_TABLES)[number];

export type SeedOptions = {
  /** Top the products table up to at least this many products with generated ones. */
  products?: number;
  /** Where /media/... files are written; defaults to ./public/media. */
  mediaDir?: string;
  log?: (line: string) => void;
};

export type SeedSummary = {
  /** Row counts after seeding. */
  counts: Record<SeededTable, number>;
  /** Rows inserted by this run. */
  inserted: Record<SeededTable, number>;
  images: RenderResult;
  generatedProducts: number;
  demoLogin: { email: string; password: string };
  /** The demo owner of the back office: on the embedded SQLite database only. */
  demoOwner: { email: string; password: string } | null;
  elapsedMs: number;
};

type Counter = Record<SeededTable, number>;
const zeroCounts = (): Counter => Object.fromEntries(SEEDED_TABLES.map((t) => [t, 0])) as Counter;

/** True when no product exists yet (a fresh or emptied database). */
export async function isCatalogEmpty(handle: DbHandle): Promise<boolean> {
  const row = await handle.db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

export async function tableCounts(db: Db): Promise<Counter> {
  const counts = zeroCounts();
  for (const table of SEEDED_TABLES) {
    const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Stages (one transaction each)
// ---------------------------------------------------------------------------------------------

async function seedAttributes(trx: Db, inserted: Counter): Promise<Map<string, number>> {
  const existing = await trx.selectFrom("attributes").select(["id", "name"]).execute();
  const attributeIds = new Map(existing.map((a) => [a.name, a.id]));
  for (const [i, attribute] of ATTRIBUTES.entries()) {
    if (attributeIds.has(attribute.name)) continue;
    const row = await trx.insertInto("attributes").values({ name: attribute.name, sort_order: i + 1 }).returning("id").executeTakeFirstOrThrow();
    attributeIds.set(attribute.name, row.id);
    inserted.attributes += 1;
  }
  const values = await trx.selectFrom("attribute_values").select(["id", "attribute_id", "value"]).execute();
  const valueIds = new Map<string, number>();
  for (const v of values) valueIds.set(`${v.attribute_id}\u0000${v.value}`, v.id);
  const out = new Map<string, number>();
  for (const attribute of ATTRIBUTES) {
    const attributeId = attributeIds.get(attribute.name) as number;
    const missing = attribute.values.filter((value) => !valueIds.has(`${attributeId}\u0000${value}`));
    if (missing.length) {
      const rows = await trx
        .insertInto("attribute_values")
        .values(missing.map((value) => ({ attribute_id: attributeId, value })))
        .returning(["id", "value"])
        .execute();
      for (const r of rows) valueIds.set(`${attributeId}\u0000${r.value}`, r.id);
      inserted.attribute_values += rows.length;
    }
    for (const value of attribute.values) out.set(`${attribute.name}\u0000${value}`, valueIds.get(`${attributeId}\u0000${value}`) as number);
  }
  return out;
}

async function seedCategories(trx: Db, inserted: Counter): Promise<Map<string, number>> {
  const existing = await trx.selectFrom("categories").select(["id", "slug"]).execute();
  const ids = new Map(existing.map((c) => [c.slug, c.id]));
  const stamp = SEED_EPOCH;
  for (const [i, family] of FAMILIES.entries()) {
    if (ids.has(family.slug)) continue;
    const row = await trx
      .insertInto("categories")
      .values({
        parent_id: null,
        name: family.name,
        slug: family.slug,
        description: family.description,
        cover_image: categoryCoverUrl(family.slug),
        sort_order: i + 1,
        meta_title: family.metaTitle,
        meta_description: family.metaDescription,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(family.slug, row.id);
    inserted.categories += 1;
  }
  for (const family of FAMILIES) {
    const parentId = ids.get(family.slug) as number;
    for (const [i, sub] of family.subcategories.entries()) {
      if (ids.has(sub.slug)) continue;
      const row = await trx
        .insertInto("categories")
        .values({
          parent_id: parentId,
          name: sub.name,
          slug: sub.slug,
          description: sub.description,
          cover_image: categoryCoverUrl(sub.slug),
          sort_order: i + 1,
          meta_title: `${sub.name} | ${family.name} | Kesar Home`,
          meta_description: `${sub.description} Shop ${sub.name.toLowerCase()} online at Kesar Home with delivery across India.`,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.set(sub.slug, row.id);
      inserted.categories += 1;
    }
  }
  return ids;
}

async function seedProducts(trx: Db, categoryIds: Map<string, number>, valueIds: Map<string, number>, inserted: Counter): Promise<void> {
  const baseSlugs = PRODUCTS.map(productSlug);
  const existing = await trx.selectFrom("products").select("slug").where("slug", "in", baseSlugs).execute();
  const have = new Set(existing.map((p) => p.slug));
  const familyCounters = new Map<string, number>();
  const rows: Array<{ row: Insertable<ProductsTable>; index: number }> = [];
  PRODUCTS.forEach((entry, index) => {
    const family = FAMILIES.find((f) => f.key === entry.family);
    if (!family) throw new Error(`Unknown family ${entry.family}`);
    const n = (familyCounters.get(family.code) ?? 0) + 1;
    familyCounters.set(family.code, n);
    const slug = productSlug(entry);
    if (have.has(slug)) return;
    const categoryId = categoryIds.get(entry.sub);
    if (categoryId === undefined) throw new Error(`Category ${entry.sub} missing for ${entry.name}`);
    const photos = productPhotos(entry);
    const copy = productCopy(entry, index);
    const createdAt = baseCreatedAt(index, PRODUCTS.length);
    const madeToOrder = entry.mto === true;
    rows.push({
      index,
      row: {
        category_id: categoryId,
        name: entry.name,
        slug,
        sku: `KH-${family.code}-${String(n).padStart(3, "0")}`,
        short_description: copy.shortDescription,
        description: copy.description,
        key_features: copy.keyFeatures,
        care_instructions: copy.care,
        warranty_summary: copy.warranty,
        return_policy: copy.returnPolicy,
        about_heading: copy.about?.heading ?? null,
        about_description: copy.about?.description ?? null,
        about_image: copy.about ? (photos[2] ?? photos[0])?.path ?? null : null,
        additional_heading: copy.additional?.heading ?? null,
        additional_description: copy.additional?.description ?? null,
        additional_image: copy.additional ? (photos[1] ?? photos[0])?.path ?? null : null,
        list_price: entry.mrp * 100,
        price: entry.price * 100,
        discount_percent: discountPercent(entry.mrp, entry.price),
        // A product sold by variant gets its stock through its variants (./variants.ts).
        stock_quantity: entry.variants ? 0 : entry.stock,
        made_to_order: madeToOrder ? 1 : 0,
        availability: availabilityOf(entry.variants ? 0 : entry.stock, madeToOrder),
        is_featured: entry.featured ? 1 : 0,
        is_popular: entry.popular ? 1 : 0,
        published: 1,
        thumbnail_image: photos[0]?.path ?? null,
        meta_title: copy.metaTitle,
        meta_description: copy.metaDescription,
        view_count: (hashString(slug) % 400) + (entry.popular ? 600 : 0),
        hsn_code: family.hsn,
        created_at: createdAt,
        updated_at: createdAt,
      },
    });
  });
  if (rows.length === 0) return;
  const idBySlug = new Map<string, number>();
  for (const part of chunk(rows, 200)) {
    const returned = await trx
      .insertInto("products")
      .values(part.map((r) => r.row))
      .returning(["id", "slug"])
      .execute();
    for (const r of returned) idBySlug.set(r.slug, r.id);
  }
  inserted.products += rows.length;
  const photoRows: Array<{ product_id: number; path: string; alt: string; width: number; height: number; sort_order: number }> = [];
  const links: Array<{ product_id: number; attribute_value_id: number }> = [];
  for (const { row, index } of rows) {
    const entry = PRODUCTS[index];
    const productId = idBySlug.get(row.slug);
    if (!entry || productId === undefined) throw new Error(`Insert of ${row.slug} returned no id`);
    for (const p of productPhotos(entry)) photoRows.push({ product_id: productId, path: p.path, alt: p.alt, width: p.width, height: p.height, sort_order: p.sortOrder });
    // A product sold by variant takes its Size values from its variants (./variants.ts).
    for (const [attribute, value] of [
      ["Material", entry.material],
      ...(entry.variants ? [] : [["Size", entry.size] as const]),
      ["Assembly", entry.assembly],
    ] as const) {
      const valueId = valueIds.get(`${attribute}\u0000${value}`);
      if (valueId === undefined) throw new Error(`Attribute value ${attribute}: ${value} is not defined`);
      links.push({ product_id: productId, attribute_value_id: valueId });
    }
  }
  for (const part of chunk(photoRows, 1000)) await trx.insertInto("product_photos").values(part).execute();
  for (const part of chunk(links, 2000)) await trx.insertInto("product_attribute_values").values(part).execute();
  inserted.product_photos += photoRows.length;
  inserted.product_attribute_values += links.length;
}

async function seedContent(trx: Db, categoryIds: Map<string, number>, inserted: Counter): Promise<void> {
  const blogSlugs = new Set((await trx.selectFrom("blogs").select("slug").execute()).map((b) => b.slug));
  for (const b of BLOGS) {
    if (blogSlugs.has(b.slug)) continue;
    await trx
      .insertInto("blogs")
      .values({
        title: b.title,
        slug: b.slug,
        banner: blogBannerUrl(b.slug),
        short_description: b.short,
        description: b.html,
        author: b.author,
        meta_title: b.metaTitle,
        meta_description: b.metaDescription,
        published: 1,
        published_at: b.publishedAt,
        created_at: b.publishedAt,
        updated_at: b.publishedAt,
      })
      .execute();
    inserted.blogs += 1;
  }

  const sliderHeadings = new Set((await trx.selectFrom("sliders").select("heading").execute()).map((s) => s.heading));
  for (const [i, s] of SLIDERS.entries()) {
    if (sliderHeadings.has(s.heading)) continue;
    await trx
      .insertInto("sliders")
      .values({ heading: s.heading, subheading: s.subheading, photo: sliderUrl(s.file), url: s.url, link_text: s.linkText, button_text: s.buttonText, sort_order: i + 1, active: 1 })
      .execute();
    inserted.sliders += 1;
  }

  const pageSlugs = new Set((await trx.selectFrom("cms_pages").select("slug").execute()).map((p) => p.slug));
  for (const p of CMS_PAGES) {
    if (pageSlugs.has(p.slug)) continue;
    const categoryId = p.categorySlug ? categoryIds.get(p.categorySlug) : null;
    if (categoryId === undefined) throw new Error(`Category ${p.categorySlug} missing for page ${p.slug}`);
    await trx
      .insertInto("cms_pages")
      .values({
        title: p.title,
        slug: p.slug,
        short_desc: p.shortDesc,
        content: p.content,
        category_id: categoryId,
        meta_title: p.metaTitle,
        meta_description: p.metaDescription,
        published: 1,
        created_at: p.createdAt,
        updated_at: p.createdAt,
      })
      .execute();
    inserted.cms_pages += 1;
  }

  const testimonialNames = new Set((await trx.selectFrom("testimonials").select("name").execute()).map((t) => t.name));
  for (const [i, t] of TESTIMONIALS.entries()) {
    if (testimonialNames.has(t.name)) continue;
    await trx.insertInto("testimonials").values({ name: t.name, location: t.location, quote: t.quote, rating: t.rating, sort_order: i + 1, active: 1 }).execute();
    inserted.testimonials += 1;
  }

  const couponCodes = new Set((await trx.selectFrom("coupons").select("code").execute()).map((c) => c.code));
  for (const c of COUPONS) {
    if (couponCodes.has(c.code)) continue;
    await trx
      .insertInto("coupons")
      .values({
        title: c.title,
        code: c.code,
        kind: c.kind,
        value: c.value,
        min_order: c.minOrder,
        max_discount: c.maxDiscount,
        first_order_only: c.firstOrderOnly,
        active: 1,
        starts_at: null,
        ends_at: null,
        created_at: SEED_EPOCH,
      })
      .execute();
    inserted.coupons += 1;
  }
}

/** The shop's business settings (name, logos, contact details, policies); existing values are kept. */
async function seedSettings(trx: Db, inserted: Counter): Promise<void> {
  const settingTypes = new Set((await trx.selectFrom("business_settings").select("type").execute()).map((s) => s.type));
  const missingSettings = BUSINESS_SETTINGS.filter((s) => !settingTypes.has(s.type));
  if (missingSettings.length) {
    await trx
      .insertInto("business_settings")
      .values(missingSettings.map((s) => ({ type: s.type, value: s.value, updated_at: SEED_EPOCH })))
      .execute();
    inserted.business_settings += missingSettings.length;
  }
}

async function seedDemoCustomer(trx: Db, dialect: DbHandle["dialect"], countryId: number, inserted: Counter): Promise<void> {
  const existing = await trx.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMER.email).executeTakeFirst();
  if (existing) return;
  const userId = await insertUserWithPassword(trx, dialect, {
    name: DEMO_CUSTOMER.name,
    email: DEMO_CUSTOMER.email,
    password: DEMO_CUSTOMER.password,
    phone: DEMO_CUSTOMER_DETAILS.phone,
    at: DEMO_CUSTOMER_DETAILS.createdAt,
  });
  inserted.users += 1;
  for (const a of DEMO_CUSTOMER_DETAILS.addresses) {
    const place = await trx
      .selectFrom("cities")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["cities.id as cityId", "states.id as stateId"])
      .where("states.country_id", "=", countryId)
      .where("states.name", "=", a.state)
      .where("cities.name", "=", a.city)
      .executeTakeFirst();
    if (!place) throw new Error(`City ${a.city}, ${a.state} not found for the demo address`);
    await trx
      .insertInto("addresses")
      .values({
        user_id: userId,
        address: a.address,
        country_id: countryId,
        state_id: place.stateId,
        city_id: place.cityId,
        postal_code: a.postalCode,
        phone: a.phone,
        is_default: a.isDefault,
        created_at: DEMO_CUSTOMER_DETAILS.createdAt,
        updated_at: DEMO_CUSTOMER_DETAILS.createdAt,
      })
      .execute();
    inserted.addresses += 1;
  }
}

/**
 * The demo owner (back office), like the demo customer: a verified account with a password and the
 * owner role, without a second factor (the owner may require one: docs/operations.md). Only on
 * SQLite, the embedded demo database (seedDatabase's caller decides).
 */
export async function seedDemoOwner(trx: Db, dialect: DbHandle["dialect"], inserted: Counter): Promise<void> {
  const existing = await trx.selectFrom("users").select("id").where("email", "=", DEMO_OWNER.email).executeTakeFirst();
  if (existing) return;
  await insertUserWithPassword(trx, dialect, { name: DEMO_OWNER.name, email: DEMO_OWNER.email, password: DEMO_OWNER.password, role: DEMO_OWNER.role, at: DEMO_CUSTOMER_DETAILS.createdAt });
  inserted.users += 1;
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/**
 * What a shop needs before its first product: India's states and cities (addresses) and the
 * business settings with the brand images they name. No catalog, no demo customer. npm start
 * loads only this into a database that is not the embedded default (DEMO_DATA in lib/platform/config.ts).
 */
export async function seedEssentials(handle: DbHandle, options: Pick<SeedOptions, "mediaDir" | "log"> = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const inserted = zeroCounts();
  const images = await renderImages(brandImageJobs(), options.mediaDir ?? path.resolve("public/media"), { log });
  await handle.db.transaction().execute((trx) => seedLocations(trx));
  await handle.db.transaction().execute((trx) => seedSettings(trx, inserted));
  log(`Essentials: locations, ${inserted.business_settings} new settings, ${images.rendered} brand images rendered`);
}

/**
 * The stock ledger's first row for each product the seed made (lib/catalog/server/stock.ts): its
 * stock as one 'initial' movement, so the movements of every product sum to its stock. A product
 * that has movements already (a second seed) is left alone.
 */
export async function seedStockLedger(db: Db): Promise<void> {
  const at = new Date(SEED_EPOCH).toISOString();
  await sql`insert into stock_movements (product_id, delta, reason, actor, note, created_at)
    select p.id, p.stock_quantity, 'initial', 'system', 'seeded stock', ${at} from products p
    where p.stock_quantity <> 0 and not exists (select 1 from stock_movements m where m.product_id = p.id)`.execute(db);
}

export async function seedDatabase(handle: DbHandle, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const mediaDir = options.mediaDir ?? path.resolve("public/media");
  const inserted = zeroCounts();

  // Images render on sharp's worker threads while the database stages run.
  const jobs = allImageJobs();
  log(`Rendering ${jobs.length} images into ${mediaDir} (existing files are kept)`);
  const imageWork = renderImages(jobs, mediaDir, { log });
  // Keep a rejection from surfacing as unhandled while the database stages are still running.
  imageWork.catch(() => undefined);

  let generated = 0;
  try {
    const db = handle.db;
    const countryId = await db.transaction().execute(async (trx) => {
      const result = await seedLocations(trx);
      inserted.countries += result.inserted.countries;
      inserted.states += result.inserted.states;
      inserted.cities += result.inserted.cities;
      log(`Locations: ${INDIA.name}, ${result.states} states and union territories, ${result.cities} cities (${result.inserted.cities} new cities)`);
      return result.countryId;
    });
    const valueIds = await db.transaction().execute((trx) => seedAttributes(trx, inserted));
    const categoryIds = await db.transaction().execute((trx) => seedCategories(trx, inserted));
    await db.transaction().execute((trx) => seedProducts(trx, categoryIds, valueIds, inserted));
    const withVariants = await db.transaction().execute((trx) => seedVariants(trx, handle.dialect));
    log(`Catalog: ${inserted.categories} categories, ${inserted.products} products (${withVariants} given variants), ${inserted.product_photos} photos inserted`);
    await db.transaction().execute((trx) => seedContent(trx, categoryIds, inserted));
    await db.transaction().execute((trx) => seedSettings(trx, inserted));
    await db.transaction().execute((trx) => seedDemoCustomer(trx, handle.dialect, countryId, inserted));
    // A published owner password never reaches PostgreSQL (a real shop's database), even on purpose.
    if (handle.dialect === "sqlite") await db.transaction().execute((trx) => seedDemoOwner(trx, handle.dialect, inserted));
    if (options.products && options.products > 0) {
      const target = options.products;
      const result = await db.transaction().execute((trx) => generateProducts(trx, target, log));
      generated = result.inserted;
      inserted.products += result.inserted;
      inserted.product_photos += result.photos;
      inserted.product_attribute_values += result.links;
      if (result.inserted) log(`Generated ${result.inserted} products in ${(result.ms / 1000).toFixed(1)} s`);
    }
    await seedStockLedger(db);
  } finally {
    // Never leave renders running behind a failed database stage.
    await imageWork.catch(() => undefined);
  }
  const images = await imageWork;
  log(`Images: ${images.rendered} rendered, ${images.skipped} already present`);

  const counts = await tableCounts(handle.db);
  return {
    counts,
    inserted,
    images,
    generatedProducts: generated,
    demoLogin: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    demoOwner: handle.dialect === "sqlite" ? { email: DEMO_OWNER.email, password: DEMO_OWNER.password } : null,
    elapsedMs: Date.now() - started,
  };
}
