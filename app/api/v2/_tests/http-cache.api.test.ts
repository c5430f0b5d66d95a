import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cacheControlOf, NO_STORE, type CacheKind } from "@/lib/platform/cache-policy";
import { api, clientAddresses, closeTestDb, post, SESSION_COOKIE, testDb, uniqueEmail, newUser, type ApiAnswer, type Json, type TestUser } from "./client";

afterAll(closeTestDb);

const nextIp = clientAddresses(170);

const varies = (res: { headers: Headers }) => (res.headers.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase());

/** What a shared cache may not keep: private, no-store, no validator to revalidate it with. */
function expectNoStore(res: ApiAnswer | Response, label: string) {
  expect(res.headers.get("cache-control"), label).toBe(NO_STORE);
  expect(res.headers.get("etag"), label).toBeNull();
}

/** Public reads of every kind, found through the API itself so the ids and slugs exist. */
let publicReads: { path: string; kind: CacheKind }[] = [];
let productSlug = "";
let productId = 0;
let categorySlug = "";
let blogSlug = "";
let user: TestUser;

beforeAll(async () => {
  const products = (await api("/products/search?per_page=1")).json.data as Json[];
  productSlug = products[0].slug;
  productId = Number(products[0].id);
  const categories = (await api("/categories")).json.data as Json[];
  categorySlug = categories[0].slug;
  const countries = (await api("/countries")).json.data as Json[];
  const india = countries.find((c) => c.name === "India") ?? countries[0];
  const states = (await api(`/states-by-country/${india.id}`)).json.data as Json[];
  blogSlug = ((await api("/blogs")).json.data as Json[])[0].slug;
  const { db } = await testDb();
  const cmsPage = await db.selectFrom("cms_pages").select("slug").orderBy("id").executeTakeFirstOrThrow();
  publicReads = [
    { path: "/products/search?name=cotton&per_page=5", kind: "catalog" },
    { path: "/products/search?category=" + encodeURIComponent(categorySlug), kind: "catalog" },
    { path: "/products/featured", kind: "catalog" },
    { path: `/products/${productSlug}/0`, kind: "catalog" },
    { path: `/pages/${cmsPage.slug}`, kind: "catalog" },
    { path: `/delivery-check?pin=110001&product=${productSlug}`, kind: "delivery" },
    { path: "/sliders", kind: "content" },
    { path: "/blogs", kind: "content" },
    { path: `/blog/${blogSlug}`, kind: "content" },
    { path: "/business-settings", kind: "content" },
    { path: "/categories", kind: "taxonomy" },
    { path: `/sub-categories/${categories[0].id}`, kind: "taxonomy" },
    { path: "/filter/attributes", kind: "taxonomy" },
    { path: "/countries", kind: "locations" },
    { path: `/states-by-country/${india.id}`, kind: "locations" },
    { path: `/cities-by-state/${states[0].id}`, kind: "locations" },
  ];
  user = await newUser(nextIp());
  // Something in the customer's cart and wishlist, so a leak of either would change an answer.
  await post("/carts/add", { id: productId, variant: "", quantity: 1 }, { token: user.token, ip: user.ip });
  await api(`/wishlists-add-product/${productSlug}`, { token: user.token, ip: user.ip });
}, 120_000);

