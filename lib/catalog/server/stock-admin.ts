import "server-only";
import { sql, type Expression, type SqlBool } from "kysely";
import { getDb, type Db, type DbHandle, type Dialect } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { ApiError } from "@/lib/platform/errors";
import { getSiteSettings } from "@/lib/platform/settings";
import { shippingConfigFrom, type DayRange } from "@/lib/cart/shipping";
import type { StockReason } from "../stock";
import { DEFAULT_LOW_STOCK_THRESHOLD, LEDGER_PER_PAGE, LOW_STOCK_DEFAULT_KEY, MAX_LOW_STOCK_THRESHOLD, STOCK_PER_PAGE, type StockListQuery, type StockTab } from "../stock-admin";
import { searchWords } from "./catalog";

/**
 * The back office's Stock page (docs/back-office.md "Stock"): what is low, out or made to order,
 * one product's ledger, and the thresholds that say what "low" is (the rule: ../stock-admin.ts).
 * Adjustments are not here: they are updateProduct's stock_adjustment and adjustVariantStock,
 * through the ledger (./ledger.ts moveStock). Callers ask can() first (stock:read, stock:update,
 * settings:update); each change writes its audit row in its own transaction.
 *
 * The shop's default threshold is a back-office setting (staff_settings, key
 * "low_stock_threshold"; that table's other keys belong to lib/accounts): one primary-key read,
 * passed into the queries as a number, so "low" is a coalesce of the product's column and that
 * number in the same scan as the other filters.
 */

export const STOCK_ADMIN_MESSAGES = {
  productGone: "Product not found.",
  thresholdSaved: (threshold: number | null, shopDefault: number) => (threshold === null ? `The product now uses the shop's default threshold (${shopDefault}).` : `Low stock for this product is now ${threshold} unit${threshold === 1 ? "" : "s"} or fewer.`),
  defaultSaved: (value: number) => `The shop's default threshold is now ${value} unit${value === 1 ? "" : "s"}.`,
} as const;

const parseDefault = (value: string | undefined): number => {
  if (value === undefined) return DEFAULT_LOW_STOCK_THRESHOLD;
  try {
    const n = JSON.parse(value) as unknown;
    return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= MAX_LOW_STOCK_THRESHOLD ? n : DEFAULT_LOW_STOCK_THRESHOLD;
  } catch {
    return DEFAULT_LOW_STOCK_THRESHOLD;
  }
};

async function readDefault(db: Db): Promise<number> {
  const row = await db.selectFrom("staff_settings").select("value").where("key", "=", LOW_STOCK_DEFAULT_KEY).executeTakeFirst();
  return parseDefault(row?.value);
}

/** The shop's default low-stock threshold (5 until someone changes it). */
export async function lowStockDefault(handle?: DbHandle): Promise<number> {
  const { db } = handle ?? (await getDb());
  return readDefault(db);
}

/**
 * What "low" is read with: the shop's default threshold, and the highest threshold any product
 * has (so no product is low above it: a range the stock indexes can answer), and the dialect.
 */
export type LowRule = { shopDefault: number; upper: number; dialect: Dialect };

/** The shop's default and the highest product threshold (migration 023's index makes it one index read). */
export async function lowStockRule(handle?: DbHandle): Promise<LowRule> {
  const { db, dialect } = handle ?? (await getDb());
  const [shopDefault, highest] = await Promise.all([
    readDefault(db),
    db.selectFrom("products").select((eb) => eb.fn.max("low_stock_threshold").as("m")).where("low_stock_threshold", "is not", null).executeTakeFirst(),
  ]);
  return { shopDefault, upper: Math.max(shopDefault, Number(highest?.m ?? 0)), dialect };
}

/**
 * "This product is low", for a query over `products as p` (the admin product list's stock=low,
 * the dashboard's figure): sold without variants, by its own stock; sold by variant, when one of
 * its variants is, on the product's threshold. Never a made-to-order product or variant, nor an
 * archived product (kept for its orders, not restocked).
 *
 * Besides the rule itself, two conditions that follow from it let the database find the few low
 * products by index instead of testing all of them (100,000 products: 730 ms for a filter that
 * matched none, 30 ms now): a product's own stock is within 1..upper (products_admin_stock_idx),
 * and a product sold by variant is among those with a variant within 1..upper (its ids read
 * first, then looked up by primary key; `= any(array(...))` on PostgreSQL so both halves combine
 * as one bitmap).
 */
