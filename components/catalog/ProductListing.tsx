import Link from "next/link";
import { filtersToQuery, toProductSearch, type FilterState } from "@/lib/catalog/filters";
import { listFilterAttributes, searchProducts, type FilterAttribute, type ProductListPage } from "@/lib/catalog";
import { correctedQuery } from "@/lib/catalog/search-notes";
import { FilterBar, type AttributeOptions, type FacetCounts } from "./FilterBar";
import { Pagination } from "./Pagination";
import { ProductGrid } from "./ProductGrid";
import { JsonLd } from "@/components/seo/JsonLd";
import { formatCount } from "@/lib/platform/format";
import { itemListJsonLd } from "@/lib/seo/jsonld";

/** The filter bar's attribute groups: each attribute published products have values of, in the shop's order. */
function filterOptions(attributes: readonly FilterAttribute[]): AttributeOptions {
  return attributes.map((a) => ({ name: a.name, key: a.key, values: a.values.map((v) => v.value) })).filter((a) => a.values.length > 0);
}

/** A list's filter counts by attribute name and value (the service counts by value id). */
function facetCounts(page: ProductListPage, attributes: readonly FilterAttribute[]): FacetCounts | undefined {
  const facets = page.facets;
  if (!facets) return undefined;
  return {
    availability: facets.availability,
    price: facets.price,
    attributes: Object.fromEntries(attributes.map((a) => [a.name, Object.fromEntries(a.values.map((v) => [v.value, facets.values[v.id] ?? 0]))])),
  };
}

const searchHref = (query: string) => `/search?query=${encodeURIComponent(query)}`;

/**
 * What a search by words read: the words it took for others ("Showing results for “velvet
 * curtain”"), or the word it left out when no product has them all.
 */
function SearchNotes({ name, page }: { name: string; page: ProductListPage }) {
  const corrections = page.corrections ?? [];
  // Nothing found: "No products found." and what else to try say it (NothingFound).
  if (page.total === 0 || (!corrections.length && !page.unmatched)) return null;
  return (
    <div className="space-y-1 text-sm" role="status">
      {corrections.length ? (
        <p>
          Showing results for <strong>“{correctedQuery(name, corrections)}”</strong>
        </p>
      ) : null}
      {page.unmatched ? (
        <p>
          No product matches every word; showing results without <strong>“{page.unmatched}”</strong>
        </p>
      ) : null}
    </div>
  );
}

/** A search that found nothing: other queries that find something, and popular products; never a dead end. */
function NothingFound({ empty, page, columns }: { empty: string; page: ProductListPage; columns: 3 | 4 }) {
  const suggestions = page.suggestions ?? [];
  const popular = page.popular ?? [];
  return (
    <div className="space-y-8">
      <p className="py-10 text-center text-lg">{empty}</p>
      {suggestions.length ? (
        <nav aria-label="Did you mean" className="text-center">
          Did you mean{" "}
          {suggestions.map((s, i) => (
            <span key={s}>
              {i ? ", " : ""}
              <Link href={searchHref(s)} className="font-semibold text-saffron-dark underline">
                {s}
              </Link>
            </span>
          ))}
          ?
        </nav>
      ) : null}
      {popular.length ? (
        <section aria-labelledby="popular-now" className="space-y-4">
          <h2 id="popular-now" className="text-2xl text-navy">
            Popular right now
          </h2>
          <ProductGrid products={popular} columns={columns} />
        </section>
      ) : null}
    </div>
  );
}

/** Filter bar, grid and pagination of a product list; used by /products, /search, category and CMS pages. */
export async function ProductListing({
  basePath,
  state,
  name,
  category,
  extra = {},
  columns = 4,
  empty = "No products found.",
}: {
  basePath: string;
  state: FilterState;
  name?: string;
  category?: string;
  extra?: Record<string, string | undefined>;
  columns?: 3 | 4;
  empty?: string;
}) {
  const [attributes, result] = await Promise.all([listFilterAttributes(), searchProducts(toProductSearch(state, { name, category }))]);
  const page: ProductListPage = result ?? { items: [], page: 1, perPage: 12, total: 0, lastPage: 1 };
  return (
    <div className="space-y-8">
      <FilterBar state={state} attributes={filterOptions(attributes)} extra={extra} counts={facetCounts(page, attributes)} byRelevance={Boolean(name)} />
      {name ? <SearchNotes name={name} page={page} /> : null}
      <p className="text-sm text-ink/70" aria-live="polite">
        ({formatCount(page.total, "product")})
      </p>
      {page.items.length ? (
        <ProductGrid products={page.items} columns={columns} />
      ) : page.total === 0 ? (
        <NothingFound empty={empty} page={page} columns={columns} />
      ) : (
        <p className="py-16 text-center text-lg">{empty}</p>
      )}
      <Pagination page={Math.min(page.page, page.lastPage)} lastPage={page.lastPage} href={(p) => `${basePath}${filtersToQuery({ ...state, page: p }, extra)}`} />
      <JsonLd data={itemListJsonLd(page.items.map((p) => ({ name: p.name, url: `/products/${p.slug}` })))} />
    </div>
  );
}
