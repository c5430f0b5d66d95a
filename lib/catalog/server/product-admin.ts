import "server-only";
import { sql, type Updateable } from "kysely";
import { getDb, type Db, type DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import type { Availability, ProductsTable } from "@/lib/platform/db/schema";
import { ApiError } from "@/lib/platform/errors";
import { ACTOR } from "@/lib/platform/actor";
import { audit, changedFields, type StaffActor } from "@/lib/platform/audit";
import { sanitizeRichText } from "@/lib/platform/html";
import { getSiteSettings } from "@/lib/platform/settings";
import { gstRateFor } from "@/lib/cart/gst";
import { shippingConfigFrom } from "@/lib/cart/shipping";
import { availabilityOf, discountPercent } from "../display";
import { isUploadedPhoto, type AdminProduct } from "../admin-product";
import { copyCandidate, type NewAttributeValues, slugFromName, type ProductCreateInput, type ProductDuplicateInput, type ProductUpdateInput } from "../product-schemas";
import { STOCK_REASON } from "../stock";
import { isSizeOption } from "../variants";
import { adjustmentShortage, revalidateProduct, SOLD_BY_VARIANT } from "./catalog-admin";
import { moveStock, StockShortage } from "./stock";
import { readVariants } from "./catalog";
import { type VariantSpec, writeVariantSet } from "./variant-rows";
import { removeUnusedPhotoFiles } from "./product-photos";
import { productSearchDeleted } from "./product-search";

/**
 * The back office's products (docs/api-v2.md "Admin"): make, change, copy, archive and delete a
 * product, read it as staff see it. Called alike by the admin API's routes and the admin pages'
 * server actions: each takes the input its zod schema (../product-schemas.ts) parsed and the
 * StaffActor, runs one write transaction with its audit row in it (a refused change leaves none),
 * throws ApiError (with a message per field where a field is at fault) and refreshes the
 * storefront's cached reads and pages of the product once it has committed.
 *
 * What holds for every product, whoever changes it:
 *  - a SKU is one thing in the shop: no other product and no variant carries it (409);
 *  - a slug belongs to one product; the slugs it had before answer a permanent redirect to it
 *    (product_slug_redirects names the product, so a chain of renames is one hop), and a product
 *    that takes an old slug as its own removes that redirect;
 *  - rich text (descriptions, the accordion texts, the about and additional blocks) is cleaned on
 *    save with the storefront's own allowlist (lib/platform/html.ts sanitizeRichText), so what is
 *    stored is what the product page renders;
 *  - stock moves only through the ledger (a new product's first stock, an adjustment);
 *  - an archived product is unpublished and stays so until it is unarchived; a product that was
 *    ever ordered is archived, never deleted (its order lines keep its name, slug and price).
 */

export const PRODUCT_ADMIN_MESSAGES = {
  notFound: "Product not found.",
  created: "The product is created.",
  saved: "The product is saved.",
  duplicated: "The copy is made: a draft without stock. Change what differs, then publish it.",
  archived: "The product is archived: the shop no longer shows it, and its orders still do.",
  archivedAlready: "The product is archived already.",
  unarchived: "The product is back as a draft: publish it to show it in the shop.",
  notArchived: "The product is not archived.",
  deleted: "The product is deleted.",
  archivedNoPublish: "This product is archived: unarchive it before publishing it.",
  ordered: (slug: string) => `This product has been ordered, so it cannot be deleted: archive it instead (POST /api/v2/admin/products/${slug}/archive). Its orders keep showing it.`,
  slugTaken: (slug: string) => `Another product has the slug ${slug}: choose another.`,
  skuTaken: (sku: string) => `SKU ${sku} belongs to another product or variant.`,
  noCategory: "There is no such category.",
  leadTimeNeedsMadeToOrder: "A lead time is for a made-to-order product: set made_to_order too.",
  unknownAttribute: (name: string, known: string[]) => `${name} is not one of the shop's attributes (${known.join(", ") || "none yet"}).`,
  sizeFromVariants: "This product is sold by variant: its sizes come from its variants' Size or Length option.",
  unknownValue: (value: string, attribute: string, known: string[]) =>
    `${value} is not one of ${attribute}'s values (${known.length ? (known.length > 12 ? `${known.slice(0, 12).join(", ")}, …` : known.join(", ")) : "none yet"}): add it to ${attribute} first.`,
  valueForbidden: "Adding a value to an attribute needs the product:update permission: choose one of its values.",
  raced: "Another change took this slug or SKU a moment ago: send it again.",
} as const;

const RICH = ["description", "key_features", "care_instructions", "warranty_summary", "return_policy", "about_description", "additional_description"] as const;
const PLAIN = ["name", "slug", "sku", "short_description", "about_heading", "about_image", "additional_heading", "additional_image", "meta_title", "meta_description", "hsn_code", "category_id", "lead_time_days"] as const;
const FLAGS = ["made_to_order", "is_featured", "is_popular", "published"] as const;

type Writable = Omit<Updateable<ProductsTable>, "id" | "created_at">;

const paise = (rupees: number) => Math.round(rupees * 100);
const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
const clean = (html: string | null | undefined) => {
  if (html === undefined) return undefined;
  const out = sanitizeRichText(html).trim();
  return out === "" ? null : out;
};

/** SQLite's UNIQUE constraint failure or PostgreSQL's unique_violation (23505): a race the checks before the write could not see. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

async function inTransaction<T>(handle: DbHandle, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await writeTransaction(handle, work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, PRODUCT_ADMIN_MESSAGES.raced);
    throw error;
  }
}

/** The columns of the fields a create or an update sends, rich text cleaned; prices, stock and attributes apart. */
function columnsOf(input: Partial<ProductCreateInput & ProductUpdateInput>): Writable {
  const out: Record<string, unknown> = {};
  for (const key of PLAIN) if (input[key] !== undefined) out[key] = input[key];
  for (const key of RICH) if (input[key] !== undefined) out[key] = clean(input[key]);
  for (const key of FLAGS) if (input[key] !== undefined) out[key] = flag(input[key]);
  return out as Writable;
}

async function assertSkuFree(trx: Db, sku: string, productId: number | null): Promise<void> {
  let products = trx.selectFrom("products").select("sku").where(sql<string>`lower(sku)`, "=", sku.toLowerCase());
  if (productId !== null) products = products.where("id", "!=", productId);
  const [product, variant] = await Promise.all([products.executeTakeFirst(), trx.selectFrom("product_variants").select("sku").where(sql<string>`lower(sku)`, "=", sku.toLowerCase()).executeTakeFirst()]);
  if (product || variant) throw new ApiError(409, PRODUCT_ADMIN_MESSAGES.skuTaken(sku), { sku: [PRODUCT_ADMIN_MESSAGES.skuTaken(sku)] });
}

async function assertSlugFree(trx: Db, slug: string, productId: number | null): Promise<void> {
  let query = trx.selectFrom("products").select("id").where("slug", "=", slug);
  if (productId !== null) query = query.where("id", "!=", productId);
  if (await query.executeTakeFirst()) throw new ApiError(409, PRODUCT_ADMIN_MESSAGES.slugTaken(slug), { slug: [PRODUCT_ADMIN_MESSAGES.slugTaken(slug)] });
}

async function assertCategory(trx: Db, categoryId: number): Promise<void> {
  const found = await trx.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!found) throw new ApiError(422, PRODUCT_ADMIN_MESSAGES.noCategory, { category_id: [PRODUCT_ADMIN_MESSAGES.noCategory] });
}

