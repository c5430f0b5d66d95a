import { getConfig } from "@/lib/platform/config";
import { sitemapIndexXml } from "@/lib/seo/sitemap";
import { listSitemapEntries } from "@/lib/seo";

/**
 * /sitemap.xml: the sitemap index. Next serves the split sitemaps of app/sitemaps/sitemap.ts at
 * /sitemaps/sitemap/{id}.xml and generates no index for them, so this route lists them.
 */
export const revalidate = 3600;

export async function GET(): Promise<Response> {
  const entries = await listSitemapEntries();
  return new Response(sitemapIndexXml(entries, getConfig().siteUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
