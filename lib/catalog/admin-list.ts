import { z } from "@/lib/platform/zod";

/**
 * The back office's product list as a URL (/admin/products?q=&category=&availability=&stock=&
 * published=&sort=&after=|before=): every filter, the sort and the page are in the query string,
 * so a filtered list can be bookmarked, shared and reloaded. Pure (zod only): the list page parses
 * its searchParams with it and builds its links with `productListHref`; the service
 * (./server/admin-list.ts) reads the parsed state.
 *
 * A value the URL cannot mean (an unknown sort, a cursor someone edited) is dropped rather than
 * refused: an old bookmark still opens the list, and the page names what it ignored.
 *
 * Pages are keyset cursors, not page numbers: `after` is the last row of the page before (its sort
 * key and id), `before` the first row of the page after. Reading any page costs the same as the
 * first (an index range from the cursor), where OFFSET 40000 reads and throws away 40,000 rows.
 */

export const ADMIN_PRODUCTS_PER_PAGE = 25;

export const PRODUCT_SORTS = {
  updated: "Recently changed",
  newest: "Newest",
  name: "Name A–Z",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  stock: "Stock: lowest first",
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

/** Low: at or below the product's threshold or the shop's default (./stock-admin.ts); out: none left, not made to order. */
export const STOCK_FILTERS = { low: "Low (at or below its threshold)", out: "Out (0)" } as const;
export type StockFilter = keyof typeof STOCK_FILTERS;

export const PUBLISHED_FILTERS = { yes: "Published", no: "Not published" } as const;
export type PublishedFilter = keyof typeof PUBLISHED_FILTERS;

export const AVAILABILITY_FILTERS = { in_stock: "In stock", made_to_order: "Made to order", out_of_stock: "Out of stock" } as const;
export type AvailabilityValue = keyof typeof AVAILABILITY_FILTERS;

/** A row's place in the list: its sort key (a number or a string) and its id. */
export type ProductCursor = { key: string | number; id: number };

export function encodeCursor(cursor: ProductCursor): string {
  const json = JSON.stringify([cursor.key, cursor.id]);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The cursor a URL carries, or null when it is not one this list made. */
export function decodeCursor(value: string): ProductCursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [key, id] = parsed as [unknown, unknown];
    if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    if (typeof key === "number" && Number.isFinite(key)) return { key, id };
    if (typeof key === "string" && key.length <= 300) return { key, id };
    return null;
  } catch {
    return null;
  }
}

const dropped = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const enumOf = <T extends Record<string, string>>(options: T) => z.enum(Object.keys(options) as [keyof T & string, ...(keyof T & string)[]]);
const cursorParam = dropped(z.string().transform((v, ctx) => decodeCursor(v) ?? (ctx.addIssue({ code: "custom", message: "not a cursor" }), z.NEVER)));

export const productListQuerySchema = z.object({
  /** Words of the name, or a SKU (of the product or one of its variants). */
  q: dropped(z.string().trim().max(100).transform((v) => v || undefined)),
  category: dropped(z.string().regex(/^[a-z0-9-]{1,120}$/)),
  availability: dropped(enumOf(AVAILABILITY_FILTERS)),
  stock: dropped(enumOf(STOCK_FILTERS)),
  published: dropped(enumOf(PUBLISHED_FILTERS)),
  sort: dropped(enumOf(PRODUCT_SORTS)),
  after: cursorParam,
  before: cursorParam,
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

type RawParams = Record<string, string | string[] | undefined>;

/** The list's state from a page's searchParams (the first of a repeated key), and the names of what it dropped. */
export function parseProductListQuery(params: RawParams): { query: ProductListQuery; ignored: string[] } {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first !== "") flat[key] = first;
  }
  const query = productListQuerySchema.parse(flat);
  if (query.after && query.before) delete query.before;
  const ignored = (Object.keys(productListQuerySchema.shape) as (keyof ProductListQuery)[]).filter((k) => flat[k] !== undefined && query[k] === undefined && !(k === "before" && query.after) && !(k === "q" && (flat.q ?? "").trim() === ""));
  return { query, ignored };
}

/** The URL of the list with `change` applied; a new filter or sort starts again at the first page. */
export function productListHref(current: ProductListQuery, change: Partial<Record<keyof ProductListQuery, string | ProductCursor | undefined>> = {}): string {
  const paging = "after" in change || "before" in change;
  const next: Record<string, string> = {};
  const put = (key: keyof ProductListQuery, value: unknown) => {
    if (value === undefined || value === "") return;
    next[key] = typeof value === "object" ? encodeCursor(value as ProductCursor) : String(value);
  };
  for (const key of ["q", "category", "availability", "stock", "published", "sort"] as const) put(key, key in change ? change[key] : current[key]);
  if (paging) {
    put("after", change.after);
    put("before", change.before);
  }
  const search = new URLSearchParams(next).toString();
  return search ? `/admin/products?${search}` : "/admin/products";
}