/** Whether a product has the slug, or had it (a slug the store picks never takes another product's old address). */
async function slugInUse(trx: Db, slug: string): Promise<boolean> {
  const [product, redirect] = await Promise.all([
    trx.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst(),
    trx.selectFrom("product_slug_redirects").select("slug").where("slug", "=", slug).executeTakeFirst(),
  ]);
  return Boolean(product || redirect);
}

/** The first free candidate of a copy's slug or SKU ("x-copy", "x-copy-2", …). */
async function freeCopy(trx: Db, base: string, kind: "slug" | "sku"): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const candidate = copyCandidate(base, n, kind);
    const clash =
      kind === "slug"
        ? await slugInUse(trx, candidate)
        : ((await trx.selectFrom("products").select("id").where(sql<string>`lower(sku)`, "=", candidate.toLowerCase()).executeTakeFirst()) ??
          (await trx.selectFrom("product_variants").select("id").where(sql<string>`lower(sku)`, "=", candidate.toLowerCase()).executeTakeFirst()));
    if (!clash) return candidate;
  }
  throw new ApiError(409, `No free ${kind} for the copy: send one.`);
}

/** A slug free for a new product: the name's, with -2, -3, … when another product has it or had it. */
async function freeSlugFor(trx: Db, name: string): Promise<string> {
  const base = slugFromName(name);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugInUse(trx, candidate))) return candidate;
  }
  throw new ApiError(409, "No free slug for this name: send one.", { slug: ["Choose a slug."] });
}

