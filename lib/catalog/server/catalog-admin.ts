import "server-only";
import { expireTags } from "@/lib/platform/cache";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { productSearchStale } from "./product-search";

/**
 * What the back office's catalog services share (./product-admin.ts, ./product-photos.ts,
 * ./variants.ts, ./category-admin.ts, ./attribute-admin.ts): the one place that expires the
 * cached reads and pages of products, categories and attributes after a change
 * (named in the cache manifest), and the messages of stock and variant refusals.
 */

/** Drops cached reads and pages that show a product, so the change is visible on the next request. */
export function revalidateProduct(slug: string) {
  productSearchStale();
  expireTags([cacheTags.products, cacheTags.product(slug), cacheTags.attributes]);
}

/**
 * Drops the cached reads and pages that show categories after a change to one (or the tree):
 * the header's menu and the home page (listCategories), every category page and its
 * subcategory links, the sitemap, product lists by category (which take in the subcategories:
 * a move changes them) and product pages (their breadcrumb names the category). `slugs` are the
 * categories' slugs before and after the change, and their parents'.
 */
export function revalidateCategories(slugs: readonly string[]) {
  productSearchStale({ rebuild: true });
  expireTags([cacheTags.categories, cacheTags.products, ...[...new Set(slugs)].map((slug) => cacheTags.category(slug))]);
}

/** Drops the cached reads and pages that show attributes: the listing filters' values and product pages' attribute lines. */
export function revalidateAttributes() {
  productSearchStale({ rebuild: true });
  expireTags([cacheTags.attributes, cacheTags.products]);
}

/** The same for many products at once (bulk actions, an import's batch): the shared tags once, each product's page. */
export function revalidateProducts(slugs: readonly string[]) {
  if (!slugs.length) return;
  productSearchStale();
  expireTags([cacheTags.products, cacheTags.attributes, ...new Set(slugs.map((s) => cacheTags.product(s)))]);
}

export const adjustmentShortage = (available: number, taken: number) => `Only ${available} in stock: an adjustment cannot take out ${taken}.`;

/** A product sold by variant carries its variants' prices, availability and stock (lib/catalog/server/variants.ts changes them). */
export const SOLD_BY_VARIANT = "This product is sold by variant: change prices, made to order and stock on its variants.";
