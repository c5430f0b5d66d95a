/**
 * Hostile input against the real server: no answer may be a 5xx. The routes come from the app/
 * directory itself (every page.tsx, route.ts and split sitemap), so a route added later is
 * fuzzed without touching this file.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { searchParamsToInput } from "@/lib/catalog/schemas";
import { closeTestDb, testDb } from "./client";

afterAll(closeTestDb);

const APP = path.resolve(__dirname, "../../..");

/**
 * A route as its folders spell it ("/products/[slug]", "/api/v2/[...rest]",
 * "/sitemaps/sitemap/[id].xml"), and whether its file reads the query string.
 */
type Route = { pattern: string; api: boolean; readsQuery: boolean };

/** Every URL pattern the app serves, read from the file system. */
function discoverRoutes(dir = APP, segments: string[] = []): Route[] {
  const routes: Route[] = [];
  const at = (extra: string[] = []) => `/${[...segments, ...extra].join("/")}`;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const name = entry.name;
    if (entry.isDirectory()) {
      // _private folders are not routes; (groups) add no segment.
      if (name.startsWith("_")) continue;
      routes.push(...discoverRoutes(path.join(dir, name), /^\(.*\)$/.test(name) ? segments : [...segments, name]));
    } else if (/^(page|route)\.tsx?$/.test(name)) {
      const source = fs.readFileSync(path.join(dir, name), "utf8");
      routes.push({ pattern: at(), api: segments[0] === "api", readsQuery: source.includes("searchParams") });
    } else if (/^sitemap\.ts$/.test(name) && segments.length) {
      // A nested sitemap.ts with generateSitemaps is served as <dir>/sitemap/{id}.xml.
      const split = fs.readFileSync(path.join(dir, name), "utf8").includes("generateSitemaps");
      routes.push({ pattern: split ? at(["sitemap", "[id].xml"]) : at(["sitemap.xml"]), api: false, readsQuery: false });
    }
  }
  return routes;
}

const ROUTES = discoverRoutes();
const DYNAMIC = /\[(?:\.\.\.)?([^\]]+)\]/;

/** Broken, overlong and hostile escapes for a path segment. */
const BAD_SEGMENTS = [
  "%zz", // not hex
  "%", // truncated
  "%E0%80", // truncated sequence
  "%C0%AF", // overlong "/"
  "%E0%80%AF", // overlong, three bytes
  "%ED%A0%80", // lone surrogate
  "%F4%90%80%80", // beyond U+10FFFF
  "ab%00cd", // NUL
  "%01%1F%7F", // control bytes
  "%FF%FE",
  "..%2F..%2Fetc%2Fpasswd",
  "a".repeat(3000),
];

/** Values that reach the handlers through the query string. */
const BAD_VALUES = ["ab%00cd", "%00", "abc%01def", "%1F%7Fabc", "abc%C2%85", "%zz", "abc%ED%A0%80", "abc%0D%0Adef"];

/** Every query parameter the search and list routes read: the API's, and the pages' filters. */
const QUERY_KEYS = [
  ...Object.keys(searchParamsToInput(new URLSearchParams())),
  "selected_attribute_values[]",
  "query",
  "material",
  "size",
  "assembly",
  "response",
];

/** Real values for the dynamic segments, so that query strings reach a page that exists. */
type RealSlugs = { product: string; category: string; blog: string; cms: string };

