import "server-only";
import { sql, type RawBuilder } from "kysely";
import { getDb, type Db } from "@/lib/platform/db";
import type { Availability } from "@/lib/platform/db/schema";
import { NEW_ARRIVAL_DAYS, PRICE_RANGES, type PriceRange, type SortOption } from "../options";
import type { AttributeFilterGroup, Correction, EngineQuery } from "../search/engine";
import { searchPage, toFacets } from "../search/search-page";
import { cardColumns, readCards, toCard, type ProductCard } from "./cards";
import { productCards, searchFallbacks, searchIndex, searchIndexNow, wholeSearchAnswer, type IndexAnswer } from "./product-search";
import type { WholeAnswer } from "./search-thread";
import { attributeKeys, type AttributeKey } from "../attribute-keys";
import { readFilters, type FilterState, type SearchParamsRecord } from "../filters";
import type { ProductSearch } from "../schemas";
import { isSizeOption } from "../variants";
import { sanitizeRichText } from "@/lib/platform/html";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { cachedRead } from "@/lib/platform/cache";

export type CategorySummary = { id: number; name: string; slug: string; coverImage: string | null; description: string | null };
export type CategoryWithChildren = CategorySummary & { subcategories: CategorySummary[] };

export type { ProductCard } from "./cards";

/** One option type of a product with its values, in their order (Length: 5 ft, 7 ft, 9 ft). */
export type ProductOption = { name: string; values: string[] };

/** One variant of a product: the choice a shopper makes on its page. */
export type ProductVariant = {
  id: number;
  sku: string;
  /** "7 ft", "King / Ivory". */
  label: string;
  /** The ?variant= of a link to it. */
  slug: string;
  /** Its value of each option, in the options' order. */
  values: string[];
  /** Paise. */
  price: number;
  listPrice: number;
  discountPercent: number;
  stockQuantity: number;
  availability: Availability;
  /** Its own photo; null: the product's. */
  photo: string | null;
};

export type ProductPhoto = { path: string; alt: string; width: number; height: number };

export type ProductDetail = ProductCard & {
  sku: string;
  shortDescription: string | null;
  description: string;
  keyFeatures: string;
  careInstructions: string;
  warrantySummary: string;
  returnPolicy: string;
  about: { heading: string; description: string; image: string | null } | null;
  additional: { heading: string; description: string; image: string | null } | null;
  metaTitle: string;
  metaDescription: string;
  photos: ProductPhoto[];
  category: CategorySummary | null;
  parentCategory: CategorySummary | null;
  attributes: { name: string; value: string }[];
  /** Empty for a product without variants. */
  options: ProductOption[];
  /** Empty for a product without variants; in the shop's order. */
  variants: ProductVariant[];
  createdAt: string;
  updatedAt: string;
};

export type Page<T> = { items: T[]; page: number; perPage: number; total: number; lastPage: number };

/** How many products each filter value would give with the other filters in force. */
export type ProductFacets = {
  availability: Record<Availability, number>;
  price: Record<PriceRange, number>;
  /** Attribute value id → products. */
  values: Record<number, number>;
};

/** A category whose name matches a search's words, for the header's dropdown. */
export type CategoryMatch = { name: string; slug: string };

/**
 * A product list, with its filter counts. A search by words adds the words it read as others
 * (typos), the word it left out when nothing matched them all, the categories whose names match;
 * and when it found nothing, queries that do find something and popular products to show instead.
 */
export type ProductListPage = Page<ProductCard> & {
  facets?: ProductFacets;
  corrections?: Correction[];
  unmatched?: string;
  categories?: CategoryMatch[];
  suggestions?: string[];
  popular?: ProductCard[];
  /**
   * A search by words: milliseconds in the search index, and in reading the page's cards and
   * notes, and the thread that searched (the API's Server-Timing).
   */
  timing?: { index: number; page: number; thread: "search" | "main" };
};

/** How many popular products a search that found nothing shows. */
const POPULAR_FALLBACK = 8;

