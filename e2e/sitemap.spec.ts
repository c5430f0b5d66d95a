import { expect, test } from "@playwright/test";
import path from "node:path";
import { openDatabase } from "../lib/db/connection";
import { ROOT } from "../scripts/lib/build";

/** A published product, post and CMS page of the seeded database. */
async function seeded() {
  const handle = await openDatabase({ dialect: "sqlite", file: path.join(ROOT, "data", "e2e.db") });
  try {
    const { db } = handle;
    const [product, blog, cms, category] = await Promise.all([
      db.selectFrom("products").select("slug").where("published", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow(),
      db.selectFrom("blogs").select("slug").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow(),
      db.selectFrom("cms_pages").select("slug").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow(),
      db.selectFrom("categories").select("slug").orderBy("id").executeTakeFirstOrThrow(),
    ]);
    return { product: product.slug, blog: blog.slug, cms: cms.slug, category: category.slug };
  } finally {
    await handle.close();
  }
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");

test("/sitemap.xml is an index of sitemaps that list the store's pages", async ({ request }) => {
  const data = await seeded();
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

  const paths = urls.map((u) => new URL(u).pathname);
  for (const p of ["/", "/products", "/blogs", "/about-us", "/faqs", "/privacy-policy", `/products/${data.product}`, `/blog/${data.blog}`, `/category/${data.category}`, `/${data.cms}`]) {
    expect(paths, p).toContain(p);
  }
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths.some((p) => p.startsWith("/api/"))).toBe(false);
});

test("/robots.txt allows crawling, keeps private paths out and points to the sitemap", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/User-Agent: \*/i);
  expect(text).toContain("Disallow: /api/");
  expect(text).toContain("Disallow: /checkout");
  expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});