describe("public API reads", () => {
  it("carry their kind's shared-cache policy, vary on System-Key and have a weak ETag", async () => {
    for (const { path, kind } of publicReads) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe(cacheControlOf(kind));
      expect(res.headers.get("cache-control"), path).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(varies(res), path).toContain("system-key");
      expect(res.headers.get("set-cookie"), path).toBeNull();
      expect(res.headers.get("etag"), path).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    }
  });

  it("answer 304 with no body and the same caching headers when the ETag still matches, 200 when it does not", async () => {
    for (const { path, kind } of publicReads) {
      const first = await api(path);
      const etag = first.headers.get("etag") ?? "";
      const again = await api(path, { headers: { "If-None-Match": etag } });
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe("");
      expect(again.headers.get("etag"), path).toBe(etag);
      expect(again.headers.get("cache-control"), path).toBe(cacheControlOf(kind));
      expect(varies(again), path).toContain("system-key");
      const stale = await api(path, { headers: { "If-None-Match": 'W/"not-this-one"' } });
      expect(stale.status, path).toBe(200);
      expect(stale.json, path).toEqual(first.json);
    }
  });

  it("change their ETag when the catalog changes, so a kept copy is not confirmed as current", async () => {
    const { db } = await testDb();
    const product = await db.selectFrom("products").select(["slug", "name"]).where("published", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    const path = `/products/${product.slug}/0`;
    const before = await api(path);
    const res = await api(`/admin/products/${product.slug}`, { method: "PATCH", body: JSON.stringify({ name: `${product.name} Renamed` }), token: inject("adminToken") });
    expect(res.status).toBe(200);
    const after = await api(path, { headers: { "If-None-Match": before.headers.get("etag") ?? "" } });
    expect(after.status).toBe(200);
    expect(after.json.data[0].name).toBe(`${product.name} Renamed`);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    await api(`/admin/products/${product.slug}`, { method: "PATCH", body: JSON.stringify({ name: product.name }), token: inject("adminToken") });
  });

  it("are the same for a signed-in customer with a cart and a wishlist as for a guest: nothing per-user in them", async () => {
    for (const { path } of publicReads) {
      const guest = await api(path);
      const customer = await api(path, { token: user.token, cookie: `${user.cookie}; guest_id=guest_Ab3dE6gH9`, ip: user.ip });
      expect(customer.status, path).toBe(200);
      expect(customer.headers.get("etag"), path).toBe(guest.headers.get("etag"));
      expect(customer.headers.get("set-cookie"), path).toBeNull();
    }
  });

  it("are refused without the right System-Key with a 403 no cache keeps, even with a matching ETag", async () => {
    for (const { path } of publicReads) {
      const etag = (await api(path)).headers.get("etag") ?? "";
      for (const key of [null, "not-the-system-key"]) {
        const res = await api(path, { key, headers: { "If-None-Match": etag } });
        expect(res.status, path).toBe(403);
        expectNoStore(res, `${path} key=${key}`);
      }
    }
  });

  it("answer HEAD with the same caching headers as GET", async () => {
    const res = await fetch(`${inject("baseUrl")}/api/v2/categories`, { method: "HEAD", headers: { "System-Key": inject("systemKey") } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(cacheControlOf("taxonomy"));
    expect(res.headers.get("etag")).toBe((await api("/categories")).headers.get("etag"));
  });
});

describe("answers a shared cache must not keep", () => {
  it("errors: 404, 422, 400 and 403 are private, no-store", async () => {
    const errors: [string, number, Parameters<typeof api>[1]?][] = [
      ["/no-such-endpoint", 404],
      ["/products/no-such-product-slug/0", 404],
      ["/sub-categories/99999", 404],
      ["/blog/no-such-article", 404],
      ["/products/search?per_page=1000", 422],
      ["/delivery-check?pin=12&product=x", 422],
      ["/subscriber-add", 400, { method: "POST", body: "{broken" }],
      ["/categories", 403, { key: null }],
      ["/no-such-endpoint", 404, { key: null, method: "DELETE" }],
    ];
    for (const [path, status, init] of errors) {
      const res = await api(path, init);
      expect(res.status, path).toBe(status);
      expectNoStore(res, `${path} ${status}`);
    }
  });

  it("answers about the caller, signed in or not, are private, no-store", async () => {
    const reads = [
      "/auth/session",
      "/carts",
      "/cart-count",
      "/cart-summary",
      "/wishlists",
      "/purchase-history",
      "/user/shipping/address",
      "/auth/coupons",
      "/account/export",
      "/checkout/summary",
      `/products/${productSlug}/${user.id}`,
      "/ping",
    ];
    for (const path of reads) {
      for (const who of [{ token: user.token, cookie: user.cookie }, {}]) {
        const res = await api(path, { ...who, ip: user.ip });
        expect(res.status, path).toBeLessThan(500);
        expectNoStore(res, `${path} ${"token" in who ? "customer" : "guest"}`);
      }
    }
    const signedIn = await api("/auth/session", { token: user.token, ip: user.ip });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user).toBeTruthy();
    const admin = await api("/admin/orders", { token: inject("adminToken") });
    expect(admin.status).toBe(200);
    expectNoStore(admin, "/admin/orders");
  });

  it("writes, and answers that set a cookie, are private, no-store", async () => {
    const login = await post("/auth/login", { login_by: "email", email: user.email, password: user.password }, { ip: user.ip });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    expectNoStore(login, "/auth/login");

    const writes: [string, ApiAnswer][] = [
      ["subscriber-add", await post("/subscriber-add", { email: uniqueEmail("cache") })],
      ["contact/save", await post("/contact/save", {})],
      ["enquiries", await post("/enquiries", {})],
      ["carts/add", await post("/carts/add", { id: productId, variant: "", quantity: 1 }, { token: user.token, ip: user.ip })],
      ["cart-count POST", await post("/cart-count", {}, { token: user.token, ip: user.ip })],
      ["wishlists-remove-product", await api(`/wishlists-remove-product/${productSlug}`, { token: user.token, ip: user.ip })],
      ["admin PATCH", await api(`/admin/products/${productSlug}`, { method: "PATCH", body: JSON.stringify({}), token: inject("adminToken") })],
      ["logout", await api("/auth/logout", { token: login.json.access_token as string, ip: user.ip })],
    ];
    for (const [label, res] of writes) {
      expect(res.status, label).toBeLessThan(500);
      expectNoStore(res, label);
    }
    // A public route asked with POST is a write too (here: no such method, still never stored).
    const postToRead = await api("/categories", { method: "POST", body: "{}" });
    expect(postToRead.headers.get("cache-control") ?? NO_STORE).not.toMatch(/public|s-maxage/);
  });
});

describe("pages", () => {
  const page = (path: string, cookie?: string) => fetch(`${inject("baseUrl")}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

  it("that are the same for every visitor carry the shared-cache policy of what they show", async () => {
    const pages: [string, CacheKind][] = [
      [`/products/${productSlug}`, "catalog"],
      [`/category/${categorySlug}`, "catalog"],
      [`/category/${categorySlug}?sort=price_asc`, "catalog"],
      ["/products", "catalog"],
      ["/search?query=cotton", "catalog"],
      ["/", "catalog"],
      [`/blog/${blogSlug}`, "content"],
      ["/about-us", "content"],
    ];
    for (const [path, kind] of pages) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe(cacheControlOf(kind));
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
  });

  it("rendered for one visitor are private, no-store", async () => {
    const perVisitor: [string, string | undefined][] = [
      ["/cart", undefined],
      ["/login", undefined],
      ["/registration", undefined],
      ["/dashboard", user.cookie],
      ["/profile", user.cookie],
      ["/checkout", user.cookie],
    ];
    for (const [path, cookie] of perVisitor) {
      const res = await page(path, cookie);
      expect(res.status, path).toBe(200);
      const cc = res.headers.get("cache-control") ?? "";
      expect(cc, path).toMatch(/\bprivate\b/);
      expect(cc, path).toMatch(/\bno-store\b/);
    }
    // A guest sent from an account page to sign in: the redirect is not kept by a shared cache.
    const redirect = await page("/dashboard");
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get("cache-control") ?? "").not.toMatch(/public|s-maxage|max-age=[1-9]/);
  });
});