/** An attribute as the filter bar offers it: its address key and the values published products have. */
export type FilterAttribute = { id: number; name: string; key: string; values: { id: number; value: string }[] };


type CategoryRow = { id: number; name: string; slug: string; cover_image: string | null; description: string | null };
const toCategory = (row: CategoryRow): CategorySummary => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  coverImage: row.cover_image,
  description: row.description,
});

/**
 * The shop-wide reads that every listing and search request makes (the category tree, the filter
 * keys and attributes) keep a copy in the process for a second (lib/platform/cache.ts, localMs):
 * three data-cache reads were about a quarter of a search route's own time (decision 0066).
 */
const SHOP_WIDE = { localMs: 1000 };

/** Top-level categories, each with its subcategories, in shop order. */
export function listCategories(): Promise<CategoryWithChildren[]> {
  return cachedRead(
    "listCategories",
    [],
    [cacheTags.categories],
    async () => {
      const { db } = await getDb();
      const rows = await db
        .selectFrom("categories")
        .select(["id", "parent_id", "name", "slug", "cover_image", "description"])
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
      const top = rows.filter((r) => r.parent_id === null);
      return top.map((parent) => ({
        ...toCategory(parent),
        subcategories: rows.filter((r) => r.parent_id === parent.id).map(toCategory),
      }));
    },
    SHOP_WIDE,
  );
}

/** Subcategories of a category, or null when there is no such category. */
export function listSubcategories(categoryId: number): Promise<CategorySummary[] | null> {
  return cachedRead("listSubcategories", [categoryId], [cacheTags.categories], async () => {
    const { db } = await getDb();
    const parent = await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
    if (!parent) return null;
    const rows = await db
      .selectFrom("categories")
      .select(["id", "name", "slug", "cover_image", "description"])
      .where("parent_id", "=", categoryId)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    return rows.map(toCategory);
  });
}

export type CategoryPage = CategoryWithChildren & { parent: CategorySummary | null; metaTitle: string | null; metaDescription: string | null };

export function getCategoryBySlug(slug: string): Promise<CategoryPage | null> {
  return cachedRead("getCategoryBySlug", [slug], [cacheTags.categories, cacheTags.category(slug)], async () => {
    const { db } = await getDb();
    const row = await db
      .selectFrom("categories")
      .select(["id", "parent_id", "name", "slug", "cover_image", "description", "meta_title", "meta_description"])
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (!row) return null;
    const [children, parent] = await Promise.all([
      db
        .selectFrom("categories")
        .select(["id", "name", "slug", "cover_image", "description"])
        .where("parent_id", "=", row.id)
        .orderBy("sort_order")
        .orderBy("id")
        .execute(),
      row.parent_id === null
        ? Promise.resolve(undefined)
        : db.selectFrom("categories").select(["id", "name", "slug", "cover_image", "description"]).where("id", "=", row.parent_id).executeTakeFirst(),
    ]);
    return {
      ...toCategory(row),
      subcategories: children.map(toCategory),
      parent: parent ? toCategory(parent) : null,
      metaTitle: row.meta_title,
      metaDescription: row.meta_description,
    };
  });
}

const productsFrom = (db: Db) => db.selectFrom("products as p");
type ProductQuery = ReturnType<typeof productsFrom>;

/** Words of a search term, each matched as a substring of the product name. */
export function searchWords(term: string): string[] {
  const words = term.toLowerCase().split(/\s+/).filter((w) => w.length >= 3);
  return words.length ? words.slice(0, 8) : [term.toLowerCase()];
}

async function resolveCategoryIds(slug: string): Promise<number[] | null> {
  const { db } = await getDb();
  const category = await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirst();
  if (!category) return null;
  const children = await db.selectFrom("categories").select("id").where("parent_id", "=", category.id).execute();
  return [category.id, ...children.map((c) => c.id)];
}

/**
 * The product list behind /products, /search, category and CMS pages, and the search endpoint.
 * Returns null when the category named in the search does not exist.
 */
export function searchProducts(search: ProductSearch): Promise<ProductListPage | null> {
  // Day precision keeps the cache key stable within a day ("New Article" is counted in days).
  return searchProductsOn(search, new Date().toISOString().slice(0, 10));
}

