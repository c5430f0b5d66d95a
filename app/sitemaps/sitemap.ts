import type { MetadataRoute } from "next";
import { getConfig } from "@/lib/platform/config";
import { parseSitemapId, sitemapChunk, sitemapCount, sitemapIds, toSitemap } from "@/lib/seo/sitemap";
import { listSitemapEntries } from "@/lib/seo";

/**
 * The sitemap, split into files of at most 50,000 URLs, served by Next at /sitemaps/sitemap/0.xml,
 * /sitemaps/sitemap/1.xml, ... The entry point for crawlers is the index at /sitemap.xml
 * (app/sitemap.xml/route.ts), which lists these files; robots.txt points to it. (This file is not
 * app/sitemap.ts because Next maps that to /sitemap.xml even when split, colliding with the index.)
 */
// Rendered per request from listSitemapEntries' tagged cached read (as the /sitemap page is): the
// hourly ISR copy of a file kept a renamed product's old address after its tag expired (the
// journeys compare the two), and rendering the XML from the cached entries costs little.
export const dynamic = "force-dynamic";

export async function generateSitemaps(): Promise<{ id: number }[]> {
  const entries = await listSitemapEntries();
  return sitemapIds(entries.length);
}

export default async function sitemap(props: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const entries = await listSitemapEntries();
  const id = parseSitemapId(await props.id, sitemapCount(entries.length));
  if (id === null) return [];
  return toSitemap(sitemapChunk(entries, id), getConfig().siteUrl);
}
