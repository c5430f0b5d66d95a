/**
 * What deploy/nginx's cache stores and for whom, checked against Debian's nginx with the rendered
 * production template in front of a stub app that counts the requests it gets and marks its
 * answers public or private per path. Skipped when nginx is not installed (CI installs it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./build";
import { nginxBinary, writeNativeNginxConfig } from "./nginx-config";

const bin = nginxBinary();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-cache-test-"));

/** What the stub app was asked, in order. */
type Seen = { method: string; url: string; acceptEncoding: string | undefined; requestId: string | undefined; forwardedFor: string | undefined };
const seen: Seen[] = [];
const hits = (url: string) => seen.filter((s) => s.url === url).length;

/** Cache-Control the stub app gives each path; public unless listed. */
const PRIVATE = "private, no-store";
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
const IMMUTABLE = "public, max-age=31536000, immutable";
function cacheControlFor(url: string): string {
  if (url.startsWith("/api/v2/profile")) return PRIVATE;
  if (url.startsWith("/og/")) return IMMUTABLE;
  return PUBLIC;
}

/** What the stub app's /products/price-changes shows now (a merchant edits it mid-test). */
let price = "₹2,799";
let app: http.Server;
let nginx: ChildProcess;
let origin = "";

beforeAll(async () => {
  if (!bin) return;
  app = http.createServer((req, res) => {
    const url = req.url ?? "/";
    seen.push({
      method: req.method ?? "",
      url,
      acceptEncoding: req.headers["accept-encoding"] as string | undefined,
      requestId: req.headers["x-request-id"] as string | undefined,
      forwardedFor: req.headers["x-forwarded-for"] as string | undefined,
    });
    res.setHeader("Cache-Control", cacheControlFor(url));
    res.setHeader("Content-Type", "text/plain");
    if (url === "/products/price-changes") return res.end(`price ${price}`);
    res.end(`${req.method} ${url} #${hits(url)} for ${req.headers.cookie ?? req.headers.authorization ?? "anyone"}`);
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const upstream = `127.0.0.1:${(app.address() as AddressInfo).port}`;
  const port = await freePort();
  // tmp is private (mkdtemp); nginx's workers run as an unprivileged user when started by root.
  fs.chmodSync(tmp, 0o755);
  const conf = writeNativeNginxConfig({ dir: path.join(tmp, "nginx"), port, upstreams: [upstream] });
  nginx = spawn(bin, ["-p", path.join(tmp, "nginx"), "-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
  origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await fetch(`${origin}/nginx-health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error("nginx did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
}, 30_000);

afterAll(async () => {
  nginx?.kill("SIGQUIT");
  await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await fetch(`${origin}${url}`, { method, headers });
  return { status: res.status, body: await res.text(), cache: res.headers.get("x-cache"), requestId: res.headers.get("x-request-id") };
}

describe.skipIf(!bin)("deploy/nginx's cache in front of the app", () => {
  it("answers a repeated public page from its cache, asking the app once, with gzip normalised in the key", async () => {
    const first = await get("/products/indigo-curtain", { "Accept-Encoding": "gzip, deflate, br" });
    const again = await get("/products/indigo-curtain", { "Accept-Encoding": "br, gzip" });
    expect(first.body).toBe("GET /products/indigo-curtain #1 for anyone");
    expect(again).toMatchObject({ body: first.body, cache: "HIT" });
    expect(hits("/products/indigo-curtain")).toBe(1);
    expect(seen.find((s) => s.url === "/products/indigo-curtain")?.acceptEncoding).toBe("gzip");
  });

  it("never answers a signed-in API call from the cache, nor stores its answer for others", async () => {
    const url = "/api/v2/products/search?name=indigo";
    const anonymous = await get(url, { "System-Key": "k" });
    expect(anonymous.body).toBe(`GET ${url} #1 for anyone`);
    const signedInCalls: Record<string, string>[] = [{ Cookie: "kesar.session_token=abc.def" }, { Cookie: "theme=1; __Secure-kesar.session_token=abc.def" }, { Authorization: "Bearer abc" }];
    for (const signedIn of signedInCalls) {
      const res = await get(url, { "System-Key": "k", ...signedIn });
      expect(res.cache).toBe("BYPASS");
      expect(res.body).toContain(`for ${Object.values(signedIn)[0]}`);
    }
    // The shared entry is still the anonymous one: no customer's answer reached it. (Past nginx's
    // 1 s freshness on a slow machine it is served once more while it is refreshed.)
    const later = await get(url, { "System-Key": "k" });
    expect(later.body).toBe(anonymous.body);
    expect(["HIT", "STALE", "UPDATING"]).toContain(later.cache);
  });

  it("keeps one entry per System-Key, so a request without the right key never gets a stored answer", async () => {
    const url = "/api/v2/categories";
    await get(url, { "System-Key": "right" });
    const other = await get(url, { "System-Key": "wrong" });
    expect(other.cache).toBe("MISS");
    expect(hits(url)).toBe(2);
  });

  it("never stores what the app marks private, nor per-customer pages, nor POSTs", async () => {
    await get("/api/v2/profile", { "System-Key": "k" });
    expect((await get("/api/v2/profile", { "System-Key": "k" })).body).toContain("#2");

    // Even if an account page were wrongly marked public by the app.
    await get("/dashboard");
    expect((await get("/dashboard")).body).toContain("#2");

    await get("/api/v2/carts/add", { "Content-Type": "application/json" }, "POST");
    expect((await get("/api/v2/carts/add", { "Content-Type": "application/json" }, "POST")).body).toContain("#2");
  });

  it("shows a changed page once its second of freshness is over, though the open cache file is kept for the next hit", async () => {
    const url = "/products/price-changes";
    expect((await get(url)).body).toBe("price ₹2,799");
    expect(await get(url)).toMatchObject({ body: "price ₹2,799", cache: "HIT" });
    price = "₹2,499";
    // Past the 1 s freshness the first request gets the old page while nginx refreshes it (a new
    // cache file); from then on the new one.
    const deadline = Date.now() + 5000;
    let seen = "";
    while (Date.now() < deadline && seen !== "price ₹2,499") {
      await new Promise((r) => setTimeout(r, 250));
      seen = (await get(url)).body;
    }
    expect(seen).toBe("price ₹2,499");
    expect(Date.now()).toBeLessThan(deadline);
    // And it stays new: the kept file descriptor of the old file is not used again.
    for (let i = 0; i < 5; i++) expect((await get(url)).body).toBe("price ₹2,499");
  });

  it("keeps a share image (og:image) as long as the app says, not for a page's one second", async () => {
    const url = "/og/products/indigo-curtain-0.webp.jpg?v=abc";
    await get(url);
    await new Promise((r) => setTimeout(r, 2500));
    // Past a page's 1 s (counted in whole seconds), still a fresh hit: the app was asked once.
    expect(await get(url)).toMatchObject({ cache: "HIT", body: `GET ${url} #1 for anyone` });
    expect(hits(url)).toBe(1);
  });

  it("passes its request id to the app and back to the client, and the client's address in X-Forwarded-For", async () => {
    const res = await get("/about-us");
    const asked = seen.find((s) => s.url === "/about-us");
    expect(res.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(asked?.requestId).toBe(res.requestId);
    expect(asked?.forwardedFor).toBe("127.0.0.1");
  });
});