export function lowProductSql(rule: LowRule): Expression<SqlBool> {
  const threshold = sql`coalesce(p.low_stock_threshold, ${rule.shopDefault})`;
  const candidates = sql`select cv.product_id from product_variants as cv where cv.made_to_order = 0 and cv.stock_quantity > 0 and cv.stock_quantity <= ${rule.upper}`;
  const byVariant = rule.dialect === "postgres" ? sql<SqlBool>`p.id = any(array(${candidates}))` : sql<SqlBool>`p.id in (${candidates})`;
  return sql<SqlBool>`p.archived_at is null and ((p.variant_count = 0 and p.made_to_order = 0 and p.stock_quantity > 0 and p.stock_quantity <= ${rule.upper} and p.stock_quantity <= ${threshold}) or (${byVariant} and p.variant_count > 0 and exists (select 1 from product_variants as lv where lv.product_id = p.id and lv.made_to_order = 0 and lv.stock_quantity > 0 and lv.stock_quantity <= ${threshold})))`;
}

// ---------------------------------------------------------------------------------------------
// The list: one row per product sold without variants, and per variant of one sold by variant.

export type StockRow = {
  productId: number;
  variantId: number | null;
  name: string;
  slug: string;
  /** The variant's label ("King / Ivory"); null for a product without variants. */
  label: string | null;
  sku: string;
  stock: number;
  /** The product's own threshold; null: the shop's default. */
  ownThreshold: number | null;
  /** The threshold that applies. */
  threshold: number;
  madeToOrder: boolean;
  /** Made to order: the product's lead time in days; null: the shop's dispatch days. */
  leadTimeDays: number | null;
  published: boolean;
};

export type StockListPage = {
  tab: StockTab;
  rows: StockRow[];
  total: number;
  page: number;
  lastPage: number;
  perPage: number;
  /** The shop's default threshold. */
  shopDefault: number;
  /** The shop's dispatch days for made to order (business settings), every lead time's fallback. */
  madeToOrderDays: DayRange;
};

