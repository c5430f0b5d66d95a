import { describe, expect, it } from "vitest";
import { applyCachePolicy, CACHE_POLICIES, cacheControlOf, etagMatches, NO_STORE } from "./cache-policy";

const get = (headers: Record<string, string> = {}, method = "GET") => new Request("http://store.test/api/v2/categories", { method, headers });

describe("API v2 cache policy", () => {
  it("keeps every catalog answer at most a minute in a shared cache, reference data longer", () => {
    const worst = (kind: keyof typeof CACHE_POLICIES) => CACHE_POLICIES[kind].sMaxAge + CACHE_POLICIES[kind].staleWhileRevalidate;
    expect(worst("catalog")).toBeLessThanOrEqual(60);
    expect(worst("delivery")).toBeLessThanOrEqual(120);
    expect(CACHE_POLICIES.locations.sMaxAge).toBeGreaterThan(CACHE_POLICIES.taxonomy.sMaxAge);
    expect(cacheControlOf("catalog")).toBe("public, max-age=0, s-maxage=2, stale-while-revalidate=3");
  });

  it("makes a public 200 shareable, varying on System-Key, with a weak ETag", async () => {
    const res = await applyCachePolicy(get(), Response.json({ data: [1] }, { headers: { Vary: "Accept-Encoding" } }), "taxonomy");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(cacheControlOf("taxonomy"));
    expect(res.headers.get("vary")).toBe("Accept-Encoding, System-Key");
    expect(res.headers.get("etag")).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(await res.json()).toEqual({ data: [1] });
  });

  it("answers 304 without a body to a matching If-None-Match, strong or weak, with the same caching headers", async () => {
    const first = await applyCachePolicy(get(), Response.json({ data: [1] }), "content");
    const etag = first.headers.get("etag") ?? "";
    for (const sent of [etag, etag.replace(/^W\//, ""), `"other", ${etag}`, "*"]) {
      const again = await applyCachePolicy(get({ "If-None-Match": sent }), Response.json({ data: [1] }), "content");
      expect(again.status, sent).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(cacheControlOf("content"));
      expect(again.headers.get("vary")).toBe("System-Key");
    }
    const changed = await applyCachePolicy(get({ "If-None-Match": etag }), Response.json({ data: [2] }), "content");
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("keeps errors, writes, cookies, undeclared routes and answers the route made private out of shared caches", async () => {
    const cases: [Request, Response, keyof typeof CACHE_POLICIES | undefined][] = [
      [get(), Response.json({ result: false }, { status: 404 }), "catalog"],
      [get(), Response.json({ result: false }, { status: 422 }), "catalog"],
      [get({}, "POST"), Response.json({ result: true }), "catalog"],
      [get(), Response.json({ data: [] }, { headers: { "Set-Cookie": "a=b" } }), "catalog"],
      [get(), Response.json({ data: [] }, { headers: { "Cache-Control": "private, no-store" } }), "catalog"],
      [get(), Response.json({ data: [] }), undefined],
    ];
    for (const [request, response, kind] of cases) {
      const res = await applyCachePolicy(request, response, kind);
      expect(res.headers.get("cache-control")).toBe(NO_STORE);
      expect(res.headers.get("etag")).toBeNull();
    }
  });

  it("compares entity tags weakly", () => {
    expect(etagMatches(null, 'W/"a"')).toBe(false);
    expect(etagMatches('"b"', 'W/"a"')).toBe(false);
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches(' "x" , "a" ', 'W/"a"')).toBe(true);
  });
});
