import type { MetadataRoute } from "next";

/** One URL of the sitemap: a site path and, when known, when its content last changed (ISO-8601). */
export type SitemapEntry = { path: string; lastModified?: string };

/** The sitemaps protocol allows at most 50,000 URLs per sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** Number of sitemap files needed for a number of URLs; always at least one. */
export function sitemapCount(total: number, limit = SITEMAP_URL_LIMIT): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / limit));
}

/** The ids for Next's generateSitemaps(): 0, 1, 2, ... */
export function sitemapIds(total: number, limit = SITEMAP_URL_LIMIT): { id: number }[] {
  return Array.from({ length: sitemapCount(total, limit) }, (_, id) => ({ id }));
}

/**
 * The sitemap id Next hands the sitemap function (a string), as a chunk index; null for anything
 * that is not a whole number inside the range.
 */
export function parseSitemapId(id: string | number | undefined, count: number): number | null {
  const text = String(id ?? "");
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n < count ? n : null;
}

/** The entries of sitemap number `id`. */
export function sitemapChunk<T>(entries: readonly T[], id: number, limit = SITEMAP_URL_LIMIT): T[] {
  return entries.slice(id * limit, (id + 1) * limit);
}

/** Absolute URL of a site path against the site's base URL (no trailing slash on the base). */
export function siteUrlOf(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return `${base}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** Entries in the shape a Next.js sitemap function returns. */
export function toSitemap(entries: readonly SitemapEntry[], baseUrl: string): MetadataRoute.Sitemap {
  return entries.map((e) => ({ url: siteUrlOf(baseUrl, e.path), ...(e.lastModified ? { lastModified: e.lastModified } : {}) }));
}

/** The latest of some ISO-8601 timestamps, or undefined when there is none. */
export function latest(dates: readonly (string | undefined | null)[]): string | undefined {
  let best: string | undefined;
  let bestTime = -Infinity;
  for (const d of dates) {
    if (!d) continue;
    const t = Date.parse(d);
    if (Number.isFinite(t) && t > bestTime) {
      bestTime = t;
      best = d;
    }
  }
  return best;
}

/**
 * Path of sitemap file number `id`. The split sitemaps come from app/sitemaps/sitemap.ts, which
 * Next serves at /sitemaps/sitemap/{id}.xml when it exports generateSitemaps. They cannot live in
 * app/sitemap.ts: Next maps that file to /sitemap.xml even when it is split, which collides with
 * the index route at /sitemap.xml ("Conflicting route and metadata at /sitemap.xml").
 */
export const sitemapFilePath = (id: number) => `/sitemaps/sitemap/${id}.xml`;

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

function w3cDate(iso: string): string | undefined {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
}

/**
 * The sitemap index served at /sitemap.xml: one <sitemap> per split file, each with the latest
 * change among its URLs.
 */
export function sitemapIndexXml(entries: readonly SitemapEntry[], baseUrl: string, limit = SITEMAP_URL_LIMIT): string {
  const files = sitemapIds(entries.length, limit).map(({ id }) => {
    const lastmod = latest(sitemapChunk(entries, id, limit).map((e) => e.lastModified));
    const date = lastmod ? w3cDate(lastmod) : undefined;
    return `<sitemap>\n<loc>${escapeXml(siteUrlOf(baseUrl, sitemapFilePath(id)))}</loc>\n${date ? `<lastmod>${date}</lastmod>\n` : ""}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join("\n")}\n</sitemapindex>\n`;
}

/** Keeps the first entry of each path, in order. */
export function uniqueByPath(entries: readonly SitemapEntry[]): SitemapEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => (seen.has(e.path) ? false : (seen.add(e.path), true)));
}

/** The storefront's fixed pages, in the order the sitemap lists them. */
export const STATIC_SITEMAP_PATHS = [
  "/",
  "/products",
  "/blogs",
  "/about-us",
  "/faqs",
  "/services",
  "/contact-us",
  "/gifting",
  "/bulk-deals",
  "/corporate",
  "/sitemap",
  "/terms-conditions",
  "/warranty-policy",
  "/shipping-policy",
  "/return-policy",
  "/privacy-policy",
] as const;

/**
 * First path segments served by the app's own routes. A CMS page with one of these slugs is
 * shadowed by that route, so it is never listed as /{slug}.
 */
export const RESERVED_TOP_SEGMENTS: ReadonlySet<string> = new Set([
  ...STATIC_SITEMAP_PATHS.map((p) => p.slice(1)).filter(Boolean),
  "search", "category", "blog", "api", "login", "registration", "forgot-password", "reset-password", "dashboard",
  "purchase-history", "order-details", "wishlists", "profile", "checkout", "payment-response",
  "admin", "media", "og", "sitemaps", "avatars", "cart", "payment",
]);
