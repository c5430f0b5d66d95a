import { cmsPagesInSitemap, storeApi } from "./api";
import { expect, TAG, test } from "./fixtures";

/** Every published product, post and category of the store, read through its API. */
async function published() {
  const [products, blogs, categories] = await Promise.all([storeApi.products(), storeApi.blogs(), storeApi.categories()]);
  return {
    products: products.map((p) => p.slug),
    blogs: blogs.map((b) => b.slug),
    categories: categories.flatMap((c) => [c.slug, ...c.subcategories.map((s) => s.slug)]),
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");

/** The sitemap's paths, each file checked on the way (status, type, a urlset of its own). */
async function sitemapFilePaths(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toContain("xml");
  const indexXml = await index.text();
  expect(indexXml).toContain("<sitemapindex");
  const files = locs(indexXml);
  expect(files.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const file of files) {
    // The index holds absolute URLs on SITE_URL; fetch them from the server under test.
    const { pathname } = new URL(file);
    expect(pathname).toMatch(/^\/sitemaps\/sitemap\/\d+\.xml$/);
    const res = await request.get(pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("xml");
    const xml = await res.text();
    expect(xml).toContain("<urlset");
    urls.push(...locs(xml));
  }
  return urls.map((u) => new URL(u).pathname);
}

test("/sitemap.xml is an index of sitemaps that list the store's pages", { tag: [TAG.readonly, TAG.desktop, TAG.alone] }, async ({ request }) => {
  // What the API lists and what the sitemap lists agree within the store's 5 seconds of a change
  // (a journey just before may have renamed or published a product): compared until they do.
  let paths: string[] = [];
  await expect
    .poll(
      async () => {
        const data = await published();
        paths = await sitemapFilePaths(request);
        expect(data.products.length * data.blogs.length * data.categories.length).toBeGreaterThan(0);
        const listed = new Set(paths);
        return {
          products: data.products.filter((slug) => !listed.has(`/products/${slug}`)),
          posts: data.blogs.filter((slug) => !listed.has(`/blog/${slug}`)),
          categories: data.categories.filter((slug) => !listed.has(`/category/${slug}`)),
        };
      },
      { timeout: 10_000, message: "missing from the sitemap" },
    )
    .toEqual({ products: [], posts: [], categories: [] });
  for (const p of ["/", "/products", "/blogs", "/about-us", "/faqs", "/privacy-policy"]) expect(paths, p).toContain(p);
  // The CMS pages: one-segment paths the pages API serves (the API does not list them all).
  expect((await cmsPagesInSitemap()).length).toBeGreaterThan(0);
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths.some((p) => p.startsWith("/api/"))).toBe(false);
});

test("/robots.txt allows crawling, keeps private paths out and points to the sitemap", { tag: [TAG.readonly, TAG.desktop] }, async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/User-Agent: \*/i);
  expect(text).toContain("Disallow: /api/");
  expect(text).toContain("Disallow: /checkout");
  expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});
