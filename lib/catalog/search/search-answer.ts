import type { ApiListMeta, ApiMeta, ApiProductCard, ApiSearchMeta } from "@/lib/api/types";
import type { FilterAttribute, Page, ProductCard, ProductListPage } from "../server/catalog";

/**
 * The API v2 contract's shapes of a product list and of a search by words (pure, no server
 * imports): app/api/v2/_lib/present.ts gives them to the routes, and the search thread
 * (./search-worker.ts) builds a search's whole answer with them, so both write
 * the same bytes.
 */

/** Money in rupees, as the API v2 contract gives it (the services keep paise). */
export const rupees = (paise: number) => Math.round(paise) / 100;

export function meta(page: Page<unknown>): ApiMeta {
  return { current_page: page.page, last_page: page.lastPage, per_page: page.perPage, total: page.total };
}

/**
 * The meta of a product list: the page's, with its facets (attribute values by name, each
 * attribute the filter bar offers with every value and its count, 0 included).
 */
export function listMeta(page: ProductListPage & { facets: NonNullable<ProductListPage["facets"]> }, attributes: readonly FilterAttribute[]): ApiListMeta {
  const { facets } = page;
  return {
    ...meta(page),
    facets: {
      availability: facets.availability,
      price: facets.price,
      attributes: attributes.map((a) => ({ name: a.name, key: a.key, values: a.values.map((v) => ({ value: v.value, count: facets.values[v.id] ?? 0 })) })),
    },
  };
}

/**
 * The meta of a search by words: the list's, with the corrections, the word left out, matching
 * categories, and for an empty result suggestions and popular cards.
 */
export function searchMeta(page: ProductListPage & { facets: NonNullable<ProductListPage["facets"]> }, attributes: readonly FilterAttribute[]): ApiSearchMeta {
  return {
    ...listMeta(page, attributes),
    corrections: page.corrections ?? [],
    unmatched: page.unmatched ?? null,
    categories: page.categories ?? [],
    suggestions: page.suggestions ?? [],
    popular: (page.popular ?? []).map(productCard),
  };
}

export const productCard = (p: ProductCard): ApiProductCard => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  thumbnail_image: p.thumbnail,
  main_price: rupees(p.price),
  stocked_price: rupees(p.listPrice),
  discount: p.discountPercent,
  stock_quantity: p.stockQuantity,
  availability: p.availability,
  currency: "INR",
  has_variants: p.variantCount > 0,
  variant_count: p.variantCount,
});

/**
 * The JSON of a search by words' answer, as paginated() (app/api/v2/_lib/http.ts) writes it: the
 * cards, the search's meta, success and status, in that order.
 */
export function searchAnswerJson(page: ProductListPage & { facets: NonNullable<ProductListPage["facets"]> }, attributes: readonly FilterAttribute[]): string {
  return JSON.stringify({ data: page.items.map(productCard), meta: searchMeta(page, attributes), success: true, status: 200 });
}