/**
 * The API's search: for a search by words, its whole answer as the search thread writes it (the
 * JSON's bytes and ETag, product-search.ts wholeSearchAnswer) when the thread can, so the main
 * thread only sends them; else, and for lists without words, the page as searchProducts gives it.
 */
export function searchProductsAnswer(search: ProductSearch): Promise<ProductListPage | WholeAnswer | null> {
  if (!search.name) return searchProducts(search);
  return readProductList(search, new Date().toISOString().slice(0, 10), { whole: true });
}

function searchProductsOn(search: ProductSearch, today: string): Promise<ProductListPage | null> {
  // A search by words is read afresh every time: type-ahead queries are nearly all distinct ("cot",
  // "cott", "cotton be"...), so the data cache would hit seldom and fill memory with answers that
  // never come back (npm run bench sends 1,000 distinct ones). Lists without words (a category, a
  // filter) are few and repeat, and stay cached.
  if (search.name) return readProductList(search, today);
  return cachedRead("searchProductsOn", [search, today], [cacheTags.products], () => readProductList(search, today));
}

/**
 * The order of a list nobody sorted: what can be bought (in stock, made to order) before what is
 * out of stock, then the newest first.
 */
const DEFAULT_ORDER = sql`case when p.availability = 'out_of_stock' then 1 else 0 end, p.created_at desc, p.id desc`;

/**
 * ORDER BY of each sort, newest first within equal keys: every product list is ordered by these,
 * and the search index sorts a search by words the same way (../search/engine.ts).
 */
const SORT_SQL = {
  newest: sql`p.created_at desc, p.id desc`,
  price_asc: sql`p.price asc, p.id desc`,
  price_desc: sql`p.price desc, p.id desc`,
  popular: sql`p.is_popular desc, p.view_count desc, p.id desc`,
} as const satisfies Record<SortOption, RawBuilder<unknown>>;

/** The attribute values a search asks for, by attribute: OR within one attribute, AND across attributes. */
async function attributeGroups(db: Db, search: ProductSearch): Promise<AttributeFilterGroup[]> {
  const wanted = search.selected_attribute_values;
  if (!wanted.length) return [];
  const names = [...new Set(wanted.map((w) => w.name.toLowerCase()))];
  const rows = await db
    .selectFrom("attribute_values as av")
    .innerJoin("attributes as a", "a.id", "av.attribute_id")
    .select(["av.id", "a.id as attributeId", "a.name", "av.value"])
    .where(sql<boolean>`lower(a.name) in (${sql.join(names)})`)
    .execute();
  return names.map((attribute, i) => {
    const asked = wanted.filter((w) => w.name.toLowerCase() === attribute).map((w) => w.value.toLowerCase());
    const matching = rows.filter((r) => r.name.toLowerCase() === attribute);
    const ids = matching.filter((r) => asked.includes(r.value.toLowerCase())).map((r) => r.id);
    // An attribute the shop does not have still filters (to nothing), under an id no attribute has.
    return { attributeId: matching[0]?.attributeId ?? -1 - i, valueIds: ids.length ? ids : [-1] };
  });
}

/**
 * A search by words (the header's type-ahead, /search, the API's ?name=): the product search
 * index (./product-search.ts) finds, filters, counts and orders; the page's cards are the kept
 * ones, as fresh as the index, else read from the database by id. `whole` (the API): the search
 * thread writes the whole answer when it keeps every card of the page (decision 0068), and that
 * is returned instead of the page.
 */
