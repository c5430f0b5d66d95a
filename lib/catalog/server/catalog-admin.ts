import "server-only";
import { expireTags } from "@/lib/platform/cache";
import { cacheTags } from "@/lib/platform/cache-manifest";

/**
 * What the back office's product services share (./product-admin.ts, ./product-photos.ts,
 * ./variants.ts): the one place that expires a product's cached reads and pages after a change
 * (named in the cache manifest), and the messages of stock and variant refusals.
 */

/** Drops cached reads and pages that show a product, so the change is visible on the next request. */
export function revalidateProduct(slug: string) {
  expireTags([cacheTags.products, cacheTags.product(slug), cacheTags.attributes]);
}

/** The same for many products at once (bulk actions, an import's batch): the shared tags once, each product's page. */
export function revalidateProducts(slugs: readonly string[]) {
  if (!slugs.length) return;
  expireTags([cacheTags.products, cacheTags.attributes, ...new Set(slugs.map((s) => cacheTags.product(s)))]);
}

export const adjustmentShortage = (available: number, taken: number) => `Only ${available} in stock: an adjustment cannot take out ${taken}.`;

/** A product sold by variant carries its variants' prices, availability and stock (lib/catalog/server/variants.ts changes them). */
export const SOLD_BY_VARIANT = "This product is sold by variant: change prices, made to order and stock on its variants.";
