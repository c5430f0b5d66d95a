import type { Metadata } from "next";
import Image from "next/image";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { ProductListing } from "@/components/catalog/ProductListing";
import { JsonLd } from "@/components/seo/JsonLd";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { hasActiveFilters, type SearchParamsRecord } from "@/lib/catalog/filters";
import { findCategoryRedirect, getCategoryBySlug, readShopFilters } from "@/lib/catalog";
import { breadcrumbJsonLd } from "@/lib/seo/jsonld";
import { pageMetadata } from "@/lib/seo/metadata";
import { shareImageFor } from "@/lib/seo/share-image";
import { getSiteSettings } from "@/lib/platform/settings";
import { slugParam } from "@/lib/platform/fields";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<SearchParamsRecord> };

async function load(slug: string) {
  return slugParam.safeParse(slug).success ? getCategoryBySlug(slug) : null;
}

/** A slug the category had before (renamed in the back office) answers a permanent redirect to its slug of today, the filters kept. */
async function redirectFromOldSlug(slug: string, params: SearchParamsRecord): Promise<void> {
  if (!slugParam.safeParse(slug).success) return;
  const current = await findCategoryRedirect(slug);
  if (!current || current === slug) return;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, v);
  const rest = query.toString();
  permanentRedirect(`/category/${current}${rest ? `?${rest}` : ""}`);
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const category = await load(slug);
  if (!category) {
    await redirectFromOldSlug(slug, await searchParams);
    return { title: "Category not found", robots: { index: false } };
  }
  const [state, settings] = await Promise.all([searchParams.then(readShopFilters), getSiteSettings()]);
  return pageMetadata({
    title: category.metaTitle || `${category.name}${category.parent ? ` – ${category.parent.name}` : ""}`,
    description: category.metaDescription || category.description || `Shop ${category.name} online.`,
    path: `/category/${category.slug}${!hasActiveFilters(state) && state.page > 1 ? `?page=${state.page}` : ""}`,
    image: shareImageFor(settings, { path: category.coverImage, alt: category.name }),
    siteName: settings.website_name || undefined,
  });
}

/** The category page: banner, subcategories and the category's products with the filter bar. */
export default async function CategoryPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const category = await load(slug);
  if (!category) {
    await redirectFromOldSlug(slug, await searchParams);
    notFound();
  }
  const state = await readShopFilters(await searchParams);
  const crumbs = [
    { name: "Home", path: "/" },
    ...(category.parent ? [{ name: category.parent.name, path: `/category/${category.parent.slug}` }] : []),
    { name: category.name, path: `/category/${category.slug}` },
  ];
  return (
    <>
      <section className="relative isolate overflow-hidden bg-navy text-white">
        {category.coverImage ? <Image src={category.coverImage} alt="" fill priority sizes="100vw" className="-z-10 object-cover opacity-40" /> : null}
        <div className="container-page py-16 md:py-24">
          <h1 className="text-4xl md:text-5xl">{category.name}</h1>
          {category.description ? <p className="mt-4 max-w-2xl text-lg text-white/90">{category.description}</p> : null}
        </div>
      </section>
      <div className="container-page py-10">
        <Breadcrumb items={crumbs.map((c) => ({ name: c.name, href: c.path }))} />
        {category.subcategories.length ? (
          <nav aria-label={`${category.name} collections`} className="mt-6">
            <ul className="flex flex-wrap gap-2">
              {category.subcategories.map((s) => (
                <li key={s.id}>
                  <Link href={`/category/${s.slug}`} className="inline-block rounded-full border border-ink/20 bg-white px-4 py-2 text-sm font-medium hover:border-saffron hover:text-saffron-dark">
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="mt-8">
          <ProductListing basePath={`/category/${category.slug}`} state={state} category={category.slug} />
        </div>
        <JsonLd data={breadcrumbJsonLd(crumbs)} />
      </div>
    </>
  );
}