async function searchByWords(db: Db, search: ProductSearch, categoryIds: number[] | null, today: string, whole: boolean): Promise<ProductListPage | WholeAnswer> {
  const perPage = search.per_page;
  const offset = (search.page - 1) * perPage;
  const attributes = await attributeGroups(db, search);
  const text = search.name as string;
  const query = indexQuery(search, categoryIds, today, attributes, offset, perPage);
  const started = performance.now();
  let answer: IndexAnswer;
  if (whole) {
    const [shopAttributes, tree] = await Promise.all([listFilterAttributes(), listCategories()]);
    const reply = await wholeSearchAnswer(query, { text, page: search.page, perPage }, shopAttributes, shopCategories(tree));
    if ("body" in reply) return reply;
    answer = reply;
  } else answer = await searchIndex(query);
  const searched = performance.now();
  const [items, fallbacks, categories] = await Promise.all([
    cardsById(db, answer.ids),
    answer.total === 0 ? searchFallbacks(text, POPULAR_FALLBACK) : null,
    listCategories(),
  ]);
  const popular = fallbacks ? await cardsById(db, fallbacks.popularIds) : null;
  return {
    ...searchPage(answer, items, search.page, perPage, text, shopCategories(categories)),
    ...(fallbacks && popular ? { suggestions: fallbacks.suggestions, popular } : {}),
    timing: { index: searched - started, page: performance.now() - searched, thread: answer.thread },
  };
}

/**
 * The shop's categories with their subcategories, in one list (the categories a search's words
 * may name), kept per category tree: the tree is one shared object for a second at a time
 * (lib/platform/cache.ts), and the search thread is sent the list again only when it is another.
 */
const flatTrees = new WeakMap<readonly CategoryWithChildren[], CategoryMatch[]>();
function shopCategories(tree: readonly CategoryWithChildren[]): CategoryMatch[] {
  let flat = flatTrees.get(tree);
  if (!flat) {
    flat = tree.flatMap((c) => [c, ...c.subcategories]).map(({ name, slug }) => ({ name, slug }));
    flatTrees.set(tree, flat);
  }
  return flat;
}

/** The search index's query for a list's words (none: every product) and filters. */
function indexQuery(search: ProductSearch, categoryIds: number[] | null, today: string, attributes: AttributeFilterGroup[], offset: number, limit: number): EngineQuery {
  return {
    text: search.name ?? "",
    categoryIds,
    availability: search.availability,
    price: search.price,
    popularOnly: search.advanced_filters === "popular",
    newSince: search.advanced_filters === "new_article" ? Date.parse(daysBefore(today, NEW_ARRIVAL_DAYS)) : null,
    attributes,
    sort: search.sort,
    offset,
    limit,
  };
}

/**
 * Published products' cards by id, in the order of `ids` (the index's order), kept beside the
 * search index and as fresh as it is (product-search.ts productCards).
 */
async function cardsById(db: Db, ids: readonly number[]): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const byId = await productCards(ids, (missing) => readCards(db, missing));
  return ids.flatMap((id) => {
    const card = byId.get(id);
    return card ? [card] : [];
  });
}

async function readProductList(search: ProductSearch, today: string): Promise<ProductListPage | null>;
async function readProductList(search: ProductSearch, today: string, options: { whole: true }): Promise<ProductListPage | WholeAnswer | null>;
async function readProductList(search: ProductSearch, today: string, options: { whole?: boolean } = {}): Promise<ProductListPage | WholeAnswer | null> {
  const { db } = await getDb();

  let categoryIds: number[] | null = null;
  if (search.category) {
    categoryIds = await resolveCategoryIds(search.category);
    if (!categoryIds) return null;
  }
  if (search.name) return searchByWords(db, search, categoryIds, today, options.whole ?? false);

  const groups = await attributeGroups(db, search);
  const valueGroups = groups.map((g) => [...g.valueIds]);

  const filtered = (qb: ProductQuery): ProductQuery => {
    let q = qb.where("p.published", "=", 1);
    if (categoryIds) q = q.where("p.category_id", "in", categoryIds);
    if (search.availability) q = q.where("p.availability", "=", search.availability);
    if (search.price) {
      const range = PRICE_RANGES[search.price];
      // Half-open like priceInRange: a boundary price is in the higher range only.
      if (range.from !== null) q = q.where("p.price", ">=", range.from);
      if (range.below !== null) q = q.where("p.price", "<", range.below);
    }
    if (search.advanced_filters === "popular") q = q.where("p.is_popular", "=", 1);
    if (search.advanced_filters === "new_article") q = q.where("p.created_at", ">=", daysBefore(today, NEW_ARRIVAL_DAYS));
    for (const ids of valueGroups) {
      q = q.where("p.id", "in", (eb) =>
        eb.selectFrom("product_attribute_values").select("product_id").where("attribute_value_id", "in", ids),
      );
    }
    return q;
  };

  const base = productsFrom(db);
  const countRow = await filtered(base)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirst();
  const total = Number(countRow?.total ?? 0);
  const perPage = search.per_page;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const offset = (search.page - 1) * perPage;

  const list = filtered(base).select(cardColumns).orderBy(search.sort ? SORT_SQL[search.sort] : DEFAULT_ORDER);
  const [rows, counts] = await Promise.all([
    total > offset ? list.limit(perPage).offset(offset).execute() : [],
    // The filter bar's counts come from the search index, which counts every filter value in one
    // pass over the products in memory (SQL would take a grouped count per filter); the list and
    // its total stay the database's. The list is cached until the catalog changes, so the index
    // first reads the changes up to now (it otherwise follows within a second).
    searchIndexNow(indexQuery(search, categoryIds, today, groups, 0, 0)),
  ]);
  return { items: rows.map(toCard), page: search.page, perPage, total, lastPage, facets: toFacets(counts.facets) };
}

