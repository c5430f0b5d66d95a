import { filtersToQuery, toProductSearch, type FilterState } from "@/lib/catalog/filters";
import { listFilterAttributes, searchProducts, type Page, type ProductCard } from "@/lib/catalog";
import { FilterBar, type AttributeOptions } from "./FilterBar";
import { Pagination } from "./Pagination";
import { ProductGrid } from "./ProductGrid";
import { JsonLd } from "@/components/seo/JsonLd";
import { formatCount } from "@/lib/platform/format";
import { itemListJsonLd } from "@/lib/seo/jsonld";

/** The filter bar's attribute groups: each attribute published products have values of, in the shop's order. */
export async function filterOptions(): Promise<AttributeOptions> {
  const attributes = await listFilterAttributes();
  return attributes.map((a) => ({ name: a.name, key: a.key, values: a.values.map((v) => v.value) })).filter((a) => a.values.length > 0);
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
  const [options, result] = await Promise.all([filterOptions(), searchProducts(toProductSearch(state, { name, category }))]);
  const page: Page<ProductCard> = result ?? { items: [], page: 1, perPage: 12, total: 0, lastPage: 1 };
  return (
    <div className="space-y-8">
      <FilterBar state={state} attributes={options} extra={extra} />
      <p className="text-sm text-ink/70" aria-live="polite">
        ({formatCount(page.total, "product")})
      </p>
      {page.items.length ? <ProductGrid products={page.items} columns={columns} /> : <p className="py-16 text-center text-lg">{empty}</p>}
      <Pagination page={Math.min(page.page, page.lastPage)} lastPage={page.lastPage} href={(p) => `${basePath}${filtersToQuery({ ...state, page: p }, extra)}`} />
      <JsonLd data={itemListJsonLd(page.items.map((p) => ({ name: p.name, url: `/products/${p.slug}` })))} />
    </div>
  );
}