type RawRow = {
  product_id: number;
  variant_id: number | null;
  name: string;
  slug: string;
  label: string | null;
  sku: string;
  stock: number;
  own_threshold: number | null;
  threshold: number;
  made_to_order: number;
  lead_time_days: number | null;
  published: number;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tab's condition on a product's (x = p) or a variant's (x = v) stock. */
function tabCondition(tab: StockTab, x: "p" | "v", shopDefault: number): Expression<SqlBool> {
  const stock = sql.ref(`${x}.stock_quantity`);
  const made = sql.ref(`${x}.made_to_order`);
  if (tab === "made_to_order") return sql<SqlBool>`${made} = 1`;
  if (tab === "out") return sql<SqlBool>`${made} = 0 and ${stock} <= 0`;
  return sql<SqlBool>`${made} = 0 and ${stock} > 0 and ${stock} <= coalesce(p.low_stock_threshold, ${shopDefault})`;
}

/** Words of the name, or part of the product's SKU, or (on a variant's row) part of its SKU. */
function searchCondition(term: string | undefined, variant: boolean): Expression<SqlBool> {
  if (!term) return sql<SqlBool>`1 = 1`;
  const words = searchWords(term).map((w) => sql<SqlBool>`lower(p.name) like ${`%${escapeLike(w)}%`} escape '\\'`);
  const part = `%${escapeLike(term.toLowerCase())}%`;
  const skus = variant ? sql<SqlBool>`lower(p.sku) like ${part} escape '\\' or lower(v.sku) like ${part} escape '\\'` : sql<SqlBool>`lower(p.sku) like ${part} escape '\\'`;
  return sql<SqlBool>`((${sql.join(words, sql` and `)}) or ${skus})`;
}

/** A page of the Stock page's tab: low (furthest below its threshold first), out, or made to order (by name). */
export async function stockList(query: StockListQuery): Promise<StockListPage> {
  const db = await getDb();
  const [shopDefault, settings] = await Promise.all([readDefault(db.db), getSiteSettings()]);
  const madeToOrderDays = shippingConfigFrom(settings).dispatchMadeToOrder;
  const tab = query.tab;
  const threshold = sql`coalesce(p.low_stock_threshold, ${shopDefault})`;
  // Archived products are kept for their orders, not restocked: left out.
  const rows = sql`
    select p.id as product_id, cast(null as integer) as variant_id, p.name, p.slug, cast(null as text) as label, p.sku, p.stock_quantity as stock,
      p.low_stock_threshold as own_threshold, ${threshold} as threshold, p.made_to_order, p.lead_time_days, p.published
    from products as p
    where p.archived_at is null and p.variant_count = 0 and ${tabCondition(tab, "p", shopDefault)} and ${searchCondition(query.q, false)}
    union all
    select p.id as product_id, v.id as variant_id, p.name, p.slug, v.label, v.sku, v.stock_quantity as stock,
      p.low_stock_threshold as own_threshold, ${threshold} as threshold, v.made_to_order, p.lead_time_days, p.published
    from product_variants as v inner join products as p on p.id = v.product_id
    where p.archived_at is null and p.variant_count > 0 and ${tabCondition(tab, "v", shopDefault)} and ${searchCondition(query.q, true)}`;
  const order = tab === "made_to_order" ? sql`s.name, s.product_id, coalesce(s.variant_id, 0)` : sql`s.stock - s.threshold, s.name, s.product_id, coalesce(s.variant_id, 0)`;
  const perPage = STOCK_PER_PAGE;
  const counted = await sql<{ n: number }>`select count(*) as n from (${rows}) as s`.execute(db.db);
  const total = Number(counted.rows[0]?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page, lastPage);
  const found = await sql<RawRow>`select * from (${rows}) as s order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`.execute(db.db);
  return {
    tab,
    rows: found.rows.map((r) => ({
      productId: Number(r.product_id),
      variantId: r.variant_id === null ? null : Number(r.variant_id),
      name: r.name,
      slug: r.slug,
      label: r.label,
      sku: r.sku,
      stock: Number(r.stock),
      ownThreshold: r.own_threshold === null ? null : Number(r.own_threshold),
      threshold: Number(r.threshold),
      madeToOrder: Number(r.made_to_order) === 1,
      leadTimeDays: r.lead_time_days === null ? null : Number(r.lead_time_days),
      published: Number(r.published) === 1,
    })),
    total,
    page,
    lastPage,
    perPage,
    shopDefault,
    madeToOrderDays,
  };
}

// ---------------------------------------------------------------------------------------------
// One product's ledger.

export type LedgerEntry = {
  id: number;
  createdAt: string;
  reason: StockReason;
  delta: number;
  variantId: number | null;
  /** The variant's label; null for the product's own stock (or a variant deleted since). */
  variantLabel: string | null;
  /** What the moved stock (the variant's, or the product's own) was right after this movement; null when its variant is gone. */
  stockAfter: number | null;
  /** The product's whole stock right after this movement (the sum over its variants). */
  productStockAfter: number;
  orderId: number | null;
  orderCode: string | null;
  /** customer, staff, system or provider. */
  actor: string;
  actorName: string | null;
  note: string | null;
};

export type ProductLedger = {
  product: { id: number; name: string; slug: string; sku: string; stock: number; madeToOrder: boolean; archived: boolean; ownThreshold: number | null; threshold: number; leadTimeDays: number | null };
  variants: { id: number; label: string; sku: string; stock: number; madeToOrder: boolean }[];
  shopDefault: number;
  entries: LedgerEntry[];
  total: number;
  page: number;
  lastPage: number;
  perPage: number;
};

/**
 * A product's stock movements, newest first, a page at a time, each with the stock it left (the
 * stock of today less the movements made since: one grouped sum per page, as every movement of a
 * product or variant sums to its stock), the order it belongs to and who made it. Null when there
 * is no product of that slug.
 */
export async function productLedger(slug: string, pageWanted = 1, handle?: DbHandle): Promise<ProductLedger | null> {
  const { db } = handle ?? (await getDb());
  const product = await db
    .selectFrom("products")
    .select(["id", "name", "slug", "sku", "stock_quantity", "made_to_order", "archived_at", "low_stock_threshold", "lead_time_days", "variant_count"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!product) return null;
  const [shopDefault, variants, counted] = await Promise.all([
    readDefault(db),
    db.selectFrom("product_variants").select(["id", "label", "sku", "stock_quantity", "made_to_order"]).where("product_id", "=", product.id).orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("stock_movements")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("product_id", "=", product.id)
      .executeTakeFirstOrThrow(),
  ]);
  const perPage = LEDGER_PER_PAGE;
  const total = Number(counted.n);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, pageWanted), lastPage);
  const rows = await db
    .selectFrom("stock_movements as m")
    .leftJoin("users as u", "u.id", "m.actor_id")
    .leftJoin("orders as o", "o.id", "m.order_id")
    .leftJoin("product_variants as v", "v.id", "m.variant_id")
    .select(["m.id", "m.created_at", "m.reason", "m.delta", "m.variant_id", "v.label as variant_label", "m.order_id", "o.code as order_code", "m.actor", "u.name as actor_name", "m.note"])
    .where("m.product_id", "=", product.id)
    .orderBy("m.id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();

  // What moved after this page's newest row, per variant (0: the product's own stock).
  const newer = new Map<number, number>();
  let newerAll = 0;
  const first = rows[0];
  if (first) {
    const sums = await db
      .selectFrom("stock_movements")
      .select(["variant_id", (eb) => eb.fn.sum<number>("delta").as("n")])
      .where("product_id", "=", product.id)
      .where("id", ">", first.id)
      .groupBy("variant_id")
      .execute();
    for (const s of sums) {
      newer.set(s.variant_id ?? 0, Number(s.n ?? 0));
      newerAll += Number(s.n ?? 0);
    }
  }
  const current = new Map<number, number>(variants.map((v) => [v.id, Number(v.stock_quantity)]));
  const productStock = Number(product.stock_quantity);
  const entries: LedgerEntry[] = rows.map((r) => {
    const key = r.variant_id ?? 0;
    const delta = Number(r.delta);
    const now = r.variant_id === null ? (product.variant_count > 0 ? undefined : productStock) : current.get(r.variant_id);
    const stockAfter = now === undefined ? null : now - (newer.get(key) ?? 0);
    const productStockAfter = productStock - newerAll;
    newer.set(key, (newer.get(key) ?? 0) + delta);
    newerAll += delta;
    return {
      id: r.id,
      createdAt: r.created_at,
      reason: r.reason,
      delta,
      variantId: r.variant_id,
      variantLabel: r.variant_label,
      stockAfter,
      productStockAfter,
      orderId: r.order_id,
      orderCode: r.order_code,
      actor: r.actor,
      actorName: r.actor_name,
      note: r.note,
    };
  });
  return {
    product: {
      id: product.id,
      name: product.name,
      slug: product.slug,
      sku: product.sku,
      stock: productStock,
      madeToOrder: Number(product.made_to_order) === 1,
      archived: product.archived_at !== null,
      ownThreshold: product.low_stock_threshold,
      threshold: product.low_stock_threshold ?? shopDefault,
      leadTimeDays: product.lead_time_days,
    },
    variants: variants.map((v) => ({ id: v.id, label: v.label, sku: v.sku, stock: Number(v.stock_quantity), madeToOrder: Number(v.made_to_order) === 1 })),
    shopDefault,
    entries,
    total,
    page,
    lastPage,
    perPage,
  };
}

// ---------------------------------------------------------------------------------------------
// The thresholds.

/** Sets a product's own low-stock threshold (null: the shop's default), audited as stock.threshold. */
export async function setProductLowStockThreshold(slug: string, threshold: number | null, actor: StaffActor, now = new Date(), handle?: DbHandle): Promise<{ threshold: number | null; shopDefault: number }> {
  const db = handle ?? (await getDb());
  return writeTransaction(db, async (trx) => {
    let query = trx.selectFrom("products").select(["id", "low_stock_threshold"]).where("slug", "=", slug);
    if (db.dialect === "postgres") query = query.forUpdate();
    const product = await query.executeTakeFirst();
    if (!product) throw new ApiError(404, STOCK_ADMIN_MESSAGES.productGone);
    const shopDefault = await readDefault(trx);
    if (product.low_stock_threshold === threshold) return { threshold, shopDefault };
    // The storefront shows none of it: nothing cached to refresh, and updated_at stays the product's.
    await trx.updateTable("products").set({ low_stock_threshold: threshold }).where("id", "=", product.id).execute();
    await audit(trx, actor, { action: "stock.threshold", entityType: "product", entityId: product.id, before: { low_stock_threshold: product.low_stock_threshold }, after: { low_stock_threshold: threshold } }, now);
    return { threshold, shopDefault };
  });
}

/** Sets the shop's default low-stock threshold, audited as settings.update. */
export async function setLowStockDefault(value: number, actor: StaffActor, now = new Date(), handle?: DbHandle): Promise<number> {
  const db = handle ?? (await getDb());
  return writeTransaction(db, async (trx) => {
    const before = await readDefault(trx);
    if (before === value) return value;
    const at = now.toISOString();
    const json = JSON.stringify(value);
    await trx
      .insertInto("staff_settings")
      .values({ key: LOW_STOCK_DEFAULT_KEY, value: json, updated_at: at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: at }))
      .execute();
    await audit(trx, actor, { action: "settings.update", entityType: "settings", entityId: LOW_STOCK_DEFAULT_KEY, before: { [LOW_STOCK_DEFAULT_KEY]: before }, after: { [LOW_STOCK_DEFAULT_KEY]: value } }, now);
    return value;
  });
}
