/**
 * What GET /api/v2/products/search adds to `meta` for a search by words (docs/api-v2.md): facet
 * counts, corrections, the word left out, matching categories, and for an empty result
 * suggestions and popular cards. Against the demo catalog, on whichever database the run uses.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { dropTestProducts, makeProduct } from "./cart-client";
import { api, type ApiAnswer, closeTestDb, eventually, type Json } from "./client";

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

const search = async (query: string) => {
  const res = await api(`/products/search?${query}`);
  expect(res.status, query).toBe(200);
  return res.json as { data: Json[]; meta: Json };
};

/** Each value's count of one attribute's facet, by value. */
const countsOf = (meta: Json, attribute: string): Record<string, number> =>
  Object.fromEntries((meta.facets.attributes as Json[]).find((a) => a.name === attribute).values.map((v: Json) => [v.value, v.count]));

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe("the search's meta", () => {
  it("has the paging fields and the facets for a list without words, counted as its filters give", async () => {
    const { meta } = await search("per_page=2");
    expect(Object.keys(meta).sort()).toEqual(["current_page", "facets", "last_page", "per_page", "total"]);
    // The counts come from the search index, the list from the database; another test file's
    // product saved in between may be counted by one and not yet the other, and one deleted
    // straight from the database (a test's clean-up, which no look sees) stays in the index
    // until its ten-second check, whose rebuild then expires the cached list: asked again, for up
    // to 25 seconds.
    const consistent = async () => {
      const all = (await search("category=curtains&per_page=1")).meta;
      const materials = Object.entries(countsOf(all, "Material")).filter(([, n]) => n > 0);
      const problems: string[] = [];
      if (sum(all.facets.availability) !== all.total) problems.push(`availability counts ${sum(all.facets.availability)} of ${all.total}`);
      if (sum(all.facets.price) !== all.total) problems.push(`price counts ${sum(all.facets.price)} of ${all.total}`);
      if (!materials.length) problems.push("no material counted");
      for (const [value, count] of materials.slice(0, 2)) {
        const filtered = (await search(`category=curtains&per_page=1&material=${encodeURIComponent(value)}`)).meta;
        if (filtered.total !== count) problems.push(`${value}: counted ${count}, listed ${filtered.total}`);
        if (sum(filtered.facets.availability) !== filtered.total) problems.push(`${value}: availability counts ${sum(filtered.facets.availability)} of ${filtered.total}`);
      }
      return problems;
    };
    let problems = await consistent();
    for (const deadline = Date.now() + 25_000; problems.length && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      problems = await consistent();
    }
    expect(problems).toEqual([]);
  }, 40_000);

  it("has every field for a search that found something as typed", async () => {
    const { data, meta } = await search("name=velvet&per_page=4");
    expect(data.length).toBeGreaterThan(0);
    expect(meta).toMatchObject({ current_page: 1, per_page: 4, corrections: [], unmatched: null, suggestions: [], popular: [] });
    expect(Object.keys(meta.facets.availability).sort()).toEqual(["in_stock", "made_to_order", "out_of_stock"]);
    expect(Object.keys(meta.facets.price).sort()).toEqual(["10000_20000", "20000_30000", "above_30000", "under_10000"].sort());
    const material = (meta.facets.attributes as Json[]).find((a) => a.key === "material");
    expect(material).toMatchObject({ name: "Material", key: "material" });
    expect(material.values).toContainEqual({ value: "Velvet", count: expect.any(Number) });
    // With no filter in force, each facet partitions the results.
    expect(sum(meta.facets.availability)).toBe(meta.total);
    expect(sum(meta.facets.price)).toBe(meta.total);
  });

  it("counts what each filter value would give with the other filters in force", async () => {
    const all = (await search("name=curtain&per_page=1")).meta;
    const materials = Object.entries(countsOf(all, "Material")).filter(([, n]) => n > 0);
    expect(materials.length).toBeGreaterThan(1);
    // A value's count is what choosing it gives.
    for (const [value, count] of materials.slice(0, 3)) {
      expect((await search(`name=curtain&per_page=1&material=${encodeURIComponent(value)}`)).meta.total, value).toBe(count);
    }
    // With a material chosen: its own facet still counts every material (a value replaces the
    // choice); the others count within the chosen material.
    const [chosen, chosenCount] = materials[0] as [string, number];
    const filtered = (await search(`name=curtain&per_page=1&material=${encodeURIComponent(chosen)}`)).meta;
    expect(filtered.total).toBe(chosenCount);
    expect(countsOf(filtered, "Material")).toEqual(countsOf(all, "Material"));
    expect(sum(filtered.facets.availability)).toBe(chosenCount);
    expect(sum(filtered.facets.price)).toBe(chosenCount);
    for (const [range, count] of Object.entries(filtered.facets.price as Record<string, number>).filter(([, n]) => n > 0)) {
      expect((await search(`name=curtain&per_page=1&material=${encodeURIComponent(chosen)}&price=${range}`)).meta.total, range).toBe(count);
    }
    // And an availability chosen leaves its own counts as they were, narrowing the material's.
    const [availability] = Object.entries(filtered.facets.availability as Record<string, number>).find(([, n]) => n > 0) as [string, number];
    const both = (await search(`name=curtain&per_page=1&material=${encodeURIComponent(chosen)}&availability=${availability}`)).meta;
    expect(both.facets.availability).toEqual(filtered.facets.availability);
    expect(countsOf(both, "Material")[chosen]).toBe(both.total);
  });

  it("says in Server-Timing where a search by words spent its time, and a cached list says nothing", async () => {
    const res = await api("/products/search?name=velvet&per_page=4");
    const timing = res.headers.get("server-timing") ?? "";
    const parts = Object.fromEntries(timing.split(",").map((p) => [p.trim().split(";")[0], Number(/dur=([\d.]+)/.exec(p)?.[1])]));
    expect(Object.keys(parts)).toEqual(["index", "page", "total"]);
    // The built server answers searches on its search thread (lib/catalog/server/search-thread.ts).
    expect(timing).toContain('desc="search index (search thread)"');
    for (const ms of Object.values(parts)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(parts.total).toBeGreaterThanOrEqual((parts.index as number) + (parts.page as number) - 0.02);
    expect((await api("/products/search?per_page=4")).headers.get("server-timing")).toBeNull();
  });

  it("answers a search whose cards it keeps wholly from the search thread, with the same answer the main thread gave, and a price change within seconds", async () => {
    const product = await makeProduct({ price: 250_000, name: "Quetzal Thread Curtain" });
    const path = "/products/search?name=quetzal&per_page=6";
    const found = async () => (await api(path)).json.data as Json[];
    // The first answer that has the new product read its card on the main thread, which built the
    // page and kept the card on both threads; from then on the search thread writes the answer:
    // the same bytes, the same ETag and Cache-Control.
    const seen: { last: ApiAnswer | null } = { last: null };
    expect(await eventually(async () => ((seen.last = await api(path)).json.data as Json[]).some((c) => c.slug === product.slug))).toBe(true);
    const first = seen.last as ApiAnswer;
    expect(first.headers.get("server-timing")).toContain('desc="cards and notes (main thread)"');
    const second = await api(path);
    expect(second.headers.get("server-timing")).toContain('desc="cards and notes (search thread)"');
    expect(second.text).toBe(first.text);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    expect(second.headers.get("vary")).toBe(first.headers.get("vary"));
    expect(second.json.data).toEqual([expect.objectContaining({ slug: product.slug, name: "Quetzal Thread Curtain", main_price: 2500 })]);
    expect(second.json.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 6, total: 1, corrections: [], unmatched: null, suggestions: [], popular: [] });
    // If-None-Match with that ETag: 304, as for any answer the caches keep.
    expect((await api(path, { headers: { "If-None-Match": second.headers.get("etag") as string } })).status).toBe(304);

    // A price change reaches the search thread's answer within seconds.
    const changed = await api(`/admin/products/${product.slug}`, { method: "PATCH", body: JSON.stringify({ main_price: 2399, stocked_price: 2500 }), token: inject("adminToken") });
    expect(changed.status, changed.text).toBe(200);
    expect(await eventually(async () => (await found())[0]?.main_price === 2399)).toBe(true);
    const after = await api(path);
    expect(after.headers.get("server-timing")).toContain('desc="cards and notes (search thread)"');
    expect(after.json.data[0]).toMatchObject({ main_price: 2399, stocked_price: 2500, discount: 4 });
  });

  it("reads a typo as the word the catalog has and says so", async () => {
    const { data, meta } = await search("name=curtian&per_page=12");
    expect(meta.corrections).toEqual([{ from: "curtian", to: "curtain" }]);
    expect(meta.total).toBeGreaterThan(0);
    expect(data.length).toBeGreaterThan(0);
    expect(data[0].name.toLowerCase()).toContain("curtain");
  });

  it("leaves out the one word no product has when nothing has them all", async () => {
    const { data, meta } = await search(`name=${encodeURIComponent("zzqx velvet curtain")}&per_page=48`);
    expect(meta.unmatched).toBe("zzqx");
    expect(meta.total).toBeGreaterThan(0);
    for (const p of data) expect(p.name.toLowerCase()).toMatch(/velvet|curtain/);
  });

  it("suggests queries that find something and shows popular products when nothing is found", async () => {
    const { data, meta } = await search("name=cotxnn");
    expect(data).toEqual([]);
    expect(meta.total).toBe(0);
    expect(meta.suggestions).toContain("cotton");
    expect(meta.popular.length).toBeGreaterThan(0);
    expect(meta.popular.length).toBeLessThanOrEqual(8);
    for (const card of meta.popular) {
      expect(card).toMatchObject({ id: expect.any(Number), slug: expect.any(String), name: expect.any(String), main_price: expect.any(Number), currency: "INR" });
      // What can be bought.
      expect(card.availability).toBe("in_stock");
    }
    for (const suggestion of meta.suggestions) expect((await search(`name=${encodeURIComponent(suggestion)}&per_page=1`)).meta.total, suggestion).toBeGreaterThan(0);
  });

  it("names up to 3 categories whose names match what is typed", async () => {
    const { meta } = await search("name=bed&per_page=1");
    const categories = meta.categories as { name: string; slug: string }[];
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.length).toBeLessThanOrEqual(3);
    // A whole word first (Beds), then names that start with it (Bedding, Bedsheets).
    expect(categories[0]).toEqual({ name: "Beds", slug: "beds" });
    for (const c of categories) expect(c.name).toMatch(/\bbed/i);
    const slugs = categories.map((c) => c.slug);
    expect(slugs).toContain("bedding");
    for (const c of categories) expect((await api(`/products/search?category=${c.slug}&per_page=1`)).status).toBe(200);
    expect((await search(`name=${encodeURIComponent("velvet cur")}&per_page=1`)).meta.categories).toEqual([{ name: "Velvet Curtains", slug: "velvet-curtains" }]);
    expect((await search("name=cotxnn&per_page=1")).meta.categories).toEqual([]);
  });
});
