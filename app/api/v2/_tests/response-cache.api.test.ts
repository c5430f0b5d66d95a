import { afterAll, describe, expect, inject, it } from "vitest";
import { api, closeTestDb, testDb, type Json } from "./client";

afterAll(closeTestDb);

/** The server in front of Next (scripts/server.ts) keeps public API reads for a few seconds. */
describe("API response cache of the store's server", () => {
  it("answers a repeated search from the cache with the same JSON, and a no-cache request through Next", async () => {
    const path = "/products/search?name=cotton&per_page=5";
    const first = await api(path);
    expect(first.status).toBe(200);
    const second = await api(path);
    expect(second.headers.get("x-api-cache")).toBe("HIT");
    expect(second.json).toEqual(first.json);
    const fresh = await api(path, { headers: { "Cache-Control": "no-cache" } });
    expect(fresh.headers.get("x-api-cache")).toBe("MISS");
    expect(fresh.json).toEqual(first.json);
  });

  it("never serves a cached answer to a request without the right System-Key", async () => {
    const path = "/categories";
    expect((await api(path)).status).toBe(200);
    expect((await api(path)).headers.get("x-api-cache")).toBe("HIT");
    const keyless = await api(path, { key: null });
    expect(keyless.status).toBe(403);
    expect(keyless.headers.get("x-api-cache")).toBeNull();
    expect((await api(path, { key: "not-the-system-key" })).status).toBe(403);
  });

  it("shows a catalog change made through the API in the very next search", async () => {
    const { db } = await testDb();
    const product = await db.selectFrom("products").select(["slug", "name"]).where("published", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    const path = `/products/search?name=${encodeURIComponent("Marigold Evening")}`;
    expect(((await api(path)).json.data as Json[]).length).toBe(0);
    expect((await api(path)).headers.get("x-api-cache")).toBe("HIT");

    const res = await api(`/admin/products/${product.slug}`, {
      method: "PATCH",
      body: JSON.stringify({ name: "Marigold Evening Throw" }),
      headers: { "Admin-Key": inject("adminKey") },
    });
    expect(res.status).toBe(200);

    const after = await api(path);
    expect(after.headers.get("x-api-cache")).toBe("MISS");
    expect((after.json.data as Json[]).map((p) => p.name)).toContain("Marigold Evening Throw");
  });

  it("does not cache per-request answers such as errors", async () => {
    const path = "/sub-categories/99999";
    const first = await api(path);
    expect(first.status).toBe(404);
    expect((await api(path)).headers.get("x-api-cache")).toBe("MISS");
  });
});