async function realSegments(): Promise<RealSlugs> {
  const { db } = await testDb();
  const first = async (table: "products" | "categories" | "blogs" | "cms_pages") =>
    (await db.selectFrom(table).select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
  return { product: await first("products"), category: await first("categories"), blog: await first("blogs"), cms: await first("cms_pages") };
}

function fill(pattern: string, bad: string | null, real: RealSlugs): string {
  const parts = pattern.split("/");
  return parts
    .map((part, i) => {
      const m = DYNAMIC.exec(part);
      if (!m) return part;
      if (bad !== null) return part.replace(DYNAMIC, bad);
      const parent = parts[i - 1] ?? "";
      const value =
        m[1] === "id" ? (parent === "sitemap" ? "0" : "1")
        : m[1] === "viewer" ? "0"
        : m[1] === "rest" ? "nothing-here"
        : parent === "products" ? real.product
        : parent === "category" ? real.category
        : parent === "blog" ? real.blog
        : real.cms;
      return part.replace(DYNAMIC, value);
    })
    .join("/");
}

type Answer = { status: number; line: string; head: string; body: string };

/** The body of a chunked answer, without its chunk sizes. */
function dechunk(text: string): string {
  let out = "";
  for (let at = 0; ; ) {
    const end = text.indexOf("\r\n", at);
    const size = parseInt(text.slice(at, end), 16);
    if (!(size > 0)) return out;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

/**
 * One request written byte for byte on a socket, so nothing (fetch, Node's client) cleans it up
 * first; the answer's status, or 0 when the server closed without one.
 */
function raw(requestLine: string, headers: Record<string, string> = {}, options: { whole?: boolean } = {}): Promise<Answer> {
  const { hostname, port } = new URL(inject("baseUrl"));
  const head = { Host: `${hostname}:${port}`, "System-Key": inject("systemKey"), Connection: "close", ...headers };
  const text = `${requestLine}\r\n${Object.entries(head).map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let data = "";
    const done = () => {
      const line = data.split("\r\n", 1)[0] ?? "";
      const split = data.indexOf("\r\n\r\n");
      const head = split === -1 ? data : data.slice(0, split);
      const rest = split === -1 ? "" : data.slice(split + 4);
      const body = /^transfer-encoding: chunked/im.test(head) ? dechunk(rest) : rest;
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(line)?.[1] ?? 0), line, head, body });
    };
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      data += chunk;
      // The status line is all we need; long pages need not be read to the end.
      if (!options.whole && data.includes("\r\n")) socket.destroy();
    });
    socket.on("close", done);
    socket.on("error", () => undefined);
    socket.setTimeout(20_000, () => socket.destroy());
  });
}

/** Sends every request (a few at a time) and lists those answered with a 5xx or not at all. */
type RawRequest = { line: string; headers?: Record<string, string> };

async function failures(requests: RawRequest[]): Promise<string[]> {
  const bad: string[] = [];
  const queue = [...requests];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const answer = await raw(next.line, next.headers);
      if (answer.status === 0 || answer.status >= 500) bad.push(`${next.line} → ${answer.line || "no answer"}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return bad.sort();
}

let real: RealSlugs;
beforeAll(async () => {
  real = await realSegments();
});

describe("fuzzing the routes found in app/", () => {
  it("finds the store's pages, API routes and sitemaps", () => {
    const patterns = ROUTES.map((r) => r.pattern);
    for (const p of ["/", "/products/[slug]", "/[slug]", "/category/[slug]", "/blog/[slug]", "/search", "/api/v2/products/search", "/api/v2/[...rest]", "/sitemaps/sitemap/[id].xml"]) {
      expect(patterns).toContain(p);
    }
    expect(ROUTES.filter((r) => r.api).length).toBeGreaterThan(15);
  });

  it("never answers 5xx to broken or overlong percent-encoding in a dynamic segment", { timeout: 300_000 }, async () => {
    const dynamic = ROUTES.filter((r) => DYNAMIC.test(r.pattern));
    expect(dynamic.length).toBeGreaterThan(5);
    const requests: RawRequest[] = dynamic.flatMap((r) => BAD_SEGMENTS.map((bad) => ({ line: `GET ${fill(r.pattern, bad, real)} HTTP/1.1` })));
    // Also a bad segment below every other route, and a bad top-level path.
    for (const r of ROUTES.filter((x) => !DYNAMIC.test(x.pattern))) requests.push({ line: `GET ${r.pattern.replace(/\/$/, "")}/%zz HTTP/1.1` });
    expect(await failures(requests)).toEqual([]);
  });

  it("never answers 5xx to NUL and control bytes in any query parameter of a route that reads them", { timeout: 300_000 }, async () => {
    const listing = ROUTES.filter((r) => r.readsQuery);
    for (const p of ["/products", "/search", "/[slug]", "/category/[slug]", "/api/v2/products/search"]) expect(listing.map((r) => r.pattern)).toContain(p);
    const requests = listing.flatMap((r) =>
      QUERY_KEYS.flatMap((key) =>
        BAD_VALUES.map((value) => ({ line: `GET ${fill(r.pattern, null, real)}?${encodeURIComponent(key)}=${value} HTTP/1.1` })),
      ),
    );
    expect(await failures(requests)).toEqual([]);
  });

  it("never answers 5xx to unusual methods on API routes", { timeout: 300_000 }, async () => {
    const methods = ["TRACE", "TRACK", "PROPFIND", "MKCOL", "LOCK", "SEARCH", "PURGE", "OPTIONS", "HEAD", "PATCH", "PUT", "DELETE", "POST", "get", "trace", "Options", "BREW", "M-SEARCH"];
    const requests: RawRequest[] = ROUTES.filter((r) => r.api).flatMap((r) => methods.map((m) => ({ line: `${m} ${fill(r.pattern, null, real)} HTTP/1.1`, headers: { "Content-Length": "0" } })));
    expect(await failures(requests)).toEqual([]);
  });

  it("closes the connection of a CONNECT (no proxying, no 5xx); nginx in front answers it 405", async () => {
    // Node hands CONNECT to a server's "connect" listener; Next's server has none, so Node closes
    // the socket. deploy/nginx answers it before it reaches an instance.
    for (const line of ["CONNECT /api/v2/categories HTTP/1.1", "CONNECT 127.0.0.1:443 HTTP/1.1"]) {
      const answer = await raw(line, {});
      expect(answer.status === 0 || (answer.status >= 400 && answer.status < 500), `${line} → ${answer.line}`).toBe(true);
    }
  });

  it("answers TRACE on an API route with 405 JSON and an Allow header", async () => {
    for (const route of ["/api/v2/categories", "/api/v2/no-such-endpoint"]) {
      const answer = await raw(`TRACE ${route} HTTP/1.1`, {}, { whole: true });
      expect(answer.status, route).toBe(405);
      expect(answer.head).toMatch(/^allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/im);
      expect(answer.head).toMatch(/^content-type: application\/json/im);
      expect(JSON.parse(answer.body)).toEqual({ result: false, message: "This method is not allowed." });
    }
  });

  it("answers broken encoding in a page path with a 400 page and under /api/ with 400 JSON", async () => {
    const page = await raw("GET /products/%zz HTTP/1.1", {}, { whole: true });
    expect(page.status).toBe(400);
    expect(page.body).toContain('<a href="/">Back to Home</a>');
    const api = await raw("GET /api/v2/pages/%zz HTTP/1.1", {}, { whole: true });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ result: false, message: "The request path is not valid." });
  });

  it("answers the request target * of OPTIONS with 204 and Allow, and of GET with 400", async () => {
    const options = await raw("OPTIONS * HTTP/1.1", {}, { whole: true });
    expect(options.status).toBe(204);
    expect(options.head).toMatch(/^allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/im);
    expect((await raw("GET * HTTP/1.1")).status).toBe(400);
  });

  it("answers hostile search text with results or none (200) or a field error (422), on the API and the search page, never a 5xx", { timeout: 300_000 }, async () => {
    const texts = [
      "curtain ".repeat(400), // very long: over the 100-character limit
      "velvet curtain blue cotton king size 7 ft bedsheet cushion rug jute wool silk linen tiebacks", // many words
      "a".repeat(100),
      "!!! ??? ... ,,, ;;;",
      "((((((((((",
      "' OR 1=1 --",
      "\"; DROP TABLE products; --",
      "%_\\%_\\",
      "curtain* NEAR(velvet cotton, 2) AND NOT ^blue OR \"silk\"",
      "{}[]:-+~|&<>=@#$",
      "🛏️🪟🛋️🧺",
      "curtain 🪟 velvet",
      "पर्दा चादर तकिया",
      "रज़ाई",
      "curtian पर्दा 🛏️ 'or'",
    ];
    const requests: RawRequest[] = [];
    for (const text of texts) {
      const q = encodeURIComponent(text);
      requests.push({ line: `GET /api/v2/products/search?name=${q} HTTP/1.1` });
      requests.push({ line: `GET /api/v2/products/search?name=${q}&material=Velvet&price=under_10000&availability=in_stock&sort=price_asc&page=2 HTTP/1.1` });
      requests.push({ line: `GET /search?query=${q} HTTP/1.1` });
      requests.push({ line: `GET /search?query=${q}&material=Cotton&sort=popular HTTP/1.1` });
    }
    const bad: string[] = [];
    for (const request of requests) {
      const answer = await raw(request.line, {}, { whole: request.line.includes("/api/") });
      if (answer.status !== 200 && answer.status !== 422) bad.push(`${request.line} → ${answer.line || "no answer"}`);
      else if (request.line.includes("/api/") && answer.status === 200) {
        // A search by words answers with its meta in full.
        const meta = JSON.parse(answer.body).meta;
        if (!meta.facets || !Array.isArray(meta.corrections) || !Array.isArray(meta.suggestions)) bad.push(`${request.line} → meta without the search's fields`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("refuses NUL in the search text with 422 on the API and a message on the search page", async () => {
    const api = await raw("GET /api/v2/products/search?name=ab%00cd HTTP/1.1", {}, { whole: true });
    expect(api.status).toBe(422);
    expect(JSON.parse(api.body).errors.name).toEqual(["Search text cannot contain control characters."]);
    const page = await raw("GET /search?query=ab%00cd HTTP/1.1", {}, { whole: true });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Search text cannot contain control characters.");
    expect(page.body).not.toContain("\u0000");
  });
});
