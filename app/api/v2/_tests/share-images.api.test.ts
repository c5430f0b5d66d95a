import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeTestDb, testDb } from "./client";

/**
 * What WhatsApp, Facebook and the like read from a shared link: every indexable page type's
 * og:image is a JPEG or PNG of at least 1200 × 630 pixels (as declared), under 300 KB, with its
 * alt text; product pages are og:type product with their price in INR.
 */

const base = () => inject("baseUrl");
/** WhatsApp's link-preview fetcher: Next writes the metadata into the head for it. */
const WHATSAPP = "WhatsApp/2.24.6.77 A";

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_m, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[name] ?? "");

/** The <meta property|name content> tags of the page's <head>, in order. */
async function headMeta(path: string): Promise<{ key: string; content: string }[]> {
  const res = await fetch(`${base()}${path}`, { headers: { "User-Agent": WHATSAPP } });
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<meta\s[^>]*>/g)].flatMap(([tag]) => {
    const attrs = Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, decodeEntities(value ?? "")]));
    const key = attrs.property ?? attrs.name;
    return key && attrs.content !== undefined ? [{ key, content: attrs.content }] : [];
  });
}

const all = (meta: { key: string; content: string }[], key: string) => meta.filter((m) => m.key === key).map((m) => m.content);
const one = (meta: { key: string; content: string }[], key: string) => {
  const found = all(meta, key);
  expect(found, key).toHaveLength(1);
  return found[0] ?? "";
};

/** The share image's URL on the server under test (og:image is absolute, on SITE_URL). */
const onServer = (url: string) => {
  const u = new URL(url);
  return `${base()}${u.pathname}${u.search}`;
};

type Real = { product: { slug: string; price: number; photo: string }; category: { slug: string; cover: string }; blog: { slug: string; banner: string }; cms: string };
let real: Real;

beforeAll(async () => {
  const { db } = await testDb();
  const product = await db
    .selectFrom("products as p")
    .innerJoin("product_photos as ph", "ph.product_id", "p.id")
    .select(["p.slug", "p.price", "ph.path"])
    .where("p.published", "=", 1)
    .orderBy("p.id")
    .orderBy("ph.sort_order")
    .orderBy("ph.id")
    .executeTakeFirstOrThrow();
  const category = await db.selectFrom("categories").select(["slug", "cover_image"]).where("cover_image", "like", "/media/%").orderBy("id").executeTakeFirstOrThrow();
  const blog = await db.selectFrom("blogs").select(["slug", "banner"]).where("published", "=", 1).where("banner", "like", "/media/%").orderBy("id").executeTakeFirstOrThrow();
  const cms = await db.selectFrom("cms_pages").select("slug").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  real = {
    product: { slug: product.slug, price: product.price, photo: product.path },
    category: { slug: category.slug, cover: category.cover_image ?? "" },
    blog: { slug: blog.slug, banner: blog.banner ?? "" },
    cms: cms.slug,
  };
});

afterAll(closeTestDb);

/** Every indexable page type, and the picture its share image is drawn from (a /media path, or the brand image). */
const pages = (): { path: string; drawnFrom: string; type: string }[] => [
  { path: "/", drawnFrom: "brand", type: "website" },
  { path: "/products", drawnFrom: "brand", type: "website" },
  { path: `/products/${real.product.slug}`, drawnFrom: real.product.photo, type: "product" },
  { path: `/category/${real.category.slug}`, drawnFrom: real.category.cover, type: "website" },
  { path: `/${real.cms}`, drawnFrom: "brand", type: "website" },
  { path: "/blogs", drawnFrom: "brand", type: "website" },
  { path: `/blog/${real.blog.slug}`, drawnFrom: real.blog.banner, type: "article" },
  { path: "/search?query=cotton", drawnFrom: "brand", type: "website" },
  ...["/about-us", "/faqs", "/services", "/contact-us", "/sitemap"].map((path) => ({ path, drawnFrom: "brand", type: "website" })),
  ...["/shipping-policy", "/warranty-policy", "/return-policy", "/privacy-policy", "/terms-conditions"].map((path) => ({ path, drawnFrom: "brand", type: "website" })),
  { path: "/gifting", drawnFrom: "/media/sliders/festive-edit.webp", type: "website" },
  { path: "/bulk-deals", drawnFrom: "/media/categories/bedding.webp", type: "website" },
  { path: "/corporate", drawnFrom: "/media/sliders/sheesham-furniture.webp", type: "website" },
];