/** Takes `slug` for product `productId`: an old slug of any product stops redirecting. */
async function claimSlug(trx: Db, slug: string): Promise<void> {
  await trx.deleteFrom("product_slug_redirects").where("slug", "=", slug).execute();
}

/** The product's attribute values by attribute name, as the audit log and the answers show them. */
async function attributesOf(db: Db, productId: number): Promise<Record<string, string[]>> {
  const rows = await db
    .selectFrom("product_attribute_values as pav")
    .innerJoin("attribute_values as av", "av.id", "pav.attribute_value_id")
    .innerJoin("attributes as a", "a.id", "av.attribute_id")
    .select(["a.name", "av.value"])
    .where("pav.product_id", "=", productId)
    .orderBy("a.sort_order")
    .orderBy("a.id")
    .orderBy("av.value")
    .execute();
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.name] ??= []).push(r.value);
  return out;
}

/**
 * Sets the product's values of the shop's attributes (replacing those it had): an attribute is
 * one the shop has (by name, without regard to case; 422 otherwise). A value the attribute does
 * not have is added to it, with its own audit row, only when `newValues` is "create" (the caller
 * asked for it and may: product:update, as attribute-admin.ts adds values); otherwise it is
 * refused, 422 with a message under `attributes.{Name}` ("refuse") or 403 ("forbidden"), and
 * nothing is written. A product sold by variant keeps the sizes its variants give it (variant-rows.ts).
 */
