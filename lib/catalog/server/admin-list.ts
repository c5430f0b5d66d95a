import "server-only";
import { sql, type Expression, type SqlBool } from "kysely";
import { getDb, type Db } from "@/lib/platform/db";
import type { Availability } from "@/lib/platform/db/schema";
import { ADMIN_PRODUCTS_PER_PAGE, type ProductCursor, type ProductListQuery, type ProductSort } from "../admin-list";
import { readVariants, type ProductOption, type ProductVariant, searchWords } from "./catalog";
import { type LowRule, lowProductSql, lowStockRule } from "./stock-admin";

/**
 * The back office's product reads (docs/back-office.md "Products"): the list with its search,
 * filters, sort and keyset pages, one product as staff see it (published or not, with its
 * variants and its latest stock movements), the dashboard's stock figures and the search box's
 * product matches. Reads only: changes go through ./catalog-admin.ts and ./variants.ts.
 *
 * The list is built for 100,000 products on PostgreSQL (npm run bench -- admin-list, p95 under
 * 300 ms at 5 connections): every sort is an index on (key, id) (migration 013), a page is the
 * next rows of that index after a cursor (no OFFSET, so a far page costs what the first does), a
 * search by words uses the pg_trgm index on lower(name) (migration 001) and one on lower(sku)
 * (013), filters on availability and stock are planned with statistics of how those columns go
 * together (016), the category's name comes by a join, and nothing is read per row. The total
 * is one count(*) with the same filters.
 */

export type AdminProductRow = {
  id: number;
  name: string;
  slug: string;
  sku: string;
  category: string | null;
  /** Paise. */
  price: number;
  listPrice: number;
  stockQuantity: number;
  availability: Availability;
  madeToOrder: boolean;
  published: boolean;
  variantCount: number;
  thumbnail: string | null;
  updatedAt: string;
};

export type AdminProductPage = {
  rows: AdminProductRow[];
  total: number;
  perPage: number;
  /** Cursors of the neighbouring pages, or null at an end. */
  next: ProductCursor | null;
  previous: ProductCursor | null;
  /** The category named in the URL does not exist (the list is then empty). */
  unknownCategory: boolean;
};

type SortSpec = { column: "p.updated_at" | "p.created_at" | "p.name" | "p.price" | "p.stock_quantity"; key: keyof RowOut; direction: "asc" | "desc" };

/** Each sort's column and direction; ties go by id in the same direction (the indexes of migration 013). */
const SORTS: Record<ProductSort, SortSpec> = {
  updated: { column: "p.updated_at", key: "updated_at", direction: "desc" },
  newest: { column: "p.created_at", key: "created_at", direction: "desc" },
  name: { column: "p.name", key: "name", direction: "asc" },
  price_asc: { column: "p.price", key: "price", direction: "asc" },
  price_desc: { column: "p.price", key: "price", direction: "desc" },
  stock: { column: "p.stock_quantity", key: "stock_quantity", direction: "asc" },
};

type RowOut = {
  id: number;
  name: string;
  slug: string;
  sku: string;
  category: string | null;
  price: number;
  list_price: number;
  stock_quantity: number;
  availability: Availability;
  made_to_order: number;
  published: number;
  variant_count: number;
  thumbnail_image: string | null;
  updated_at: string;
  created_at: string;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search by name words or SKU: every word in the name (as substrings), or the SKU containing
 * the text, or a variant's SKU equal to it. On PostgreSQL each side is an index (pg_trgm on the
 * name and the SKU, the variants' unique SKU); on SQLite (a shop of hundreds or a few thousand
 * products) a scan.
 *
 * The variant's product is looked up first and joins the condition as ids: PostgreSQL then ORs
 * three index lookups in one bitmap. With the variants as a subquery inside the OR it could not,
 * and read every product instead: 640 ms for a SKU on 100,000 products, where this takes 12
 * (npm run bench -- admin-list, docs/measurements/2026-11-25-admin-list-100k.md).
 */
async function searchFilter(db: Db, term: string): Promise<Expression<SqlBool>> {
  const words = searchWords(term).map((w) => sql<SqlBool>`lower(p.name) like ${`%${escapeLike(w)}%`} escape '\\'`);
  const sides = [sql<SqlBool>`(${sql.join(words, sql` and `)})`, sql<SqlBool>`lower(p.sku) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`];
  const variants = await db.selectFrom("product_variants").select("product_id").where("sku", "in", [...new Set([term, term.toUpperCase()])]).execute();
  if (variants.length) sides.push(sql<SqlBool>`p.id in (${sql.join(variants.map((v) => v.product_id))})`);
  return sql<SqlBool>`(${sql.join(sides, sql` or `)})`;
}

async function categoryIds(db: Db, slug: string): Promise<number[] | null> {
  const category = await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirst();
  if (!category) return null;
  const children = await db.selectFrom("categories").select("id").where("parent_id", "=", category.id).execute();
  return [category.id, ...children.map((c) => c.id)];
}

