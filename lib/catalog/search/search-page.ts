import type { CategoryMatch, ProductCard, ProductFacets, ProductListPage } from "../server/catalog";
import { matchingCategories } from "../search-notes";
import type { EngineAnswer, Facets } from "./engine";

/** At most this many categories whose names match a search's words go with its answer. */
export const CATEGORY_MATCHES = 3;

export const toFacets = ({ availability, price, values }: Facets): ProductFacets => ({ availability, price, values: Object.fromEntries(values) });

/**
 * A search by words' page from the index's answer and the page's cards (pure): what the catalog
 * service returns on the main thread and the search thread answers the API with
 * (./search-worker.ts), so both say the same. `categories`: the shop's, subcategories included.
 * Without the fallbacks of a search that found nothing (the catalog service adds them).
 */
export function searchPage(answer: EngineAnswer, items: ProductCard[], page: number, perPage: number, text: string, categories: readonly CategoryMatch[]): ProductListPage & { facets: ProductFacets } {
  return {
    items,
    page,
    perPage,
    total: answer.total,
    lastPage: Math.max(1, Math.ceil(answer.total / perPage)),
    facets: toFacets(answer.facets),
    corrections: answer.corrections,
    ...(answer.unmatched ? { unmatched: answer.unmatched } : {}),
    categories: matchingCategories(text, categories, CATEGORY_MATCHES),
  };
}
