import type { Metadata } from "next";
import { readShopFilters } from "@/lib/catalog";
import { ProductListing } from "@/components/catalog/ProductListing";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { filtersToQuery, hasActiveFilters, type SearchParamsRecord } from "@/lib/catalog/filters";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { getSiteSettings } from "@/lib/platform/settings";

type Props = { searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [state, settings] = await Promise.all([searchParams.then(readShopFilters), getSiteSettings()]);
  const suffix = state.page > 1 ? ` – Page ${state.page}` : "";
  return pageMetadata({
    title: `All Products${suffix}`,
    description: "Curtains, blinds, wallpaper, upholstery fabric, bedding, cushions, rugs, table and bath linen and furniture, made for Indian homes.",
    // Filtered views point to the plain list; pages of the plain list are their own canonical.
    path: `/products${hasActiveFilters(state) ? "" : filtersToQuery({ ...state, sort: undefined })}`,
    image: brandShareImage(settings),
    siteName: settings.website_name || undefined,
  });
}

/** Rendered per request from cached reads, in one piece, so the whole list is in the HTML. */
export default async function ProductsPage({ searchParams }: Props) {
  const state = await readShopFilters(await searchParams);
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Products" }]} />
      <h1 className="mt-4 text-4xl text-navy">All Products</h1>
      <div className="mt-8">
        <ProductListing basePath="/products" state={state} />
      </div>
    </div>
  );
}