/** Every filter of the query but the page, as WHERE conditions (`low`: the low-stock rule, read only for stock=low; `search`: searchFilter's condition). */
function filtersOf(query: ProductListQuery, categories: number[] | null, low: LowRule | null, search: Expression<SqlBool> | null): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (categories) where.push(sql<SqlBool>`p.category_id in (${sql.join(categories)})`);
  if (query.availability) where.push(sql<SqlBool>`p.availability = ${query.availability}`);
  if (query.stock === "out") where.push(sql<SqlBool>`p.stock_quantity <= 0 and p.made_to_order = 0`);
  if (query.stock === "low" && low) where.push(lowProductSql(low));
  if (query.published) where.push(sql<SqlBool>`p.published = ${query.published === "yes" ? 1 : 0}`);
  if (search) where.push(search);
  return where;
}

/**
 * The list's filters (all but the sort and the page) as WHERE conditions on `products as p`, for
 * reads that walk the same products another way (the CSV export); null when the URL names a
 * category there is none of.
 */
export async function adminListConditions(query: ProductListQuery): Promise<Expression<SqlBool>[] | null> {
  const { db } = await getDb();
  const [categories, search, low] = await Promise.all([query.category ? categoryIds(db, query.category) : null, query.q ? searchFilter(db, query.q) : null, query.stock === "low" ? lowStockRule() : null]);
  if (query.category && !categories) return null;
  return filtersOf(query, categories, low, search);
}

const toRow = (r: RowOut): AdminProductRow => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  sku: r.sku,
  category: r.category,
  price: Number(r.price),
  listPrice: Number(r.list_price),
  stockQuantity: Number(r.stock_quantity),
  availability: r.availability,
  madeToOrder: Number(r.made_to_order) === 1,
  published: Number(r.published) === 1,
  variantCount: Number(r.variant_count),
  thumbnail: r.thumbnail_image,
  updatedAt: r.updated_at,
});

const cursorOf = (row: RowOut, sort: SortSpec): ProductCursor => ({ key: row[sort.key] as string | number, id: row.id });

/**
 * A page of the list. `after` reads forward from a row, `before` backward (the rows are then read
 * in the reverse order and turned round); one more row than a page is read to know whether the
 * list goes on.
 */
export async function adminListProducts(query: ProductListQuery): Promise<AdminProductPage> {
  const { db } = await getDb();
  const perPage = ADMIN_PRODUCTS_PER_PAGE;
  const [categories, search, low] = await Promise.all([
    query.category ? categoryIds(db, query.category) : null,
    query.q ? searchFilter(db, query.q) : null,
    query.stock === "low" ? lowStockRule() : null,
  ]);
  if (query.category && !categories) return { rows: [], total: 0, perPage, next: null, previous: null, unknownCategory: true };
  const where = filtersOf(query, categories, low, search);
  const sort = SORTS[query.sort ?? "updated"];
  const backward = Boolean(query.before);
  const cursor = query.after ?? query.before;
  // Reading backward flips the direction of the walk; the rows are turned round afterwards.
  const walk = (sort.direction === "desc") !== backward ? "desc" : "asc";
  const paged = [...where];
  if (cursor) {
    const comparison = walk === "desc" ? sql.raw("<") : sql.raw(">");
    paged.push(sql<SqlBool>`(${sql.ref(sort.column)}, p.id) ${comparison} (${cursor.key}, ${cursor.id})`);
  }
  const conditions = (list: Expression<SqlBool>[]) => (list.length ? sql<SqlBool>`${sql.join(list, sql` and `)}` : sql<SqlBool>`1 = 1`);

  const [rows, counted] = await Promise.all([
    db
      .selectFrom("products as p")
      .leftJoin("categories as c", "c.id", "p.category_id")
      .select([
        "p.id",
        "p.name",
        "p.slug",
        "p.sku",
        "c.name as category",
        "p.price",
        "p.list_price",
        "p.stock_quantity",
        "p.availability",
        "p.made_to_order",
        "p.published",
        "p.variant_count",
        "p.thumbnail_image",
        "p.updated_at",
        "p.created_at",
      ])
      .where(conditions(paged))
      .orderBy(sql.ref(sort.column), walk)
      .orderBy("p.id", walk)
      .limit(perPage + 1)
      .execute() as Promise<RowOut[]>,
    db
      .selectFrom("products as p")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(conditions(where))
      .executeTakeFirstOrThrow(),
  ]);
  const more = rows.length > perPage;
  const page = rows.slice(0, perPage);
  if (backward) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const hasNext = backward ? true : more;
  const hasPrevious = backward ? more : Boolean(cursor);
  return {
    rows: page.map(toRow),
    total: Number(counted.n),
    perPage,
    next: hasNext && last ? cursorOf(last, sort) : null,
    previous: hasPrevious && first ? cursorOf(first, sort) : null,
    unknownCategory: false,
  };
}

export type AdminStockMovement = { id: number; variantId: number | null; delta: number; reason: string; orderId: number | null; actor: string; actorName: string | null; note: string | null; createdAt: string };