describe("the og:image of every page type", () => {
  it("is a JPEG or PNG of the declared size, at least 1200 × 630, under 300 KB, with alt text", async () => {
    const checked = new Map<string, { width: number; height: number }>();
    for (const page of pages()) {
      const meta = await headMeta(page.path);
      const url = one(meta, "og:image");
      const declared = { type: one(meta, "og:image:type"), width: Number(one(meta, "og:image:width")), height: Number(one(meta, "og:image:height")) };
      expect(declared.type, page.path).toMatch(/^image\/(jpeg|png)$/);
      expect(declared.width, page.path).toBeGreaterThanOrEqual(1200);
      expect(declared.height, page.path).toBeGreaterThanOrEqual(630);
      expect(one(meta, "og:image:alt").length, page.path).toBeGreaterThan(3);
      expect(one(meta, "twitter:image"), page.path).toBe(url);
      expect(one(meta, "twitter:card"), page.path).toBe("summary_large_image");
      expect(one(meta, "og:type"), page.path).toBe(page.type);
      // Drawn from the page's own photo, or the brand image.
      const { pathname } = new URL(url);
      expect(pathname, page.path).toBe(page.drawnFrom === "brand" ? "/og/brand.jpg" : `/og/${page.drawnFrom.slice("/media/".length)}.jpg`);

      const seen = checked.get(url);
      if (seen) {
        expect(seen, page.path).toEqual({ width: declared.width, height: declared.height });
        continue;
      }
      const res = await fetch(onServer(url), { headers: { "User-Agent": WHATSAPP } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type"), url).toBe(declared.type);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length, url).toBeLessThan(300_000);
      const pixels = await sharp(bytes).metadata();
      expect({ format: pixels.format, width: pixels.width, height: pixels.height }, url).toEqual({ format: declared.type === "image/png" ? "png" : "jpeg", width: declared.width, height: declared.height });
      checked.set(url, { width: declared.width, height: declared.height });
    }
    // One brand image shared by the pages without a photo, one per photo otherwise.
    expect(checked.size).toBe(1 + new Set(pages().map((p) => p.drawnFrom).filter((d) => d !== "brand")).size);
  });

  it("is kept for a year at its versioned URL, and a repeat costs a 304", async () => {
    for (const path of ["/", `/products/${real.product.slug}`]) {
      const url = onServer(one(await headMeta(path), "og:image"));
      const first = await fetch(url);
      expect(first.headers.get("cache-control"), path).toBe("public, max-age=31536000, immutable");
      const etag = first.headers.get("etag") ?? "";
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = await fetch(url, { headers: { "If-None-Match": etag } });
      expect(again.status, path).toBe(304);
      // An old link (another v) still gets today's picture, but only for a short while.
      const old = await fetch(url.replace(/\?v=[\w-]+$/, "?v=old"));
      expect(old.status).toBe(200);
      expect(old.headers.get("cache-control"), path).toMatch(/^public, max-age=0, s-maxage=\d+/);
    }
  });

  it("is only ever drawn from a picture under /media", async () => {
    for (const path of ["/og/products/not-a-product.webp.jpg", "/og/products/x.webp", "/og/..%2F..%2Fpackage.json.jpg", "/og/brand/logo-header.svg.jpg"]) {
      expect((await fetch(`${base()}${path}`)).status, path).toBe(404);
    }
  });
});

describe("a product page", () => {
  it("says og:type product with its selling price in INR", async () => {
    const meta = await headMeta(`/products/${real.product.slug}`);
    expect(all(meta, "og:type")).toEqual(["product"]);
    expect(one(meta, "product:price:amount")).toBe((real.product.price / 100).toFixed(2));
    expect(one(meta, "product:price:currency")).toBe("INR");
    expect(one(meta, "product:availability")).toMatch(/^(in stock|out of stock|available for order)$/);
  });
});
