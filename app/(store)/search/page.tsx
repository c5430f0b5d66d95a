import type { Metadata } from "next";
import { CategoryMenu } from "@/components/catalog/CategoryMenu";
import { ProductListing } from "@/components/catalog/ProductListing";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import type { SearchParamsRecord } from "@/lib/catalog/filters";
import { listCategories, readShopFilters } from "@/lib/catalog";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { getSiteSettings } from "@/lib/platform/settings";
import { hasControlChars, SEARCH_CONTROL_MESSAGE, SEARCH_MIN_CHARS, SEARCH_MIN_MESSAGE } from "@/lib/catalog/options";

type Props = { searchParams: Promise<SearchParamsRecord> };

const queryOf = (params: SearchParamsRecord) => {
  const raw = params.query;
  return (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 100) ?? "";
};

/** Search text with control characters (a NUL byte, say) is no shopper's search: it is refused, not run or echoed. */
const shownQuery = (query: string) => (hasControlChars(query) ? "" : query);

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [query, settings] = await Promise.all([searchParams.then((params) => shownQuery(queryOf(params))), getSiteSettings()]);
  return pageMetadata({
    title: query ? `Search results for “${query}”` : "Search products",
    description: "Search curtains, blinds, wallpaper, bedding, cushions, rugs, linen and furniture.",
    path: "/search",
    image: brandShareImage(settings),
    siteName: settings.website_name || undefined,
    // Result pages are for shoppers, not for the index.
    noIndex: true,
  });
}

export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const asked = queryOf(params);
  const query = shownQuery(asked);
  const state = await readShopFilters(params);
  const categories = await listCategories();
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Search" }]} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl text-navy">{query ? <>Results for “{query}”</> : "Search products"}</h1>
        <CategoryMenu categories={categories} />
      </div>
      <form role="search" action="/search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="search-query" className="sr-only">
          Search products
        </label>
        <input id="search-query" name="query" type="search" defaultValue={query} placeholder="Search products" className="flex-1 rounded-full border border-ink/20 bg-white px-4 py-2" />
        <button type="submit" className="btn-primary py-2">
          Search
        </button>
      </form>
      <div className="mt-8">
        {query.length < SEARCH_MIN_CHARS ? (
          <p className="py-12 text-center text-lg">{query === asked ? SEARCH_MIN_MESSAGE : SEARCH_CONTROL_MESSAGE}</p>
        ) : (
          <ProductListing basePath="/search" state={state} name={query} extra={{ query }} />
        )}
      </div>
    </div>
  );
}