async function writeAttributes(trx: Db, productId: number, wanted: Record<string, string[]>, soldByVariant: boolean, newValues: NewAttributeValues, actor: StaffActor, now: Date): Promise<void> {
  const attributes = await trx.selectFrom("attributes").select(["id", "name"]).orderBy("sort_order").orderBy("id").execute();
  const errors: Record<string, string[]> = {};
  const chosen: { id: number; name: string; field: string; values: string[] }[] = [];
  for (const [name, values] of Object.entries(wanted)) {
    const attribute = attributes.find((a) => a.name.toLowerCase() === name.trim().toLowerCase());
    if (!attribute) errors[`attributes.${name}`] = [PRODUCT_ADMIN_MESSAGES.unknownAttribute(name, attributes.map((a) => a.name))];
    else if (soldByVariant && isSizeOption(attribute.name)) errors[`attributes.${name}`] = [PRODUCT_ADMIN_MESSAGES.sizeFromVariants];
    else chosen.push({ id: attribute.id, name: attribute.name, field: `attributes.${name}`, values: [...new Set(values.map((v) => v.trim().replace(/\s+/g, " ")))] });
  }
  const known = new Map<number, { id: number; value: string }[]>();
  let forbidden = false;
  for (const { id, name, field, values } of chosen) {
    const rows = await trx.selectFrom("attribute_values").select(["id", "value"]).where("attribute_id", "=", id).orderBy("value").orderBy("id").execute();
    known.set(id, rows);
    const missing = values.filter((v) => !rows.some((k) => k.value.toLowerCase() === v.toLowerCase()));
    if (!missing.length || newValues === "create") continue;
    if (newValues === "forbidden") forbidden = true;
    errors[field] = missing.map((v) => (newValues === "forbidden" ? PRODUCT_ADMIN_MESSAGES.valueForbidden : PRODUCT_ADMIN_MESSAGES.unknownValue(v, name, rows.map((r) => r.value))));
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ApiError(forbidden ? 403 : 422, forbidden ? PRODUCT_ADMIN_MESSAGES.valueForbidden : first, errors);

  const ids: number[] = [];
  for (const { id, name, values } of chosen) {
    const rows = known.get(id) ?? [];
    for (const value of values) {
      let valueId = rows.find((k) => k.value.toLowerCase() === value.toLowerCase())?.id;
      if (valueId === undefined) {
        valueId = (await trx.insertInto("attribute_values").values({ attribute_id: id, value }).returning("id").executeTakeFirstOrThrow()).id;
        rows.push({ id: valueId, value });
        await audit(trx, actor, { action: "attribute_value.create", entityType: "attribute_value", entityId: valueId, before: null, after: { attribute: name, value } }, now);
      }
      ids.push(valueId);
    }
  }
  let clear = trx.deleteFrom("product_attribute_values").where("product_id", "=", productId);
  if (soldByVariant) {
    const sizeIds = attributes.filter((a) => isSizeOption(a.name)).map((a) => a.id);
    if (sizeIds.length) clear = clear.where("attribute_value_id", "not in", (eb) => eb.selectFrom("attribute_values").select("id").where("attribute_id", "in", sizeIds));
  }
  await clear.execute();
  const unique = [...new Set(ids)];
  if (unique.length) await trx.insertInto("product_attribute_values").values(unique.map((id) => ({ product_id: productId, attribute_value_id: id }))).execute();
}

const today = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** The GST rate the HSN code implies at this price today, or the shop's default rate (lib/cart/gst.ts, as checkout computes it). */
async function gstOf(db: Db, hsn: string | null, price: number, now: Date): Promise<AdminProduct["gst"]> {
  const rows = await db.selectFrom("gst_rates").select(["hsn_prefix", "max_taxable_value", "rate_percent", "effective_from"]).execute();
  const rate = gstRateFor(
    rows.map((r) => ({ hsnPrefix: r.hsn_prefix, maxTaxableValue: r.max_taxable_value, ratePercent: r.rate_percent, effectiveFrom: r.effective_from })),
    hsn,
    price,
    today(now),
  );
  if (rate !== null) return { ratePercent: rate, source: "hsn" };
  return { ratePercent: shippingConfigFrom(await getSiteSettings()).gstDefaultRate, source: "default" };
}

/**
 * The product as staff see it, in any state, by slug or id; null when there is none. Reads the
 * database as it is (no cache): the editor shows what was just saved. Not inside a transaction
 * (the shop's settings are read through the cache).
 */
export async function getAdminProduct(key: { slug: string } | { id: number }, now = new Date()): Promise<AdminProduct | null> {
  const { db } = await getDb();
  let query = db.selectFrom("products").selectAll();
  query = "slug" in key ? query.where("slug", "=", key.slug) : query.where("id", "=", key.id);
  const p = await query.executeTakeFirst();
  if (!p) return null;
  const [photos, attributes, category, variants, redirects, ordered, gst] = await Promise.all([
    db.selectFrom("product_photos").select(["id", "path", "alt", "width", "height"]).where("product_id", "=", p.id).orderBy("sort_order").orderBy("id").execute(),
    attributesOf(db, p.id),
    db.selectFrom("categories").select(["id", "name", "slug"]).where("id", "=", p.category_id).executeTakeFirst(),
    p.variant_count > 0 ? readVariants(db, p.id) : Promise.resolve({ options: [], variants: [] }),
    db.selectFrom("product_slug_redirects").select("slug").where("product_id", "=", p.id).orderBy("created_at").orderBy("slug").execute(),
    db.selectFrom("order_lines").select("id").where("product_id", "=", p.id).limit(1).executeTakeFirst(),
    gstOf(db, p.hsn_code, p.price, now),
  ]);
  return {
    id: p.id,
    slug: p.slug,
    sku: p.sku,
    name: p.name,
    category: category ?? null,
    price: p.price,
    listPrice: p.list_price,
    discountPercent: p.discount_percent,
    stockQuantity: p.stock_quantity,
    availability: p.availability,
    madeToOrder: p.made_to_order === 1,
    leadTimeDays: p.lead_time_days,
    isFeatured: p.is_featured === 1,
    isPopular: p.is_popular === 1,
    published: p.published === 1,
    archivedAt: p.archived_at,
    hsnCode: p.hsn_code,
    gst,
    shortDescription: p.short_description,
    description: p.description,
    keyFeatures: p.key_features,
    careInstructions: p.care_instructions,
    warrantySummary: p.warranty_summary,
    returnPolicy: p.return_policy,
    aboutHeading: p.about_heading,
    aboutDescription: p.about_description,
    aboutImage: p.about_image,
    additionalHeading: p.additional_heading,
    additionalDescription: p.additional_description,
    additionalImage: p.additional_image,
    metaTitle: p.meta_title,
    metaDescription: p.meta_description,
    thumbnail: p.thumbnail_image,
    photos: photos.map((ph, position) => ({ ...ph, position, uploaded: isUploadedPhoto(ph.path) })),
    attributes,
    variants: variants.variants.map((v) => ({ id: v.id, sku: v.sku, label: v.label, slug: v.slug, price: v.price, listPrice: v.listPrice, stockQuantity: v.stockQuantity, availability: v.availability, photo: v.photo })),
    oldSlugs: redirects.map((r) => r.slug),
    everOrdered: Boolean(ordered),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  };
}

async function answer(id: number): Promise<AdminProduct> {
  const product = await getAdminProduct({ id });
  if (!product) throw new ApiError(404, PRODUCT_ADMIN_MESSAGES.notFound);
  return product;
}

/** Locks the product's row (PostgreSQL FOR UPDATE; SQLite's BEGIN IMMEDIATE holds the write lock already) and reads it. */
async function lockedProduct(trx: Db, handle: DbHandle, slug: string) {
  let query = trx.selectFrom("products").selectAll().where("slug", "=", slug);
  if (handle.dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError(404, PRODUCT_ADMIN_MESSAGES.notFound);
  return row;
}

/** Makes a product (a draft unless `published`), with its first stock through the ledger. */
export async function createProduct(input: ProductCreateInput, actor: StaffActor, now = new Date(), newValues: NewAttributeValues = "refuse"): Promise<AdminProduct> {
  const handle = await getDb();
  const at = now.toISOString();
  const id = await inTransaction(handle, async (trx) => {
    await assertCategory(trx, input.category_id);
    await assertSkuFree(trx, input.sku, null);
    const slug = input.slug ?? (await freeSlugFor(trx, input.name));
    if (input.slug) await assertSlugFree(trx, slug, null);
    await claimSlug(trx, slug);
    const price = paise(input.main_price);
    const listPrice = Math.max(input.stocked_price === undefined ? price : paise(input.stocked_price), price);
    const madeToOrder = input.made_to_order ?? false;
    const columns = columnsOf(input);
    const row = await trx
      .insertInto("products")
      .values({
        ...columns,
        category_id: input.category_id,
        name: input.name,
        slug,
        sku: input.sku,
        price,
        list_price: listPrice,
        discount_percent: discountPercent(listPrice, price),
        stock_quantity: 0,
        made_to_order: madeToOrder ? 1 : 0,
        availability: availabilityOf(0, madeToOrder),
        is_featured: columns.is_featured ?? 0,
        is_popular: columns.is_popular ?? 0,
        published: columns.published ?? 0,
        thumbnail_image: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (input.attributes) await writeAttributes(trx, row.id, input.attributes, false, newValues, actor, now);
    if (input.initial_stock) {
      await moveStock(trx, handle.dialect, [{ productId: row.id, delta: input.initial_stock, reason: STOCK_REASON.initial, actor: ACTOR.staff, actorId: actor.userId, note: "stock when the product was made" }], now);
    }
    const { category_id, ...shown } = columns;
    await audit(trx, actor, { action: "product.create", entityType: "product", entityId: row.id, before: null, after: { ...shown, slug, sku: input.sku, name: input.name, category_id, price, list_price: listPrice, stock_quantity: input.initial_stock ?? 0, ...(input.attributes ? { attributes: input.attributes } : {}) } }, now);
    return row.id;
  });
  const product = await answer(id);
  revalidateProduct(product.slug);
  return product;
}

/**
 * Changes a product's fields, in one write transaction with its row locked (see catalog-admin.ts
 * for what holds of prices and stock): a new slug leaves a redirect from the old one, a new SKU
 * must be free, rich text is cleaned, attributes are replaced. Answers the product as it is now,
 * or null when there is no product of that slug.
 */
export async function updateProduct(slug: string, input: ProductUpdateInput, actor: StaffActor, now = new Date(), newValues: NewAttributeValues = "refuse"): Promise<AdminProduct | null> {
  const handle = await getDb();
  const at = now.toISOString();
  const result = await inTransaction(handle, async (trx) => {
    let query = trx.selectFrom("products").selectAll().where("slug", "=", slug);
    if (handle.dialect === "postgres") query = query.forUpdate();
    const current = await query.executeTakeFirst();
    if (!current) return null;

    const priced = input.main_price !== undefined || input.stocked_price !== undefined;
    if (current.variant_count > 0 && (priced || input.made_to_order !== undefined || input.stock_adjustment)) throw new ApiError(409, SOLD_BY_VARIANT);
    if (input.published === true && current.archived_at) throw new ApiError(409, PRODUCT_ADMIN_MESSAGES.archivedNoPublish);
    const madeToOrder = input.made_to_order ?? current.made_to_order === 1;
    const leadTime = input.lead_time_days === undefined ? (input.made_to_order === false ? null : current.lead_time_days) : input.lead_time_days;
    if (leadTime !== null && !madeToOrder) throw new ApiError(422, PRODUCT_ADMIN_MESSAGES.leadTimeNeedsMadeToOrder, { lead_time_days: [PRODUCT_ADMIN_MESSAGES.leadTimeNeedsMadeToOrder] });
    if (input.category_id !== undefined) await assertCategory(trx, input.category_id);
    if (input.sku !== undefined && input.sku !== current.sku) await assertSkuFree(trx, input.sku, current.id);
    const renamed = input.slug !== undefined && input.slug !== current.slug;
    if (renamed) {
      await assertSlugFree(trx, input.slug as string, current.id);
      await claimSlug(trx, input.slug as string);
      await trx.deleteFrom("product_slug_redirects").where("slug", "=", current.slug).execute();
      await trx.insertInto("product_slug_redirects").values({ slug: current.slug, product_id: current.id, created_at: at }).execute();
    }

    const price = input.main_price !== undefined ? paise(input.main_price) : current.price;
    const listPrice = input.stocked_price !== undefined ? paise(input.stocked_price) : Math.max(current.list_price, price);
    const columns: Writable = {
      ...columnsOf(input),
      ...(priced ? { price, list_price: listPrice, discount_percent: discountPercent(listPrice, price) } : {}),
      ...(leadTime !== current.lead_time_days ? { lead_time_days: leadTime } : {}),
    };
    const { made_to_order: _madeToOrder, ...rest } = columns;
    void _madeToOrder;
    await trx
      .updateTable("products")
      .set({
        ...rest,
        ...(input.made_to_order === undefined
          ? {}
          : {
              made_to_order: madeToOrder ? 1 : 0,
              availability: sql<Availability>`case when stock_quantity <= 0 then 'out_of_stock' when ${madeToOrder ? 1 : 0} = 1 then 'made_to_order' else 'in_stock' end`,
            }),
        updated_at: at,
      })
      .where("id", "=", current.id)
      .execute();

    let attributes: { before: Record<string, string[]>; after: Record<string, string[]> } | null = null;
    if (input.attributes) {
      const before = await attributesOf(trx, current.id);
      await writeAttributes(trx, current.id, input.attributes, current.variant_count > 0, newValues, actor, now);
      const after = await attributesOf(trx, current.id);
      if (JSON.stringify(before) !== JSON.stringify(after)) attributes = { before, after };
    }
    const changed = changedFields(current, columns);
    if (changed || attributes) {
      await audit(
        trx,
        actor,
        {
          action: "product.update",
          entityType: "product",
          entityId: current.id,
          before: { ...changed?.before, ...(attributes ? { attributes: attributes.before } : {}) },
          after: { ...changed?.after, ...(attributes ? { attributes: attributes.after } : {}) },
        },
        now,
      );
    }
    if (input.stock_adjustment) {
      const { delta, reason } = input.stock_adjustment;
      let moved;
      try {
        moved = await moveStock(trx, handle.dialect, [{ productId: current.id, delta, reason: STOCK_REASON.adjustment, actor: ACTOR.staff, actorId: actor.userId, note: reason }], now);
      } catch (error) {
        if (error instanceof StockShortage) throw new ApiError(409, adjustmentShortage(error.available, -delta));
        throw error;
      }
      const after = moved[0]?.stock ?? current.stock_quantity + delta;
      await audit(trx, actor, { action: "stock.adjust", entityType: "product", entityId: current.id, before: { stock_quantity: after - delta }, after: { stock_quantity: after, delta, reason } }, now);
    }
    return { id: current.id, oldSlug: current.slug, slug: input.slug ?? current.slug };
  });
  if (!result) return null;
  revalidateProduct(result.slug);
  if (result.oldSlug !== result.slug) revalidateProduct(result.oldSlug);
  return answer(result.id);
}

/**
 * A copy of the product as a draft: unpublished, without stock, with a new slug and SKU (given,
 * or the original's with "-copy" / "-COPY", numbered when taken), its texts, attributes, photos
 * (the same files: a file leaves storage with its last use) and variants (their SKUs suffixed the
 * same way, each without stock).
 */
export async function duplicateProduct(slug: string, input: ProductDuplicateInput, actor: StaffActor, now = new Date()): Promise<AdminProduct> {
  const handle = await getDb();
  const at = now.toISOString();
  const id = await inTransaction(handle, async (trx) => {
    const source = await trx.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
    if (!source) throw new ApiError(404, PRODUCT_ADMIN_MESSAGES.notFound);
    const newSlug = input.slug ?? (await freeCopy(trx, source.slug, "slug"));
    if (input.slug) await assertSlugFree(trx, newSlug, null);
    const newSku = input.sku ?? (await freeCopy(trx, source.sku, "sku"));
    if (input.sku) await assertSkuFree(trx, newSku, null);
    await claimSlug(trx, newSlug);
    const name = input.name ?? `${source.name} (copy)`.slice(0, 200);
    const { id: _id, ...copied } = source;
    void _id;
    const row = await trx
      .insertInto("products")
      .values({
        ...copied,
        name,
        slug: newSlug,
        sku: newSku,
        stock_quantity: 0,
        availability: availabilityOf(0, source.made_to_order === 1),
        published: 0,
        is_featured: 0,
        archived_at: null,
        variant_count: 0,
        view_count: 0,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const photos = await trx.selectFrom("product_photos").select(["path", "alt", "width", "height", "sort_order"]).where("product_id", "=", source.id).execute();
    if (photos.length) await trx.insertInto("product_photos").values(photos.map((p) => ({ ...p, product_id: row.id }))).execute();
    await sql`insert into product_attribute_values (product_id, attribute_value_id) select ${row.id}, attribute_value_id from product_attribute_values where product_id = ${source.id}`.execute(trx);
    let variantSkus: string[] = [];
    if (source.variant_count > 0) {
      const { options, variants } = await readVariants(trx, source.id);
      const madeToOrder = new Set((await trx.selectFrom("product_variants").select("id").where("product_id", "=", source.id).where("made_to_order", "=", 1).execute()).map((v) => v.id));
      const specs: VariantSpec[] = [];
      for (const v of variants) {
        // Each copy's SKU is checked free before the next is chosen; none is written until all are.
        let sku = await freeCopy(trx, v.sku, "sku");
        for (let n = 2; specs.some((s) => s.sku.toLowerCase() === sku.toLowerCase()); n++) sku = copyCandidate(v.sku, n, "sku");
        specs.push({ sku, values: Object.fromEntries(options.map((o, i) => [o.name, v.values[i] ?? ""])), price: v.price, listPrice: v.listPrice, initialStock: 0, madeToOrder: madeToOrder.has(v.id), photo: v.photo });
      }
      const written = await writeVariantSet(trx, handle.dialect, row.id, { options, variants: specs }, { actor: ACTOR.staff, actorId: actor.userId, now });
      variantSkus = written.variants.map((v) => v.sku);
    }
    await audit(trx, actor, { action: "product.duplicate", entityType: "product", entityId: row.id, before: null, after: { from: source.id, from_slug: source.slug, name, slug: newSlug, sku: newSku, ...(variantSkus.length ? { variant_skus: variantSkus } : {}) } }, now);
    return row.id;
  });
  return answer(id);
}

/** Archives a product: unpublished (gone from the shop's lists, search, sitemap and its page), kept for its orders. */
export async function archiveProduct(slug: string, actor: StaffActor, now = new Date()): Promise<AdminProduct> {
  const handle = await getDb();
  const id = await inTransaction(handle, async (trx) => {
    const current = await lockedProduct(trx, handle, slug);
    if (current.archived_at) throw new ApiError(409, PRODUCT_ADMIN_MESSAGES.archivedAlready);
    await trx.updateTable("products").set({ archived_at: now.toISOString(), published: 0, updated_at: now.toISOString() }).where("id", "=", current.id).execute();
    await audit(trx, actor, { action: "product.archive", entityType: "product", entityId: current.id, before: { archived_at: null, published: current.published }, after: { archived_at: now.toISOString(), published: 0 } }, now);
    return current.id;
  });
  revalidateProduct(slug);
  return answer(id);
}

/** Brings an archived product back as a draft (unpublished: publishing it is a step of its own). */
export async function unarchiveProduct(slug: string, actor: StaffActor, now = new Date()): Promise<AdminProduct> {
  const handle = await getDb();
  const id = await inTransaction(handle, async (trx) => {
    const current = await lockedProduct(trx, handle, slug);
    if (!current.archived_at) throw new ApiError(409, PRODUCT_ADMIN_MESSAGES.notArchived);
    await trx.updateTable("products").set({ archived_at: null, updated_at: now.toISOString() }).where("id", "=", current.id).execute();
    await audit(trx, actor, { action: "product.unarchive", entityType: "product", entityId: current.id, before: { archived_at: current.archived_at }, after: { archived_at: null } }, now);
    return current.id;
  });
  revalidateProduct(slug);
  return answer(id);
}

/**
 * Deletes a product no order ever had a line of (409 otherwise: archive it), with its photos,
 * variants, attributes, redirects, cart and wishlist lines (the database's cascades); its stock
 * ledger stays, as history. Photo files it alone used leave storage after the commit.
 */
export async function deleteProduct(slug: string, actor: StaffActor, now = new Date()): Promise<void> {
  const handle = await getDb();
  const deleted = await inTransaction(handle, async (trx) => {
    const current = await lockedProduct(trx, handle, slug);
    const ordered = await trx.selectFrom("order_lines").select("id").where("product_id", "=", current.id).limit(1).executeTakeFirst();
    if (ordered) throw new ApiError(409, PRODUCT_ADMIN_MESSAGES.ordered(slug));
    const [photoRows, variantPhotos] = await Promise.all([
      trx.selectFrom("product_photos").select("path").where("product_id", "=", current.id).execute(),
      trx.selectFrom("product_variants").select("photo").where("product_id", "=", current.id).execute(),
    ]);
    await trx.deleteFrom("products").where("id", "=", current.id).execute();
    await audit(trx, actor, { action: "product.delete", entityType: "product", entityId: current.id, before: { name: current.name, slug: current.slug, sku: current.sku, published: current.published }, after: null }, now);
    return { id: current.id, paths: [...photoRows.map((p) => p.path), ...variantPhotos.map((v) => v.photo), current.about_image, current.additional_image, current.thumbnail_image] };
  });
  productSearchDeleted([deleted.id]);
  revalidateProduct(slug);
  await removeUnusedPhotoFiles(deleted.paths);
}
