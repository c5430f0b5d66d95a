/**
 * The requests of the admin-list measurement: what an owner does on /admin/products of a large
 * shop, as distinct URLs (no URL twice in a run, so nothing can be answered from something seen
 * before), each built by the list's own productListHref (lib/catalog/admin-list.ts) so they are the
 * URLs the page's links and filter form make:
 *
 * - search by a word of a product name ("paisley", "jaipur"), sometimes two ("indigo ikat"), as
 *   typed (any case, sometimes a word's start), with a sort or a filter now and then;
 * - search by SKU: a whole product SKU, its start (a run of ten products), or a variant's SKU;
 * - filters: a category, availability, low or no stock, published or not, alone or together,
 *   with any sort;
 * - far pages: any sort continued from a product somewhere in the list (its cursor: that product's
 *   sort key and id), as if the owner had paged there; a third of them within that product's
 *   category or published state, so the filter and the cursor meet.
 *
 * Pure: the catalog comes in (./admin-list-data.ts reads it), the paths go out.
 */
import { productListHref, type ProductCursor, type ProductListQuery, type ProductSort } from "../../lib/catalog/admin-list";
import { mulberry32 } from "../../lib/seed/prng";
import { drawDistinct } from "./mix-draw";

export type MixProduct = { id: number; name: string; sku: string; price: number; stock: number; updatedAt: string; createdAt: string; category: string };
export type MixCatalog = { products: MixProduct[]; variantSkus: string[]; categories: string[] };

/** What kind of request a path is, and how often each comes (weights, summing to 1). */
export const MIX = { word: 0.25, words: 0.1, sku: 0.1, variantSku: 0.05, filter: 0.3, farPage: 0.2 } as const;
export type MixKind = keyof typeof MIX;

const SORTS: ProductSort[] = ["updated", "newest", "name", "price_asc", "price_desc", "stock"];

/** A product's place in the list under `sort` (the cursor the page's Next link would carry). */
export function cursorFor(product: MixProduct, sort: ProductSort): ProductCursor {
  const key = { updated: product.updatedAt, newest: product.createdAt, name: product.name, price_asc: product.price, price_desc: product.price, stock: product.stock }[sort];
  return { key, id: product.id };
}

/**
 * `count` distinct list paths drawn from `catalog` with the seed `seed` (the same seed gives the
 * same paths), each kind's share as MIX says in a shuffled order, and the kind of each. Throws when the catalog
 * cannot give that many.
 */
export function adminListMix(catalog: MixCatalog, count: number, seed: number): { path: string; kind: MixKind }[] {
  const random = mulberry32(seed).next;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (p: number) => random() < p;
  const wordsOf = (name: string) => name.split(/\s+/).filter((w) => w.length >= 3);
  /** A word as an owner types it: lower case mostly, sometimes only its start. */
  const typed = (word: string) => {
    const w = chance(0.7) ? word.toLowerCase() : word;
    return chance(0.25) && w.length > 4 ? w.slice(0, 4 + Math.floor(random() * (w.length - 3))) : w;
  };
  const sortOrDefault = (p: number): ProductSort | undefined => (chance(p) ? pick(SORTS.slice(1)) : undefined);
  const someFilter = (): Partial<ProductListQuery> => {
    const f: Partial<ProductListQuery> = {};
    if (chance(0.5)) f.category = pick(catalog.categories);
    if (chance(0.3)) f.availability = pick(["in_stock", "made_to_order", "out_of_stock"] as const);
    if (chance(0.25)) f.stock = pick(["low", "out"] as const);
    if (chance(0.25)) f.published = pick(["yes", "no"] as const);
    return Object.keys(f).length ? f : { category: pick(catalog.categories) };
  };

  const request = (kind: MixKind): string => {
    const product = pick(catalog.products);
    switch (kind) {
      case "word": {
        const query: ProductListQuery = { q: typed(pick(wordsOf(product.name))), sort: sortOrDefault(0.3) };
        if (chance(0.2)) Object.assign(query, chance(0.5) ? { published: pick(["yes", "no"] as const) } : { category: product.category });
        return productListHref(query);
      }
      case "words": {
        const words = wordsOf(product.name);
        const i = Math.floor(random() * Math.max(1, words.length - 1));
        return productListHref({ q: [words[i], words[i + 1] ?? ""].map((w) => typed(w as string)).join(" ").trim(), sort: sortOrDefault(0.2) });
      }
      case "sku":
        // The whole SKU, or all but its last digit (ten neighbours), as pasted from a label or a sheet.
        return productListHref({ q: chance(0.6) ? product.sku : product.sku.slice(0, -1) });
      case "variantSku":
        return productListHref({ q: catalog.variantSkus.length ? pick(catalog.variantSkus) : product.sku });
      case "filter":
        return productListHref({ ...someFilter(), sort: sortOrDefault(0.6) });
      case "farPage": {
        const sort = pick(SORTS);
        const query: ProductListQuery = { sort: sort === "updated" ? undefined : sort };
        if (chance(0.33)) Object.assign(query, chance(0.6) ? { category: product.category } : { published: "yes" as const });
        return productListHref(query, { after: cursorFor(product, sort) });
      }
    }
  };

  return drawDistinct(MIX, count, random, request, (n) => `the catalog gives only ${n} distinct admin list requests, not ${count}`);
}
