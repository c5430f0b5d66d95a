import "server-only";
import { getDb } from "@/lib/platform/db";
import { latest, RESERVED_TOP_SEGMENTS, STATIC_SITEMAP_PATHS, uniqueByPath, type SitemapEntry } from "../sitemap";
import { isSlug } from "@/lib/platform/slug";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { cachedRead } from "@/lib/platform/cache";
import { blogClock } from "@/lib/content";

export type { SitemapEntry } from "../sitemap";



type Row = { slug: string; updated_at: string };

/** Slug-addressed rows as entries; rows whose slug could not be a route are left out. */
const entriesOf = (rows: Row[], prefix: string): SitemapEntry[] =>
  rows.filter((r) => isSlug(r.slug)).map((r) => ({ path: `${prefix}${r.slug}`, lastModified: r.updated_at }));

/**
 * Every public URL of the store for the sitemap: the fixed pages, every category, every published
 * product, blog post and CMS page, each with its last change. Only slugs and timestamps are read,
 * but every row at once: the index and each sitemap file take this whole list and slice it. The
 * list is one data-cache entry, and Next does not cache an entry over 2 MB (about 20,000 URLs at
 * ~90 bytes each): past that size every regeneration of the index or of a sitemap file (hourly,
 * or after a catalog change) reads the four tables again.
 */
export async function listSitemapEntries(now = new Date()): Promise<SitemapEntry[]> {
  // A scheduled blog post is left out until its time (blogClock's cutoff keys the entry).
  const { cutoff } = await blogClock(now);
  return cachedRead("listSitemapEntries", [cutoff], [cacheTags.products, cacheTags.categories, cacheTags.blogs, cacheTags.pages], async () => {
    const { db } = await getDb();
    const [categories, products, blogs, pages] = await Promise.all([
      db.selectFrom("categories").select(["slug", "updated_at"]).orderBy("sort_order").orderBy("id").execute(),
      db.selectFrom("products").select(["slug", "updated_at"]).where("published", "=", 1).orderBy("id").execute(),
      cutoff === null
        ? Promise.resolve([])
        : db.selectFrom("blogs").select(["slug", "updated_at"]).where("published", "=", 1).where("published_at", "<=", cutoff).orderBy("published_at", "desc").orderBy("id", "desc").execute(),
      db.selectFrom("cms_pages").select(["slug", "updated_at"]).where("published", "=", 1).orderBy("id").execute(),
    ]);
    const categoryEntries = entriesOf(categories, "/category/");
    const productEntries = entriesOf(products, "/products/");
    const blogEntries = entriesOf(blogs, "/blog/");
    const pageEntries = entriesOf(pages.filter((p) => !RESERVED_TOP_SEGMENTS.has(p.slug)), "/");
    const changed: Partial<Record<(typeof STATIC_SITEMAP_PATHS)[number], string | undefined>> = {
      "/": latest([...categoryEntries, ...productEntries, ...blogEntries].map((e) => e.lastModified)),
      "/products": latest(productEntries.map((e) => e.lastModified)),
      "/blogs": latest(blogEntries.map((e) => e.lastModified)),
    };
    const staticEntries: SitemapEntry[] = STATIC_SITEMAP_PATHS.map((path) => {
      const lastModified = changed[path];
      return lastModified ? { path, lastModified } : { path };
    });
    return uniqueByPath([...staticEntries, ...categoryEntries, ...productEntries, ...blogEntries, ...pageEntries]);
  });
}
