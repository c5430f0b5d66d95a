import "server-only";
import { parse as parseCsv, CsvError } from "csv-parse/sync";
import { sql } from "kysely";
import { getDb, type Db, type DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import type { Availability } from "@/lib/platform/db/schema";
import { ACTOR } from "@/lib/platform/actor";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { ApiError } from "@/lib/platform/errors";
import { csvLine } from "@/lib/platform/csv";
import type { ProductListQuery } from "../admin-list";
import { type Change, checkHeader, columnKey, CSV_COLUMNS, CSV_IMPORT_LIMITS, CSV_MESSAGES, csvRupees, type CsvColumn, type CsvProductFields, type CsvRow, type ImportAnalysis, type ImportCounts, type ImportOutcome, type ImportProgress, type ImportRowReport, parseCsvRow, yesNo } from "../catalog-csv";
import { availabilityOf, discountPercent } from "../display";
import { slugFromName } from "../product-schemas";
import { STOCK_REASON } from "../stock";
import { groupFigures } from "../variants";
import { adminListConditions } from "./admin-list";
import { revalidateProducts } from "./catalog-admin";
import { lockProducts, moveStock, type StockMove, StockShortage } from "./ledger";

/**
 * The catalog's CSV export and import (docs/back-office.md "Importing and exporting products";
 * decision 0052). The columns and the checks of a row alone are ../catalog-csv.ts (pure).
 *
 * Export: a stream, 500 products at a time by id (keyset), so a catalog of 100,000 never sits in
 * memory; the product list's filters apply.
 *
 * Import: analyseImport() reads the file (csv-parse), checks every row alone and then against the
 * database (SKUs, variants, categories, slugs, duplicates in the file, permissions) and says what
 * each row would do: create, update (the fields that change, before and after), unchanged, or its
 * errors. The dry run answers that; applyImport() runs the same analysis and writes the good rows
 * in batches of IMPORT_BATCH rows, each batch one transaction with its audit rows (product.create,
 * product.update, stock.adjust with `import: true`) and its stock moves through the ledger
 * (reason import, note "CSV import"), reporting progress after each.
 */

export const IMPORT_BATCH = 500;
const EXPORT_BATCH = 500;
const LOOKUP_CHUNK = 500;
const IMPORT_NOTE = "CSV import";

// ---------------------------------------------------------------------------------------------
// Export

type ExportProduct = {
  id: number;
  sku: string;
  name: string;
  slug: string;
  category: string | null;
  price: number;
  list_price: number;
  stock_quantity: number;
  made_to_order: number;
  lead_time_days: number | null;
  hsn_code: string | null;
  published: number;
  short_description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  variant_count: number;
};

function exportCells(p: ExportProduct, v: { sku: string; label: string; price: number; list_price: number; stock_quantity: number; made_to_order: number } | null): unknown[] {
  const price = Number(v ? v.price : p.price);
  const list = Number(v ? v.list_price : p.list_price);
  const row: Record<CsvColumn, unknown> = {
    sku: p.sku,
    variant_sku: v?.sku ?? "",
    variant: v?.label ?? "",
    name: p.name,
    slug: p.slug,
    category: p.category ?? "",
    price: csvRupees(price),
    compare_at_price: list > price ? csvRupees(list) : "",
    stock: Number(v ? v.stock_quantity : p.stock_quantity),
    made_to_order: yesNo(v ? v.made_to_order : p.made_to_order),
    lead_time_days: p.lead_time_days ?? "",
    hsn_code: p.hsn_code ?? "",
    published: yesNo(p.published),
    short_description: p.short_description ?? "",
    meta_title: p.meta_title ?? "",
    meta_description: p.meta_description ?? "",
  };
  return CSV_COLUMNS.map((c) => row[c]);
}

/**
 * The catalog as CSV (formula-safe cells, lib/platform/csv.ts), the products the list's filters
 * keep, by id; throws 404 first when the filters name a category there is none of.
 */
export async function exportCatalog(query: ProductListQuery): Promise<ReadableStream<Uint8Array>> {
  const where = await adminListConditions(query);
  if (!where) throw new ApiError(404, `There is no category ${query.category}.`);
  const encoder = new TextEncoder();
  let lastId = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${CSV_COLUMNS.join(",")}\r\n`));
          return;
        }
        const { db } = await getDb();
        const conditions = [...where, sql<boolean>`p.id > ${lastId}`];
        const products = (await db
          .selectFrom("products as p")
          .leftJoin("categories as c", "c.id", "p.category_id")
          .select(["p.id", "p.sku", "p.name", "p.slug", "c.slug as category", "p.price", "p.list_price", "p.stock_quantity", "p.made_to_order", "p.lead_time_days", "p.hsn_code", "p.published", "p.short_description", "p.meta_title", "p.meta_description", "p.variant_count"])
          .where(sql<boolean>`${sql.join(conditions, sql` and `)}`)
          .orderBy("p.id")
          .limit(EXPORT_BATCH)
          .execute()) as ExportProduct[];
        if (!products.length) {
          controller.close();
          return;
        }
        lastId = products[products.length - 1]?.id ?? lastId;
        const withVariants = products.filter((p) => Number(p.variant_count) > 0).map((p) => p.id);
        const variants = withVariants.length
          ? await db.selectFrom("product_variants").select(["product_id", "sku", "label", "price", "list_price", "stock_quantity", "made_to_order"]).where("product_id", "in", withVariants).orderBy("product_id").orderBy("position").orderBy("id").execute()
          : [];
        const byProduct = new Map<number, typeof variants>();
        for (const v of variants) (byProduct.get(v.product_id) ?? byProduct.set(v.product_id, []).get(v.product_id))?.push(v);
        const lines: string[] = [];
        for (const p of products) {
          const own = byProduct.get(p.id);
          if (own?.length) for (const v of own) lines.push(csvLine(exportCells(p, v)));
          else lines.push(csvLine(exportCells(p, null)));
        }
        controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Reading the file

/** The file's rows checked alone (ApiError 413/422 for a file that cannot be read at all): what analyseImport and applyImport take. */
export function readImportFile(bytes: Uint8Array): CsvRow[] {
  if (bytes.byteLength > CSV_IMPORT_LIMITS.maxBytes) throw new ApiError(413, CSV_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(422, CSV_MESSAGES.encoding, { file: [CSV_MESSAGES.encoding] });
  }
  if (text.includes("\u0000")) throw new ApiError(422, CSV_MESSAGES.encoding, { file: [CSV_MESSAGES.encoding] });
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new ApiError(422, CSV_MESSAGES.empty, { file: [CSV_MESSAGES.empty] });
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: false, max_record_size: 200_000 }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
      const message = CSV_MESSAGES.unreadable(line, error.message.replace(/^Invalid Record Length: /, "").slice(0, 200));
      throw new ApiError(422, message, { file: [message] });
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw new ApiError(422, CSV_MESSAGES.empty, { file: [CSV_MESSAGES.empty] });
  const headerProblem = checkHeader(header);
  if (headerProblem) throw new ApiError(422, headerProblem, { file: [headerProblem] });
  if (!rows.length) throw new ApiError(422, CSV_MESSAGES.noRows, { file: [CSV_MESSAGES.noRows] });
  if (rows.length > CSV_IMPORT_LIMITS.maxRows) throw new ApiError(413, CSV_MESSAGES.tooManyRows, { file: [CSV_MESSAGES.tooManyRows] });
  const keys = header.map(columnKey);
  return rows.map((cells, i) => parseCsvRow(Object.fromEntries(keys.map((k, j) => [k, cells[j]])), i + 2));
}

// ---------------------------------------------------------------------------------------------
// The analysis

type StoredProduct = {
  id: number;
  sku: string;
  name: string;
  slug: string;
  category_id: number;
  price: number;
  list_price: number;
  stock_quantity: number;
  made_to_order: number;
  lead_time_days: number | null;
  hsn_code: string | null;
  published: number;
  archived_at: string | null;
  short_description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  variant_count: number;
};
type StoredVariant = { id: number; product_id: number; sku: string; price: number; list_price: number; stock_quantity: number };

/** A row's plan, kept for the writes. */
type Plan = {
  report: ImportRowReport;
  parsed: CsvRow;
  product: StoredProduct | null;
  variant: StoredVariant | null;
  categoryId: number | null;
  /** The product's column changes this row carries (the first row of a product carries them). */
  productColumns: Record<string, unknown>;
};

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

async function lookups(db: Db, rows: readonly CsvRow[]) {
  const productSkus = [...new Set(rows.map((r) => r.sku.toLowerCase()).filter(Boolean))];
  const variantSkus = [...new Set(rows.map((r) => r.variantSku?.toLowerCase()).filter((v): v is string => Boolean(v)))];
  const slugs = [...new Set(rows.map((r) => r.product.slug).filter((s): s is string => Boolean(s)))];
  const products = new Map<string, StoredProduct>();
  const variantsBySku = new Map<string, StoredVariant & { owner: string }>();
  const productsById = new Map<number, StoredProduct>();
  const slugOwners = new Map<string, number>();
  const productColumns = ["p.id", "p.sku", "p.name", "p.slug", "p.category_id", "p.price", "p.list_price", "p.stock_quantity", "p.made_to_order", "p.lead_time_days", "p.hsn_code", "p.published", "p.archived_at", "p.short_description", "p.meta_title", "p.meta_description", "p.variant_count"] as const;
  const norm = (p: StoredProduct): StoredProduct => ({ ...p, price: Number(p.price), list_price: Number(p.list_price), stock_quantity: Number(p.stock_quantity), variant_count: Number(p.variant_count), made_to_order: Number(p.made_to_order), published: Number(p.published) });
  for (const part of chunks([...new Set([...productSkus, ...variantSkus])], LOOKUP_CHUNK)) {
    const found = (await db.selectFrom("products as p").select(productColumns).where(sql<string>`lower(p.sku)`, "in", part).execute()) as StoredProduct[];
    for (const p of found) {
      const n = norm(p);
      products.set(p.sku.toLowerCase(), n);
      productsById.set(n.id, n);
    }
    const variants = await db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["v.id", "v.product_id", "v.sku", "v.price", "v.list_price", "v.stock_quantity", "p.sku as owner"])
      .where(sql<string>`lower(v.sku)`, "in", part)
      .execute();
    for (const v of variants) variantsBySku.set(v.sku.toLowerCase(), { ...v, price: Number(v.price), list_price: Number(v.list_price), stock_quantity: Number(v.stock_quantity) });
  }
  for (const part of chunks(slugs, LOOKUP_CHUNK)) {
    for (const s of await db.selectFrom("products").select(["id", "slug"]).where("slug", "in", part).execute()) slugOwners.set(s.slug, s.id);
  }
  const categories = new Map((await db.selectFrom("categories").select(["id", "slug"]).execute()).map((c) => [c.slug, c.id]));
  return { products, productsById, variantsBySku, slugOwners, categories };
}

const PRODUCT_FIELDS = ["name", "slug", "category", "hsn_code", "published", "made_to_order", "lead_time_days", "short_description", "meta_title", "meta_description"] as const;

/** The stored value of a product column, as the CSV row gives it. */
function storedOf(p: StoredProduct, field: (typeof PRODUCT_FIELDS)[number], categorySlugs: Map<number, string>): unknown {
  switch (field) {
    case "category":
      return categorySlugs.get(p.category_id) ?? null;
    case "published":
      return p.published === 1;
    case "made_to_order":
      return p.made_to_order === 1;
    default:
      return p[field] ?? null;
  }
}

/** Analyses the rows against the database (see the top of this file). `canStock`: whether the caller may change stock. */
async function plan(handle: DbHandle, rows: readonly CsvRow[], canStock: boolean): Promise<Plan[]> {
  const { db } = handle;
  const found = await lookups(db, rows);
  const categorySlugs = new Map([...found.categories].map(([slug, id]) => [id, slug]));
  const firstProductRow = new Map<string, { row: number; fields: string }>();
  const firstVariantRow = new Map<string, number>();
  const firstSlugRow = new Map<string, { row: number; sku: string }>();
  const plans: Plan[] = [];

  for (const parsed of rows) {
    const errors = [...parsed.errors];
    const fail = (column: string, message: string) => errors.push({ row: parsed.row, column, message });
    const key = parsed.sku.toLowerCase();
    const product = parsed.sku ? (found.products.get(key) ?? null) : null;
    let variant: StoredVariant | null = null;
    let categoryId: number | null = null;

    if (parsed.sku && !product) {
      const asVariant = found.variantsBySku.get(key);
      if (asVariant) fail("sku", CSV_MESSAGES.skuIsVariant(parsed.sku, asVariant.owner));
    }
    // A product is on one row, or on one row per variant with the same product columns.
    const fields = JSON.stringify(PRODUCT_FIELDS.map((f) => parsed.product[f] ?? null));
    const first = parsed.sku ? firstProductRow.get(key) : undefined;
    if (parsed.sku && !first) firstProductRow.set(key, { row: parsed.row, fields });
    if (first) {
      if (!parsed.variantSku) fail("sku", CSV_MESSAGES.duplicateSku(parsed.sku, first.row));
      else if (first.fields !== fields) fail("sku", CSV_MESSAGES.productColumnsDiffer(first.row));
    }
    if (parsed.variantSku) {
      const vkey = parsed.variantSku.toLowerCase();
      const seen = firstVariantRow.get(vkey);
      if (seen) fail("variant_sku", CSV_MESSAGES.duplicateVariant(parsed.variantSku, seen));
      else firstVariantRow.set(vkey, parsed.row);
      const stored = found.variantsBySku.get(vkey);
      if (!product && parsed.sku && !found.variantsBySku.get(key)) fail("sku", CSV_MESSAGES.variantProductMissing(parsed.sku));
      else if (found.products.get(vkey)) fail("variant_sku", CSV_MESSAGES.variantSkuIsProduct(parsed.variantSku));
      else if (!stored) fail("variant_sku", CSV_MESSAGES.variantUnknown(parsed.variantSku));
      else if (product && stored.product_id !== product.id) fail("variant_sku", CSV_MESSAGES.variantOfOther(parsed.variantSku, stored.owner));
      else variant = stored;
    } else if (product && product.variant_count > 0 && (parsed.price !== undefined || parsed.compareAt !== undefined || parsed.stock !== undefined || parsed.product.made_to_order !== undefined)) {
      fail("variant_sku", CSV_MESSAGES.soldByVariant);
    }
    if (parsed.product.category) {
      categoryId = found.categories.get(parsed.product.category) ?? null;
      if (categoryId === null) fail("category", CSV_MESSAGES.unknownCategory(parsed.product.category));
    }
    const slug = parsed.product.slug;
    if (slug) {
      const owner = found.slugOwners.get(slug);
      if (owner !== undefined && owner !== product?.id) fail("slug", CSV_MESSAGES.slugTaken(slug));
      const seen = firstSlugRow.get(slug);
      if (seen && seen.sku.toLowerCase() !== key) fail("slug", CSV_MESSAGES.duplicateSlug(slug, seen.row));
      else if (!seen) firstSlugRow.set(slug, { row: parsed.row, sku: parsed.sku });
    }
    if (!product && !parsed.variantSku && parsed.sku && !found.variantsBySku.get(key)) {
      if (!parsed.product.name) fail("name", CSV_MESSAGES.required("name"));
      if (!parsed.product.category) fail("category", CSV_MESSAGES.required("category"));
      if (parsed.price === undefined && !errors.some((e) => e.column === "price")) fail("price", CSV_MESSAGES.required("price"));
    }
    const madeToOrder = parsed.product.made_to_order ?? (product ? product.made_to_order === 1 : false);
    if (parsed.product.lead_time_days !== undefined && !madeToOrder && !errors.some((e) => e.column === "lead_time_days")) fail("lead_time_days", CSV_MESSAGES.leadTimeNeedsMadeToOrder);
    // The compare-at price is at least the price (the schema checks a row that sends both).
    const storedPrice = variant ?? product;
    if (storedPrice && parsed.price !== undefined && parsed.compareAt === undefined && storedPrice.list_price > storedPrice.price && parsed.price > storedPrice.list_price) fail("price", CSV_MESSAGES.listBelowStored(csvRupees(storedPrice.list_price)));

    // What would change.
    const changes: Record<string, Change> = {};
    const productColumns: Record<string, unknown> = {};
    if (product && !first) {
      for (const f of PRODUCT_FIELDS) {
        const next = parsed.product[f];
        if (next === undefined) continue;
        const was = storedOf(product, f, categorySlugs);
        if (JSON.stringify(was) !== JSON.stringify(next)) {
          changes[f] = { from: was, to: next };
          productColumns[f] = next;
        }
      }
    }
    const target = variant ?? (product && product.variant_count === 0 ? product : null);
    if (target) {
      const nextPrice = parsed.price ?? target.price;
      const nextList = parsed.compareAt ?? (parsed.price !== undefined ? Math.max(target.list_price, nextPrice) : target.list_price);
      // A compare-at price as the export shows it: none when it is not above the price.
      const shown = (price: number, list: number) => (list > price ? csvRupees(list) : null);
      if (nextPrice !== target.price) changes.price = { from: csvRupees(target.price), to: csvRupees(nextPrice) };
      if (shown(nextPrice, nextList) !== shown(target.price, target.list_price)) changes.compare_at_price = { from: shown(target.price, target.list_price), to: shown(nextPrice, nextList) };
      if (parsed.stock !== undefined && parsed.stock !== target.stock_quantity) changes.stock = { from: target.stock_quantity, to: parsed.stock };
    }
    if (!product && !parsed.variantSku) {
      for (const f of PRODUCT_FIELDS) if (parsed.product[f] !== undefined) changes[f] = { from: null, to: parsed.product[f] };
      if (parsed.price !== undefined) changes.price = { from: null, to: csvRupees(parsed.price) };
      if (parsed.compareAt !== undefined) changes.compare_at_price = { from: null, to: csvRupees(parsed.compareAt) };
      if (parsed.stock) changes.stock = { from: null, to: parsed.stock };
    }
    if (changes.stock && !canStock) fail("stock", CSV_MESSAGES.stockPermission);

    const outcome: ImportRowReport["outcome"] = errors.length ? "error" : !product && !parsed.variantSku ? "create" : Object.keys(changes).length ? "update" : "unchanged";
    plans.push({ report: { row: parsed.row, sku: parsed.sku, variantSku: parsed.variantSku, outcome, changes: errors.length ? {} : changes, errors }, parsed, product, variant, categoryId, productColumns });
  }
  return plans;
}

function countsOf(reports: readonly ImportRowReport[]): ImportCounts {
  const counts: ImportCounts = { rows: reports.length, create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of reports) counts[r.outcome] += 1;
  return counts;
}

/** The dry run: every row's errors and what it would change; nothing is written. */
export async function analyseImport(rows: readonly CsvRow[], options: { canStock: boolean }): Promise<ImportAnalysis> {
  const handle = await getDb();
  const plans = await plan(handle, rows, options.canStock);
  const reports = plans.map((p) => p.report);
  return { counts: countsOf(reports), rows: reports };
}

// ---------------------------------------------------------------------------------------------
// Applying

const productValues = (fields: CsvProductFields, categoryId: number | null): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (k === "category") out.category_id = categoryId;
    else if (k === "published" || k === "made_to_order") out[k] = v ? 1 : 0;
    else out[k] = v;
  }
  return out;
};

/** Writes one batch of good rows in one transaction; answers the slugs to refresh. */
async function writeBatch(handle: DbHandle, batch: readonly Plan[], actor: StaffActor, now: Date): Promise<string[]> {
  const at = now.toISOString();
  return writeTransaction(handle, async (trx) => {
    const slugs: string[] = [];
    const stockTargets: { productId: number; variantId: number | null; target: number; slug: string }[] = [];
    const repriced = new Set<number>();
    // Products first, then the rows' prices, then the stock of them all in one move (locked in id order).
    for (const p of batch) {
      const { parsed } = p;
      if (p.report.outcome === "create") {
        const price = parsed.price ?? 0;
        const listPrice = Math.max(parsed.compareAt ?? price, price);
        const madeToOrder = parsed.product.made_to_order ?? false;
        let slug = parsed.product.slug ?? slugFromName(parsed.product.name ?? parsed.sku);
        if (!parsed.product.slug) {
          // Not another product's slug, nor one it had (its old address keeps redirecting to it).
          const taken = async (candidate: string) =>
            Boolean((await trx.selectFrom("products").select("id").where("slug", "=", candidate).executeTakeFirst()) ?? (await trx.selectFrom("product_slug_redirects").select("slug").where("slug", "=", candidate).executeTakeFirst()));
          for (let n = 2; await taken(slug); n++) slug = `${slugFromName(parsed.product.name ?? parsed.sku)}-${n}`;
        }
        await trx.deleteFrom("product_slug_redirects").where("slug", "=", slug).execute();
        const columns = productValues(parsed.product, p.categoryId);
        delete columns.category_id;
        const row = await trx
          .insertInto("products")
          .values({
            ...columns,
            category_id: p.categoryId as number,
            name: parsed.product.name as string,
            slug,
            sku: parsed.sku,
            price,
            list_price: listPrice,
            discount_percent: discountPercent(listPrice, price),
            stock_quantity: 0,
            made_to_order: madeToOrder ? 1 : 0,
            availability: availabilityOf(0, madeToOrder),
            is_featured: 0,
            is_popular: 0,
            published: parsed.product.published ? 1 : 0,
            thumbnail_image: null,
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await audit(trx, actor, { action: "product.create", entityType: "product", entityId: row.id, before: null, after: { ...columns, sku: parsed.sku, slug, category_id: p.categoryId, price, list_price: listPrice, import: true } }, now);
        if (parsed.stock) stockTargets.push({ productId: row.id, variantId: null, target: parsed.stock, slug });
        slugs.push(slug);
        continue;
      }
      if (p.report.outcome !== "update" || !p.product) continue;
      const product = p.product;
      const set: Record<string, unknown> = productValues(p.productColumns as CsvProductFields, p.categoryId);
      const before: Record<string, unknown> = {};
      for (const k of Object.keys(set)) before[k] = (product as Record<string, unknown>)[k] ?? null;
      const target = p.variant ?? (product.variant_count === 0 ? product : null);
      if (target && (p.report.changes.price || p.report.changes.compare_at_price)) {
        const price = parsed.price ?? target.price;
        const list = parsed.compareAt ?? Math.max(target.list_price, price);
        const prices = { price, list_price: list, discount_percent: discountPercent(list, price) };
        if (p.variant) {
          await trx.updateTable("product_variants").set({ ...prices, updated_at: at }).where("id", "=", p.variant.id).execute();
          repriced.add(product.id);
        } else {
          Object.assign(set, prices);
          before.price = product.price;
          before.list_price = product.list_price;
        }
      }
      if (Object.keys(set).length) {
        const madeToOrder = set.made_to_order;
        if ("slug" in set && set.slug !== product.slug) {
          await trx.deleteFrom("product_slug_redirects").where("slug", "=", set.slug as string).execute();
          await trx.deleteFrom("product_slug_redirects").where("slug", "=", product.slug).execute();
          await trx.insertInto("product_slug_redirects").values({ slug: product.slug, product_id: product.id, created_at: at }).execute();
          slugs.push(product.slug);
        }
        await trx
          .updateTable("products")
          .set({
            ...set,
            ...(madeToOrder === undefined ? {} : { availability: sql<Availability>`case when stock_quantity <= 0 then 'out_of_stock' when ${madeToOrder} = 1 then 'made_to_order' else 'in_stock' end` }),
            updated_at: at,
          })
          .where("id", "=", product.id)
          .execute();
        await audit(trx, actor, { action: "product.update", entityType: "product", entityId: product.id, before, after: { ...set, import: true } }, now);
      }
      if (p.variant && (p.report.changes.price || p.report.changes.compare_at_price)) {
        await audit(
          trx,
          actor,
          { action: "product.update", entityType: "variant", entityId: p.variant.id, before: { sku: p.variant.sku, price: p.variant.price, list_price: p.variant.list_price }, after: { price: parsed.price ?? p.variant.price, list_price: parsed.compareAt ?? Math.max(p.variant.list_price, parsed.price ?? p.variant.price), import: true } },
          now,
        );
      }
      if (p.report.changes.stock && parsed.stock !== undefined) stockTargets.push({ productId: product.id, variantId: p.variant?.id ?? null, target: parsed.stock, slug: product.slug });
      slugs.push((set.slug as string | undefined) ?? product.slug);
    }
    // A product sold by variant carries its cheapest variant's prices.
    for (const productId of repriced) {
      const variants = await trx.selectFrom("product_variants").select(["price", "list_price", "stock_quantity", "availability"]).where("product_id", "=", productId).execute();
      const group = groupFigures(variants.map((v) => ({ price: Number(v.price), listPrice: Number(v.list_price), stock: Number(v.stock_quantity), availability: v.availability })));
      if (group) await trx.updateTable("products").set({ price: group.price, list_price: group.listPrice, discount_percent: discountPercent(group.listPrice, group.price), updated_at: at }).where("id", "=", productId).execute();
    }
    if (stockTargets.length) {
      // The stock the rows name is reached by moving the difference from the stock as it is now (locked).
      const locked = await lockProducts(trx, handle.dialect, stockTargets.map((t) => ({ productId: t.productId, variantId: t.variantId })));
      const moves: StockMove[] = [];
      const audits: { t: (typeof stockTargets)[number]; delta: number }[] = [];
      for (const t of stockTargets) {
        const current = t.variantId ? Number(locked.variants.get(t.variantId)?.stock_quantity ?? 0) : Number(locked.products.get(t.productId)?.stock_quantity ?? 0);
        const delta = t.target - current;
        if (delta === 0) continue;
        moves.push({ productId: t.productId, variantId: t.variantId, delta, reason: STOCK_REASON.import, actor: ACTOR.staff, actorId: actor.userId, note: IMPORT_NOTE });
        audits.push({ t, delta });
      }
      if (moves.length) await moveStock(trx, handle.dialect, moves, now);
      for (const { t, delta } of audits) {
        await audit(trx, actor, { action: "stock.adjust", entityType: t.variantId ? "variant" : "product", entityId: t.variantId ?? t.productId, before: { stock_quantity: t.target - delta }, after: { stock_quantity: t.target, delta, reason: IMPORT_NOTE, import: true } }, now);
      }
    }
    return slugs;
  });
}

/**
 * Applies the file: the same analysis as the dry run, then the good rows in batches (each one
 * transaction); `progress` is called after each batch. A batch a concurrent change broke (a SKU
 * or slug taken meanwhile, stock sold) is written not at all and its rows reported failed.
 */
export async function applyImport(rows: readonly CsvRow[], options: { canStock: boolean }, actor: StaffActor, progress: (p: ImportProgress) => void | Promise<void> = () => undefined, now = new Date()): Promise<ImportOutcome> {
  const handle = await getDb();
  const plans = await plan(handle, rows, options.canStock);
  const state: ImportProgress = { done: 0, total: plans.length, created: 0, updated: 0, unchanged: 0, failed: 0 };
  for (const p of plans) {
    if (p.report.outcome === "error") state.failed += 1;
    if (p.report.outcome === "unchanged") state.unchanged += 1;
  }
  const writable = plans.filter((p) => p.report.outcome === "create" || p.report.outcome === "update");
  state.done = plans.length - writable.length;
  await progress({ ...state });
  for (const batch of chunks(writable, IMPORT_BATCH)) {
    try {
      const slugs = await writeBatch(handle, batch, actor, now);
      for (const p of batch) state[p.report.outcome === "create" ? "created" : "updated"] += 1;
      revalidateProducts(slugs);
    } catch (error) {
      if (!(error instanceof StockShortage) && !isConflict(error)) throw error;
      for (const p of batch) {
        p.report.outcome = "error";
        p.report.errors = [{ row: p.report.row, column: "row", message: CSV_MESSAGES.raced }];
        state.failed += 1;
      }
    }
    state.done += batch.length;
    await progress({ ...state });
  }
  return { ...state, rows: plans.map((p) => p.report) };
}

/** A unique violation (SQLite or PostgreSQL 23505) or a PostgreSQL serialization failure or deadlock: a race the analysis could not see. */
function isConflict(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || code === "40001" || code === "40P01" || code === "SQLITE_CONSTRAINT_UNIQUE" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}
