import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { pageMetadata } from "@/lib/seo/metadata";
import { brandShareImage } from "@/lib/seo/share-image";
import { listCategories } from "@/lib/catalog";
import { getSiteSettings } from "@/lib/platform/settings";
import { listSitemapEntries, type SitemapEntry } from "@/lib/seo";

export const revalidate = 3600;

export async function generateMetadata(): Promise<Metadata> {
  const s = await getSiteSettings();
  return pageMetadata({
    title: "Sitemap",
    description: `Every page of ${s.website_name || "our store"} in one place: shop pages, categories, products, articles and our policies.`,
    path: "/sitemap",
    image: brandShareImage(s),
    siteName: s.website_name,
  });
}

/** Names of the fixed pages; other paths are named from their last segment. */
const PAGE_NAMES: Record<string, string> = {
  "/": "Home",
  "/products": "All Products",
  "/blogs": "Blog",
  "/about-us": "About Us",
  "/faqs": "FAQs",
  "/services": "Services",
  "/contact-us": "Contact Us",
  "/gifting": "Gifting",
  "/bulk-deals": "Bulk Deals",
  "/corporate": "Corporate",
  "/sitemap": "Sitemap",
  "/terms-conditions": "Terms & Conditions",
  "/warranty-policy": "Warranty Policy",
  "/shipping-policy": "Shipping Policy",
  "/return-policy": "Return Policy",
  "/privacy-policy": "Privacy Policy",
};

function nameOf(path: string, known: Map<string, string>): string {
  const name = PAGE_NAMES[path] ?? known.get(path);
  if (name) return name;
  const slug = path.split("/").filter(Boolean).pop() ?? path;
  const words = slug.split("-").filter(Boolean).join(" ");
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : path;
}

type Group = { id: string; title: string; entries: SitemapEntry[] };

/** Groups the sitemap's paths by the kind of page they lead to. */
function groupEntries(entries: SitemapEntry[]): Group[] {
  const pages: Group = { id: "sitemap-pages", title: "Pages", entries: [] };
  const categories: Group = { id: "sitemap-categories", title: "Categories", entries: [] };
  const products: Group = { id: "sitemap-products", title: "Products", entries: [] };
  const articles: Group = { id: "sitemap-articles", title: "Articles", entries: [] };
  for (const entry of entries) {
    if (entry.path.startsWith("/category/")) categories.entries.push(entry);
    else if (entry.path.startsWith("/products/")) products.entries.push(entry);
    else if (entry.path.startsWith("/blog/")) articles.entries.push(entry);
    else pages.entries.push(entry);
  }
  const groups = [pages, categories, products, articles];
  return groups.filter((g) => g.entries.length > 0);
}

/**
 * The human sitemap. Its paths come from listSitemapEntries(), the same list that /sitemap.xml
 * (a sitemap index) and its files under /sitemaps/ are written from.
 */
export default async function SitemapPage() {
  const [entries, categories] = await Promise.all([listSitemapEntries(), listCategories()]);
  const groups = groupEntries(entries);
  // Categories keep their own names ("Mats & Rugs"); other paths are named from their slug.
  const known = new Map(categories.flatMap((c) => [c, ...c.subcategories]).map((c) => [`/category/${c.slug}`, c.name]));
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Sitemap" }]} />
      <h1 className="mt-4 text-4xl text-navy">Sitemap</h1>
      <p className="mt-3 max-w-2xl text-ink/80">Every page of our store in one place. Search engines read the same list from our XML sitemap.</p>
      <nav aria-label="Sitemap sections" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {groups.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`} className="inline-block rounded-full border border-saffron/40 px-4 py-1.5 hover:bg-saffron hover:text-white">
                {g.title} ({g.entries.length})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((g) => (
        <section key={g.id} id={g.id} aria-labelledby={`${g.id}-title`} className="mt-10 scroll-mt-24">
          <h2 id={`${g.id}-title`} className="text-2xl text-navy">
            {g.title}
          </h2>
          <ul className="mt-4 grid gap-x-8 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            {g.entries.map((e) => (
              <li key={e.path} className="min-w-0">
                <Link href={e.path} prefetch={false} className="group block truncate hover:text-saffron-dark">
                  <span className="underline-offset-2 group-hover:underline">{nameOf(e.path, known)}</span>
                  <span className="ml-2 font-mono text-xs text-ink/70">{e.path}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
