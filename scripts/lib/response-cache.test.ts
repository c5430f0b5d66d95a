import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { preferredEncoding, ResponseCache } from "./response-cache";

const KEY = "test-system-key";
let clock = 1_000_000;
const cache = new ResponseCache({ ttlMs: 5000, systemKey: KEY, maxEntries: 3, now: () => clock });
let calls = 0;
let status = 200;
let server: http.Server;
let base = "";

/** Stands in for Next and its compressor: JSON naming how many times it was asked, brotli or gzip when accepted. */
function upstream(req: http.IncomingMessage, res: http.ServerResponse) {
  calls++;
  const body = Buffer.from(JSON.stringify({ call: calls, url: req.url, pad: "x".repeat(2000) }));
  if (req.method !== "GET") {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ result: status < 400 }));
    return;
  }
  const encoding = preferredEncoding(req);
  if (encoding !== "identity") {
    res.setHeader("content-encoding", encoding);
    res.writeHead(status, { "content-type": "application/json", vary: "Accept-Encoding" });
    res.write(encoding === "br" ? brotliCompressSync(body) : gzipSync(body));
    res.end();
  } else {
    res.statusCode = status;
    res.setHeader("content-type", "application/json");
    res.end(body.toString("utf8"), "utf8");
  }
}

async function get(path: string, headers: Record<string, string> = { "system-key": KEY }) {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`${base}${path}`, { headers }, resolve).on("error", reject);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  let body = Buffer.concat(chunks);
  if (res.headers["content-encoding"] === "gzip") body = gunzipSync(body);
  if (res.headers["content-encoding"] === "br") body = brotliDecompressSync(body);
  return { status: res.statusCode, cache: res.headers["x-api-cache"], json: JSON.parse(body.toString("utf8")) as { call: number } };
}

async function send(method: string, path: string) {
  const res = await fetch(`${base}${path}`, { method, headers: { "system-key": KEY, "content-type": "application/json" }, body: "{}" });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (cache.handle(req, res) !== "hit") upstream(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  cache.clear();
  status = 200;
});

describe("API response cache", () => {
  it("answers a repeated public read from memory, byte for byte, until the entry is 5 seconds old", async () => {
    const first = await get("/api/v2/products/search?name=cotton");
    expect(first.cache).toBe("MISS");
    const second = await get("/api/v2/products/search?name=cotton");
    expect(second).toEqual({ ...first, cache: "HIT" });
    clock += 5000;
    const third = await get("/api/v2/products/search?name=cotton");
    expect(third.cache).toBe("MISS");
    expect(third.json.call).toBeGreaterThan(first.json.call);
  });

  it("keeps brotli, gzip and plain answers apart and serves each to the client that can read it", async () => {
    const brotli = await get("/api/v2/categories", { "system-key": KEY, "accept-encoding": "gzip, deflate, br" });
    const zipped = await get("/api/v2/categories", { "system-key": KEY, "accept-encoding": "gzip" });
    const plain = await get("/api/v2/categories", { "system-key": KEY, "accept-encoding": "identity" });
    expect([brotli.cache, zipped.cache, plain.cache]).toEqual(["MISS", "MISS", "MISS"]);
    expect(await get("/api/v2/categories", { "system-key": KEY, "accept-encoding": "br" })).toEqual({ ...brotli, cache: "HIT" });
    expect(await get("/api/v2/categories", { "system-key": KEY, "accept-encoding": "gzip;q=1, br;q=0" })).toEqual({ ...zipped, cache: "HIT" });
    expect(await get("/api/v2/categories", { "system-key": KEY })).toEqual({ ...plain, cache: "HIT" });
  });

  it("never stores a request without the System-Key, an unlisted path, an error or a no-cache request", async () => {
    const before = calls;
    await get("/api/v2/products/search?name=silk", {});
    await get("/api/v2/products/search?name=silk", {});
    await get("/api/v2/profile/addresses");
    await get("/api/v2/profile/addresses");
    status = 404;
    await get("/api/v2/sub-categories/999");
    await get("/api/v2/sub-categories/999");
    status = 200;
    await get("/api/v2/sliders");
    const fresh = await get("/api/v2/sliders", { "system-key": KEY, "cache-control": "no-cache" });
    expect(fresh.cache).toBe("MISS");
    expect(calls - before).toBe(8);
  });

  it("forgets everything after a successful catalog write, and keeps it after a refused one or a shopper's write", async () => {
    await get("/api/v2/blogs");
    status = 422;
    expect(await send("PATCH", "/api/v2/admin/products/some-slug")).toBe(422);
    expect((await get("/api/v2/blogs")).cache).toBe("HIT");
    status = 200;
    // Carts, wishlists and newsletter sign-ups change nothing the cache holds.
    expect(await send("POST", "/api/v2/carts/add")).toBe(200);
    expect(await send("POST", "/api/v2/subscriber-add")).toBe(200);
    expect((await get("/api/v2/blogs")).cache).toBe("HIT");
    expect(await send("PATCH", "/api/v2/admin/products/some-slug")).toBe(200);
    expect((await get("/api/v2/blogs")).cache).toBe("MISS");
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    for (const term of ["a", "b", "c", "d"]) await get(`/api/v2/products/search?name=${term}`);
    expect(cache.size).toBe(3);
    expect((await get("/api/v2/products/search?name=a")).cache).toBe("MISS");
    expect((await get("/api/v2/products/search?name=d")).cache).toBe("HIT");
  });
});

describe("preferredEncoding", () => {
  const of = (value?: string) => preferredEncoding({ headers: value === undefined ? {} : { "accept-encoding": value } } as http.IncomingMessage);
  it("picks brotli, then gzip, else none, as the compressor does", () => {
    expect(of("gzip, deflate, br, zstd")).toBe("br");
    expect(of("gzip, deflate")).toBe("gzip");
    expect(of("br;q=0, gzip")).toBe("gzip");
    expect(of("*")).toBe("br");
    expect(of("deflate")).toBe("identity");
    expect(of()).toBe("identity");
  });
});