function daysBefore(dayIso: string, days: number): string {
  const d = new Date(`${dayIso.slice(0, 10)}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString();
}

export function listFeaturedProducts(limit = 12): Promise<ProductCard[]> {
  return cachedRead("listFeaturedProducts", [limit], [cacheTags.products], async () => {
    const { db } = await getDb();
    const rows = await db
      .selectFrom("products as p")
      .select(cardColumns)
      .where("p.published", "=", 1)
      .where("p.is_featured", "=", 1)
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toCard);
  });
}

export function getProductBySlug(slug: string): Promise<ProductDetail | null> {
  return cachedRead("getProductBySlug", [slug], [cacheTags.products, cacheTags.product(slug)], async () => {
    const { db } = await getDb();
    const p = await db.selectFrom("products").selectAll().where("slug", "=", slug).where("published", "=", 1).executeTakeFirst();
    if (!p) return null;
    const [photos, attributeRows, category, variantData] = await Promise.all([
      db
        .selectFrom("product_photos")
        .select(["path", "alt", "width", "height"])
        .where("product_id", "=", p.id)
        .orderBy("sort_order")
        .orderBy("id")
        .execute(),
      db
        .selectFrom("product_attribute_values as pav")
        .innerJoin("attribute_values as av", "av.id", "pav.attribute_value_id")
        .innerJoin("attributes as a", "a.id", "av.attribute_id")
        .select(["a.name", "av.value"])
        .where("pav.product_id", "=", p.id)
        .orderBy("a.sort_order")
        .execute(),
      db
        .selectFrom("categories")
        .select(["id", "parent_id", "name", "slug", "cover_image", "description"])
        .where("id", "=", p.category_id)
        .executeTakeFirst(),
      p.variant_count > 0 ? readVariants(db, p.id) : Promise.resolve({ options: [], variants: [] }),
    ]);
    // One line per attribute: a product sold in several sizes lists them together, in its options'
    // order ("5 ft, 7 ft, 9 ft").
    const attributes: { name: string; value: string }[] = [];
    for (const row of attributeRows) {
      const same = attributes.find((a) => a.name === row.name);
      if (same) same.value = `${same.value}, ${row.value}`;
      else attributes.push({ name: row.name, value: row.value });
    }
    const sizes = variantData.options.filter((o) => isSizeOption(o.name)).flatMap((o) => o.values);
    const size = attributes.find((a) => a.name === "Size");
    if (size && sizes.length) size.value = [...new Set(sizes)].join(", ");
    const parent =
      category && category.parent_id !== null
        ? await db
            .selectFrom("categories")
            .select(["id", "name", "slug", "cover_image", "description"])
            .where("id", "=", category.parent_id)
            .executeTakeFirst()
        : undefined;

    const block = (heading: string | null, description: string | null, image: string | null) =>
      heading || description ? { heading: heading ?? "", description: sanitizeRichText(description), image } : null;

    return {
      ...toCard(p),
      sku: p.sku,
      shortDescription: p.short_description,
      description: sanitizeRichText(p.description),
      keyFeatures: sanitizeRichText(p.key_features),
      careInstructions: sanitizeRichText(p.care_instructions),
      warrantySummary: sanitizeRichText(p.warranty_summary),
      returnPolicy: sanitizeRichText(p.return_policy),
      about: block(p.about_heading, p.about_description, p.about_image),
      additional: block(p.additional_heading, p.additional_description, p.additional_image),
      metaTitle: p.meta_title || p.name,
      metaDescription: p.meta_description || p.short_description || p.name,
      photos,
      category: category ? toCategory(category) : null,
      parentCategory: parent ? toCategory(parent) : null,
      attributes,
      options: variantData.options,
      variants: variantData.variants,
      createdAt: p.created_at,
      updatedAt: p.updated_at,
    };
  });
}

/**
 * The slug of today of the published product that had `slug` before (product_slug_redirects,
 * migration 012), for the product page's permanent redirect; null when no product had it or the
 * product is not shown. A chain of renames is one hop: the row names the product, not its next slug.
 */
export function findProductRedirect(slug: string): Promise<string | null> {
  return cachedRead("findProductRedirect", [slug], [cacheTags.products, cacheTags.product(slug)], async () => {
    const { db } = await getDb();
    const row = await db
      .selectFrom("product_slug_redirects as r")
      .innerJoin("products as p", "p.id", "r.product_id")
      .select("p.slug")
      .where("r.slug", "=", slug)
      .where("p.published", "=", 1)
      .executeTakeFirst();
    return row?.slug ?? null;
  });
}

/**
 * The slug of today of the category that had `slug` before (category_slug_redirects, migration
 * 018), for the category page's permanent redirect; null when no category had it.
 */
export function findCategoryRedirect(slug: string): Promise<string | null> {
  return cachedRead("findCategoryRedirect", [slug], [cacheTags.categories, cacheTags.category(slug)], async () => {
    const { db } = await getDb();
    const row = await db
      .selectFrom("category_slug_redirects as r")
      .innerJoin("categories as c", "c.id", "r.category_id")
      .select("c.slug")
      .where("r.slug", "=", slug)
      .executeTakeFirst();
    return row?.slug ?? null;
  });
}

/** A product's options and variants, each in the shop's order (lib/catalog/server/variant-rows.ts writes them). */
export async function readVariants(db: Db, productId: number): Promise<{ options: ProductOption[]; variants: ProductVariant[] }> {
  const [optionRows, variantRows, links] = await Promise.all([
    db
      .selectFrom("product_options as o")
      .innerJoin("product_option_values as ov", "ov.option_id", "o.id")
      .select(["o.id as option_id", "o.name", "ov.id", "ov.value"])
      .where("o.product_id", "=", productId)
      .orderBy("o.position")
      .orderBy("o.id")
      .orderBy("ov.position")
      .orderBy("ov.id")
      .execute(),
    db
      .selectFrom("product_variants")
      .select(["id", "sku", "label", "slug", "price", "list_price", "discount_percent", "stock_quantity", "availability", "photo"])
      .where("product_id", "=", productId)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_variant_values as vv")
      .innerJoin("product_variants as v", "v.id", "vv.variant_id")
      .select(["vv.variant_id", "vv.option_value_id"])
      .where("v.product_id", "=", productId)
      .execute(),
  ]);
  const options: (ProductOption & { id: number })[] = [];
  const valueOf = new Map<number, { optionId: number; value: string }>();
  for (const r of optionRows) {
    let option = options.find((o) => o.id === r.option_id);
    if (!option) options.push((option = { id: r.option_id, name: r.name, values: [] }));
    option.values.push(r.value);
    valueOf.set(r.id, { optionId: r.option_id, value: r.value });
  }
  const variants = variantRows.map((v): ProductVariant => {
    const mine = links.filter((l) => l.variant_id === v.id).map((l) => valueOf.get(l.option_value_id));
    return {
      id: v.id,
      sku: v.sku,
      label: v.label,
      slug: v.slug,
      values: options.map((o) => mine.find((m) => m?.optionId === o.id)?.value ?? ""),
      price: v.price,
      listPrice: v.list_price,
      discountPercent: v.discount_percent,
      stockQuantity: v.stock_quantity,
      availability: v.availability,
      photo: v.photo,
    };
  });
  return { options: options.map(({ name, values }) => ({ name, values })), variants };
}

/** Up to `limit` other products of the same category, topped up with featured ones. */
export function listRelatedProducts(productId: number, categoryId: number, limit = 6): Promise<ProductCard[]> {
  return cachedRead("listRelatedProducts", [productId, categoryId, limit], [cacheTags.products], async () => {
    const { db } = await getDb();
    const same = await db
      .selectFrom("products as p")
      .select(cardColumns)
      .where("p.published", "=", 1)
      .where("p.category_id", "=", categoryId)
      .where("p.id", "<>", productId)
      .orderBy("p.is_featured", "desc")
      .orderBy("p.created_at", "desc")
      .limit(limit)
      .execute();
    const cards = same.map(toCard);
    if (cards.length < limit) {
      for (const card of await listFeaturedProducts(limit * 2)) {
        if (cards.length >= limit) break;
        if (card.id !== productId && !cards.some((c) => c.id === card.id)) cards.push(card);
      }
    }
    return cards;
  });
}

/**
 * Every attribute with its address key (`?colour=Blue`), in the shop's order: what a listing's
 * address may filter by. Expires with any change of attributes (cacheTags.attributes).
 */
export function listFilterKeys(): Promise<AttributeKey[]> {
  return cachedRead(
    "listFilterKeys",
    [],
    [cacheTags.attributes],
    async () => {
      const { db } = await getDb();
      const rows = await db.selectFrom("attributes").select(["id", "name"]).orderBy("sort_order").orderBy("id").execute();
      return attributeKeys(rows);
    },
    SHOP_WIDE,
  );
}

/** A listing page's filter state from its address, with the shop's attributes as keys. */
export async function readShopFilters(params: SearchParamsRecord): Promise<FilterState> {
  return readFilters(params, await listFilterKeys());
}

/**
 * The filter bar's attributes: each attribute a published product has a value of, in the shop's
 * order, with its address key and those values (by name). A new attribute, value or product's
 * value shows at once: staff changes expire the attributes and products tags.
 */
export function listFilterAttributes(): Promise<FilterAttribute[]> {
  return cachedRead("listFilterAttributes", [], [cacheTags.attributes, cacheTags.products], async () => {
    const { db } = await getDb();
    const [rows, all] = await Promise.all([
      db
        .selectFrom("attributes as a")
        .innerJoin("attribute_values as av", "av.attribute_id", "a.id")
        .select(["a.id as attribute_id", "a.name", "av.id", "av.value"])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("product_attribute_values as pav")
              .innerJoin("products as p", "p.id", "pav.product_id")
              .select("pav.product_id")
              .whereRef("pav.attribute_value_id", "=", "av.id")
              .where("p.published", "=", 1),
          ),
        )
        .orderBy("a.sort_order")
        .orderBy("a.id")
        .orderBy("av.value")
        .orderBy("av.id")
        .execute(),
      db.selectFrom("attributes").select(["id", "name"]).execute(),
    ]);
    const keys = attributeKeys(all);
    const out: FilterAttribute[] = [];
    for (const row of rows) {
      let attribute = out.find((a) => a.id === row.attribute_id);
      if (!attribute) {
        attribute = { id: row.attribute_id, name: row.name, key: keys.find((k) => k.name === row.name)?.key ?? "", values: [] };
        out.push(attribute);
      }
      attribute.values.push({ id: row.id, value: row.value });
    }
    return out.filter((a) => a.key);
  }, SHOP_WIDE);
}
