import { describe, expect, it } from "vitest";
import {
  latest,
  parseSitemapId,
  SITEMAP_URL_LIMIT,
  sitemapChunk,
  sitemapCount,
  sitemapFilePath,
  sitemapIds,
  sitemapIndexXml,
  siteUrlOf,
  toSitemap,
  uniqueByPath,
  type SitemapEntry,
} from "./sitemap";

const entries = (n: number): SitemapEntry[] => Array.from({ length: n }, (_, i) => ({ path: `/products/p-${i}`, lastModified: new Date(Date.UTC(2026, 0, 1 + (i % 28))).toISOString() }));

describe("splitting into sitemaps", () => {
  it("uses the protocol limit of 50,000 URLs", () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
  });

  it("needs one sitemap up to the limit and one more per started block", () => {
    expect(sitemapCount(0)).toBe(1);
    expect(sitemapCount(1)).toBe(1);
    expect(sitemapCount(50_000)).toBe(1);
    expect(sitemapCount(50_001)).toBe(2);
    expect(sitemapCount(120_000)).toBe(3);
    expect(sitemapIds(120_000)).toEqual([{ id: 0 }, { id: 1 }, { id: 2 }]);
    expect(sitemapIds(3, 2)).toEqual([{ id: 0 }, { id: 1 }]);
  });

  it("gives each sitemap its own block, covering every entry exactly once", () => {
    const all = entries(7);
    const chunks = sitemapIds(all.length, 3).map(({ id }) => sitemapChunk(all, id, 3));
    expect(chunks.map((c) => c.length)).toEqual([3, 3, 1]);
    expect(chunks.flat()).toEqual(all);
  });

  it("reads the id Next passes (a string) and refuses anything outside the range", () => {
    expect(parseSitemapId("0", 1)).toBe(0);
    expect(parseSitemapId("2", 3)).toBe(2);
    expect(parseSitemapId(1, 2)).toBe(1);
    for (const bad of ["3", "-1", "1.5", "x", "", "0x1", "1e3"]) expect(parseSitemapId(bad, 3)).toBeNull();
    expect(parseSitemapId(undefined, 3)).toBeNull();
  });
});

describe("sitemap URLs", () => {
  it("joins paths to the site URL", () => {
    expect(siteUrlOf("https://kesarhome.in", "/")).toBe("https://kesarhome.in/");
    expect(siteUrlOf("https://kesarhome.in/", "/blogs")).toBe("https://kesarhome.in/blogs");
    expect(siteUrlOf("https://kesarhome.in", "faqs")).toBe("https://kesarhome.in/faqs");
    expect(sitemapFilePath(2)).toBe("/sitemaps/sitemap/2.xml");
  });

  it("maps entries to Next's sitemap shape, leaving lastModified out when unknown", () => {
    expect(toSitemap([{ path: "/" }, { path: "/blog/a", lastModified: "2026-03-01T00:00:00.000Z" }], "http://localhost:3000")).toEqual([
      { url: "http://localhost:3000/" },
      { url: "http://localhost:3000/blog/a", lastModified: "2026-03-01T00:00:00.000Z" },
    ]);
  });

  it("keeps the first entry of a repeated path", () => {
    expect(uniqueByPath([{ path: "/a" }, { path: "/b" }, { path: "/a", lastModified: "2026-01-01" }])).toEqual([{ path: "/a" }, { path: "/b" }]);
  });

  it("finds the latest date, skipping missing and invalid ones", () => {
    expect(latest(["2026-01-02T00:00:00.000Z", undefined, "2026-05-01T10:00:00.000Z", "nonsense", null, "2025-12-31T00:00:00.000Z"])).toBe("2026-05-01T10:00:00.000Z");
    expect(latest([])).toBeUndefined();
  });
});

describe("sitemap index", () => {
  it("lists one sitemap file per block with the latest change in it", () => {
    const all: SitemapEntry[] = [
      { path: "/" },
      { path: "/blog/a", lastModified: "2026-02-01T00:00:00.000Z" },
      { path: "/blog/b", lastModified: "2026-04-01T00:00:00.000Z" },
      { path: "/products" },
    ];
    const xml = sitemapIndexXml(all, "https://kesarhome.in", 2);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...xml.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?<\/sitemap>/g)].map((m) => [m[1], m[2]]);
    expect(files).toEqual([
      ["https://kesarhome.in/sitemaps/sitemap/0.xml", "2026-02-01T00:00:00.000Z"],
      ["https://kesarhome.in/sitemaps/sitemap/1.xml", "2026-04-01T00:00:00.000Z"],
    ]);
  });

  it("has one file for an empty or small site, and escapes the URLs", () => {
    const xml = sitemapIndexXml([], "https://example.com/shop&co");
    expect(xml.match(/<sitemap>/g)).toHaveLength(1);
    expect(xml).toContain("<loc>https://example.com/shop&amp;co/sitemaps/sitemap/0.xml</loc>");
    expect(xml).not.toContain("<lastmod>");
  });

  it("splits a large catalog into files of at most 50,000 URLs", () => {
    const xml = sitemapIndexXml(entries(100_001), "https://kesarhome.in");
    expect(xml.match(/<sitemap>/g)).toHaveLength(3);
    expect(xml).toContain("https://kesarhome.in/sitemaps/sitemap/2.xml");
  });
});
