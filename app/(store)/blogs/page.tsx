import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BlogCard } from "@/components/blog/BlogCard";
import { Pagination } from "@/components/catalog/Pagination";
import { JsonLd } from "@/components/seo/JsonLd";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import type { SearchParamsRecord } from "@/lib/catalog/filters";
import { breadcrumbJsonLd, itemListJsonLd } from "@/lib/seo/jsonld";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { listBlogs } from "@/lib/content";
import { getSiteSettings } from "@/lib/platform/settings";


/** Three rows of three cards. */
const PER_PAGE = 9;

type Props = { searchParams: Promise<SearchParamsRecord> };

/** ?page=N as a page number; anything that is not a whole number from 1 up reads as page 1. */
function pageOf(params: SearchParamsRecord): number {
  const raw = params.page;
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

const pageHref = (page: number) => (page > 1 ? `/blogs?page=${page}` : "/blogs");

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const page = pageOf(await searchParams);
  const settings = await getSiteSettings();
  const site = settings.website_name;
  const suffix = page > 1 ? ` – Page ${page}` : "";
  return pageMetadata({
    title: `Blog${suffix}${site ? ` | ${site}` : ""}`,
    description: `Ideas, guides and care tips for Indian homes from ${site || "our studio"}: curtains, bedding, rugs, wallpaper, furniture and festive styling.`,
    path: pageHref(page),
    image: brandShareImage(settings),
    siteName: site || undefined,
  });
}

/** Rendered per request (it reads ?page=) from cached reads, in one piece. */
export default async function BlogsPage({ searchParams }: Props) {
  const page = pageOf(await searchParams);
  const blogs = await listBlogs(page, PER_PAGE);
  if (page > blogs.lastPage) notFound();
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Blog" }]} />
      <h1 className="mt-4 text-4xl text-navy">Blog</h1>
      {blogs.items.length ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {blogs.items.map((post, i) => (
            <li key={post.id}>
              <BlogCard post={post} priority={i < 3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-16 text-center text-lg">No article found</p>
      )}
      <Pagination page={blogs.page} lastPage={blogs.lastPage} href={pageHref} />
      <JsonLd
        data={[
          breadcrumbJsonLd([
            { name: "Home", path: "/" },
            { name: "Blog", path: "/blogs" },
          ]),
          itemListJsonLd(blogs.items.map((post) => ({ name: post.title, url: `/blog/${post.slug}` }))),
        ]}
      />
    </div>
  );
}