export type AdminProductDetail = {
  id: number;
  name: string;
  slug: string;
  sku: string;
  hsnCode: string | null;
  category: { name: string; slug: string } | null;
  price: number;
  listPrice: number;
  discountPercent: number;
  stockQuantity: number;
  availability: Availability;
  madeToOrder: boolean;
  published: boolean;
  featured: boolean;
  popular: boolean;
  shortDescription: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  thumbnail: string | null;
  photos: { path: string; alt: string }[];
  options: ProductOption[];
  variants: ProductVariant[];
  movements: AdminStockMovement[];
  createdAt: string;
  updatedAt: string;
};

/** One product as staff see it, published or not, by its slug; null when there is none. */
export async function adminProductDetail(slug: string): Promise<AdminProductDetail | null> {
  const { db } = await getDb();
  const p = await db
    .selectFrom("products as p")
    .leftJoin("categories as c", "c.id", "p.category_id")
    .select([
      "p.id",
      "p.name",
      "p.slug",
      "p.sku",
      "p.hsn_code",
      "c.name as category_name",
      "c.slug as category_slug",
      "p.price",
      "p.list_price",
      "p.discount_percent",
      "p.stock_quantity",
      "p.availability",
      "p.made_to_order",
      "p.published",
      "p.is_featured",
      "p.is_popular",
      "p.short_description",
      "p.meta_title",
      "p.meta_description",
      "p.thumbnail_image",
      "p.created_at",
      "p.updated_at",
    ])
    .where("p.slug", "=", slug)
    .executeTakeFirst();
  if (!p) return null;
  const [photos, variants, movements] = await Promise.all([
    db.selectFrom("product_photos").select(["path", "alt"]).where("product_id", "=", p.id).orderBy("sort_order").orderBy("id").execute(),
    readVariants(db, p.id),
    db
      .selectFrom("stock_movements as m")
      .leftJoin("users as u", "u.id", "m.actor_id")
      .select(["m.id", "m.variant_id", "m.delta", "m.reason", "m.order_id", "m.actor", "u.name as actor_name", "m.note", "m.created_at"])
      .where("m.product_id", "=", p.id)
      .orderBy("m.id", "desc")
      .limit(20)
      .execute(),
  ]);
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    hsnCode: p.hsn_code,
    category: p.category_name && p.category_slug ? { name: p.category_name, slug: p.category_slug } : null,
    price: Number(p.price),
    listPrice: Number(p.list_price),
    discountPercent: Number(p.discount_percent),
    stockQuantity: Number(p.stock_quantity),
    availability: p.availability,
    madeToOrder: Number(p.made_to_order) === 1,
    published: Number(p.published) === 1,
    featured: Number(p.is_featured) === 1,
    popular: Number(p.is_popular) === 1,
    shortDescription: p.short_description,
    metaTitle: p.meta_title,
    metaDescription: p.meta_description,
    thumbnail: p.thumbnail_image,
    photos: photos.map((ph) => ({ path: ph.path, alt: ph.alt ?? "" })),
    options: variants.options,
    variants: variants.variants,
    movements: movements.map((m) => ({
      id: m.id,
      variantId: m.variant_id,
      delta: Number(m.delta),
      reason: m.reason,
      orderId: m.order_id,
      actor: m.actor,
      actorName: m.actor_name,
      note: m.note,
      createdAt: m.created_at,
    })),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  };
}

/**
 * The dashboard's stock figures, in one statement (published or not): products out of stock (not
 * made to order), and low by the Stock page's rule (./stock-admin.ts lowProductSql: the product's
 * threshold or the shop's default; by variant for a product sold by variant).
 */
export async function stockSummary(): Promise<{ out: number; low: number; products: number; shopDefault: number }> {
  const { db } = await getDb();
  const low = await lowStockRule();
  const row = await db
    .selectFrom("products as p")
    .select([
      sql<number>`sum(case when p.stock_quantity <= 0 and p.made_to_order = 0 then 1 else 0 end)`.as("out"),
      sql<number>`sum(case when ${lowProductSql(low)} then 1 else 0 end)`.as("low"),
      sql<number>`count(*)`.as("products"),
    ])
    .executeTakeFirstOrThrow();
  return { out: Number(row.out ?? 0), low: Number(row.low ?? 0), products: Number(row.products ?? 0), shopDefault: low.shopDefault };
}

export type ProductMatch = { name: string; slug: string; sku: string; published: boolean };

/** The search box's products: by name words or SKU, recently changed first. */
export async function findProducts(term: string, limit = 6): Promise<ProductMatch[]> {
  const { db } = await getDb();
  const rows = await db
    .selectFrom("products as p")
    .select(["p.name", "p.slug", "p.sku", "p.published"])
    .where(await searchFilter(db, term))
    .orderBy("p.updated_at", "desc")
    .orderBy("p.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ name: r.name, slug: r.slug, sku: r.sku, published: Number(r.published) === 1 }));
}
