import http from "node:http";
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

/** The raw Content-Encoding and size of an answer, as a client that asks for `encoding` gets it. */
function rawGet(path: string, encoding: string): Promise<{ status: number; encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${inject("baseUrl")}${path}`, { headers: { "Accept-Encoding": encoding, "System-Key": inject("systemKey") } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], bytes }));
      })
      .on("error", reject);
  });
}

describe("compression by the store's server", () => {
  it("sends pages and API answers in brotli when the client takes it, gzip otherwise, plain when asked", async () => {
    for (const path of ["/about-us", "/api/v2/business-settings"]) {
      const br = await rawGet(path, "gzip, deflate, br");
      const gzip = await rawGet(path, "gzip");
      const plain = await rawGet(path, "identity");
      expect([br.status, gzip.status, plain.status]).toEqual([200, 200, 200]);
      expect(br.encoding, path).toBe("br");
      expect(gzip.encoding, path).toBe("gzip");
      expect(plain.encoding, path).toBeUndefined();
      expect(br.bytes).toBeLessThan(plain.bytes / 2);
    }
  });
});
