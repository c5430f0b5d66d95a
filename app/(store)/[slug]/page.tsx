import type { Metadata } from "next";
import { readShopFilters } from "@/lib/catalog";
import { notFound, permanentRedirect } from "next/navigation";
import { ProductListing } from "@/components/catalog/ProductListing";
import { filtersToQuery, hasActiveFilters, type SearchParamsRecord } from "@/lib/catalog/filters";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { PreviewBar } from "@/components/content/PreviewBar";
import { findContentRedirect, getCategorySlugById, getCmsPage, getCmsPagePreview } from "@/lib/content";
import { htmlToText } from "@/lib/platform/html";
import { getSiteSettings } from "@/lib/platform/settings";
import { isSlug } from "@/lib/platform/slug";
import { previewing } from "../_lib/preview";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<SearchParamsRecord> };

// No revalidate/generateStaticParams: the page reads its filters and ?page= from the URL, so it
// renders per request (in one piece) from cached reads; an ISR page may not read searchParams.

/** The CMS page for a route segment; anything that is not a well-formed slug never reaches the database. */
async function load(slug: string) {
  if (!isSlug(slug)) return null;
  if (await previewing()) return getCmsPagePreview(slug);
  const page = await getCmsPage(slug);
  return page ? { ...page, published: null } : null;
}

/** "Title | Site" → "Title – Page 2 | Site": later pages of the grid get their own title. */
function withPageNumber(title: string, page: number): string {
  if (page <= 1) return title;
  const cut = title.lastIndexOf(" | ");
  return cut > 0 ? `${title.slice(0, cut)} – Page ${page}${title.slice(cut)}` : `${title} – Page ${page}`;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const page = await load((await params).slug);
  if (!page) return { title: "Page not found.", robots: { index: false } };
  const [state, settings] = await Promise.all([searchParams.then(readShopFilters), getSiteSettings()]);
  return pageMetadata({
    title: withPageNumber(page.metaTitle, state.page),
    description: htmlToText(page.metaDescription) || page.shortDesc || page.title,
    // Filtered views point to the plain page; pages of the plain grid are their own canonical.
    path: `/${page.slug}${hasActiveFilters(state) ? "" : filtersToQuery({ ...state, sort: undefined })}`,
    image: brandShareImage(settings),
    siteName: settings.website_name || undefined,
  });
}

export default async function CmsPage({ params, searchParams }: Props) {
  const slug = (await params).slug;
  const page = await load(slug);
  if (!page) {
    // An old slug of a shown page answers a permanent redirect to its slug of today.
    const current = isSlug(slug) ? await findContentRedirect("page", slug) : null;
    if (current && current !== slug) permanentRedirect(`/${current}`);
    notFound();
  }
  const [state, category] = await Promise.all([
    searchParams.then(readShopFilters),
    page.categoryId ? getCategorySlugById(page.categoryId) : Promise.resolve(null),
  ]);
  return (
    <>
      {page.published !== null ? <PreviewBar state={page.published ? "published, as saved now" : "a draft, not published"} editHref={`/admin/content/pages/${page.id}`} /> : null}
      <div className="container-page py-10">
        <h1 className="text-4xl text-navy">{page.title}</h1>
        {page.shortDesc ? <p className="mt-3 max-w-3xl text-lg text-ink/75">{page.shortDesc}</p> : null}
        <div className="mt-8">
          <ProductListing basePath={`/${page.slug}`} state={state} category={category ?? undefined} columns={3} />
        </div>
        {page.content ? <div className="rich-text mt-14 max-w-4xl text-ink/90" dangerouslySetInnerHTML={{ __html: page.content }} /> : null}
      </div>
    </>
  );
}
