import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, clientAddresses, closeTestDb, newUser, testDb, type ApiInit, type Json, type TestUser } from "./client";

afterAll(closeTestDb);

/** Every test speaks from its own client address (10.48.x.y), so rate limits never cross tests or files. */
const nextIp = clientAddresses(48);
const user = () => newUser(nextIp());

const SIGN_IN_REQUIRED = { result: false, message: "Please log in to continue." };
const ADD_SIGN_IN = { result: false, message: "You need to be logged in to add items to the wishlist." };
const REMOVE_SIGN_IN = { result: false, message: "You need to be logged in to remove items from the wishlist." };
const ADDED = { result: true, message: "Product added to wishlist", is_in_wishlist: true };
const REMOVED = { is_in_wishlist: false, message: "Product is removed from wishlist", result: true };
const NOT_FOUND = { result: false, message: "Product not found." };
const NO_XRW = "This request must be sent by the store's pages (X-Requested-With header missing).";

type Product = { id: number; slug: string; name: string; price: number; thumbnail_image: string | null };

/** Published demo products, picked once; tests use different ones so none depends on another. */
let products: Product[] = [];

beforeAll(async () => {
  const { db } = await testDb();
  products = await db.selectFrom("products").select(["id", "slug", "name", "price", "thumbnail_image"]).where("published", "=", 1).orderBy("id", "desc").limit(12).execute();
  expect(products.length).toBeGreaterThanOrEqual(8);
});

const product = (i: number) => products[i] as Product;

/** The spec's calls are GETs; the store's pages send POST. Both are served. */
type Verb = "GET" | "POST";
const add = (slug: string, init: ApiInit = {}, method: Verb = "GET") => api(`/wishlists-add-product/${slug}`, { method, ...init });
const remove = (slug: string, init: ApiInit = {}, method: Verb = "GET") => api(`/wishlists-remove-product/${slug}`, { method, ...init });
const listOf = (init: ApiInit = {}) => api("/wishlists", init);
const as = (u: TestUser): ApiInit => ({ token: u.token, ip: u.ip });

/** The slugs in a customer's list, as GET /wishlists answers them. */
async function slugsOf(u: TestUser): Promise<string[]> {
  const res = await listOf(as(u));
  expect(res.status).toBe(200);
  return (res.json.data as Json[]).map((item) => item.product.slug);
}

/** The customer's wishlist rows in the database. */
async function rowsOf(userId: number) {
  const { db } = await testDb();
  return db.selectFrom("wishlists").select(["product_id"]).where("user_id", "=", userId).orderBy("id").execute();
}

async function allRowCount(): Promise<number> {
  const { db } = await testDb();
  const row = await db.selectFrom("wishlists").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

const admin = (slug: string, body: unknown) => api(`/admin/products/${slug}`, { method: "PATCH", body: JSON.stringify(body), token: inject("adminToken") });

/** The Products in Wishlist figure of the dashboard page the customer sees. */
async function dashboardWishlistCount(u: TestUser): Promise<number> {
  const res = await fetch(`${inject("baseUrl")}/dashboard`, { headers: { Cookie: u.cookie } });
  expect(res.status).toBe(200);
  const match = /data-testid="wishlist-count"[^>]*>(\d+)</.exec(await res.text());
  if (!match) throw new Error("No wishlist count on the dashboard");
  return Number(match[1]);
}

describe("guests", () => {
  it("are refused every wishlist call with the spec's texts (401), with or without a guest id, and nothing is written", async () => {
    const before = await allRowCount();
    const slug = product(0).slug;
    for (const cookie of [undefined, "guest_id=guest_abcdefghi"]) {
      const list = await listOf({ cookie });
      expect(list.status).toBe(401);
      expect(list.json).toEqual(SIGN_IN_REQUIRED);
      expect(list.headers.get("cache-control")).toBe("private, no-store");
      for (const method of ["GET", "POST"] as const) {
        const added = await add(slug, { cookie }, method);
        expect(added.status).toBe(401);
        expect(added.json).toEqual(ADD_SIGN_IN);
        const removed = await remove(slug, { cookie }, method);
        expect(removed.status).toBe(401);
        expect(removed.json).toEqual(REMOVE_SIGN_IN);
      }
      // A user id in the query proves nothing.
      expect((await add(`${slug}?user_id=1`, { cookie })).json).toEqual(ADD_SIGN_IN);
      expect((await api(`/wishlists?user_id=1`, { cookie })).status).toBe(401);
    }
    // A token that opens no session is a guest too.
    expect((await add(slug, { token: "not-a-real-token" })).json).toEqual(ADD_SIGN_IN);
    expect(await allRowCount()).toBe(before);
  });

  it("and everyone else need the System-Key (403)", async () => {
    const u = await user();
    for (const res of [await listOf({ ...as(u), key: null }), await add(product(0).slug, { ...as(u), key: null }), await remove(product(0).slug, { ...as(u), key: null })]) {
      expect(res.status).toBe(403);
      expect(res.json.result).toBe(false);
    }
    expect(await rowsOf(u.id)).toEqual([]);
  });
});

describe("a customer's wishlist", () => {
  it("starts empty, lists an added product once with the spec's fields and base_price in rupees", async () => {
    const u = await user();
    const empty = await listOf(as(u));
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ data: [], success: true, status: 200 });
    expect(empty.headers.get("cache-control")).toBe("private, no-store");

    const p = product(0);
    const res = await add(p.slug, as(u));
    expect(res.status).toBe(200);
    expect(res.json).toEqual(ADDED);
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    const list = await listOf(as(u));
    expect(list.json.success).toBe(true);
    expect(list.json.status).toBe(200);
    expect(list.json.data).toHaveLength(1);
    const item = list.json.data[0];
    expect(item).toEqual({
      id: expect.any(Number),
      product: { id: p.id, slug: p.slug, name: p.name, thumbnail_image: p.thumbnail_image, base_price: p.price / 100, availability: expect.any(String), currency: "INR", has_variants: false },
    });
  });

  it("keeps one row when a product is added twice (GET, then POST), and lists newest first", async () => {
    const u = await user();
    const [p, q] = [product(1), product(2)];
    expect((await add(p.slug, as(u))).json).toEqual(ADDED);
    expect((await add(p.slug, as(u), "POST")).json).toEqual(ADDED);
    expect(await rowsOf(u.id)).toEqual([{ product_id: p.id }]);
    expect(await slugsOf(u)).toEqual([p.slug]);
    await new Promise((r) => setTimeout(r, 5));
    expect((await add(q.slug, as(u), "POST")).status).toBe(200);
    expect(await slugsOf(u)).toEqual([q.slug, p.slug]);
  });

  it("keeps one row when the same product is added 20 times at once", async () => {
    const u = await user();
    const p = product(3);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add(p.slug, as(u), i % 2 ? "POST" : "GET")));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.json).toEqual(ADDED);
    expect(await rowsOf(u.id)).toEqual([{ product_id: p.id }]);
    expect(await slugsOf(u)).toEqual([p.slug]);
  });

  it("drops a removed product; removing one that is not in the list answers the same (200, is_in_wishlist false)", async () => {
    const u = await user();
    const [p, q] = [product(4), product(5)];
    await add(p.slug, as(u));
    await add(q.slug, as(u));
    const res = await remove(p.slug, as(u));
    expect(res.status).toBe(200);
    expect(res.json).toEqual(REMOVED);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await slugsOf(u)).toEqual([q.slug]);
    // Not in the list (any more): the wanted state holds, so a second click is not an error.
    const again = await remove(p.slug, as(u), "POST");
    expect(again.status).toBe(200);
    expect(again.json).toEqual(REMOVED);
    expect(await rowsOf(u.id)).toEqual([{ product_id: q.id }]);
    expect((await remove(q.slug, as(u), "POST")).json).toEqual(REMOVED);
    expect((await listOf(as(u))).json.data).toEqual([]);
  });

  it("answers 404 with a message for a slug no product has", async () => {
    const u = await user();
    await add(product(6).slug, as(u));
    for (const res of [await add("no-such-product-anywhere", as(u)), await remove("no-such-product-anywhere", as(u)), await add("no-such-product-anywhere", as(u), "POST")]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual(NOT_FOUND);
    }
    expect(await slugsOf(u)).toEqual([product(6).slug]);
  });

  it("refuses bad slugs with a 4xx and a message, never a 500, and changes nothing", async () => {
    const u = await user();
    await add(product(7).slug, as(u));
    const bad = [
      "", // /wishlists-add-product/ : no slug at all
      "a".repeat(201),
      "../x", // the URL resolves to another path
      "..%2Fx",
      "%2E%2E%2Fx",
      "%E0%A4%95%E0%A4%AA%E0%A4%A1%E0%A4%BC%E0%A4%BE", // कपड़ा
      "%F0%9F%92%A9%E2%80%AE",
      "%00",
      "x%00y",
      "%ZZ",
      "%E0%A4",
      "Cotton-Curtain",
      "a--b",
      "-a",
      "a%20b",
      "a;b",
      "%27%20or%201%3D1--",
      "a.b",
    ];
    for (const slug of bad) {
      for (const call of [add, remove]) {
        for (const method of ["GET", "POST"] as const) {
          const res = await call(slug, as(u), method);
          expect(res.status, `${method} ${slug}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${method} ${slug}`).toBeLessThan(500);
          expect(res.json?.result, `${method} ${slug}`).toBe(false);
          expect(typeof res.json?.message, `${method} ${slug}`).toBe("string");
        }
      }
    }
    const overlong = await add("a".repeat(201), as(u));
    expect(overlong.status).toBe(422);
    expect((await add("%00", as(u))).status).toBe(422);
    expect(await rowsOf(u.id)).toEqual([{ product_id: product(7).id }]);
  });
});

describe("two owners: two customers and two guests on every wishlist call", () => {
  it("never shows or changes one customer's list through another's session, and refuses guests", async () => {
    const [a, b] = [await user(), await user()];
    const guests: ApiInit[] = [{ ip: nextIp() }, { ip: nextIp(), cookie: "guest_id=guest_abcdefghi" }];
    const [p, q] = [product(8), product(9)];

    // Each adds their own.
    expect((await add(p.slug, as(a))).json).toEqual(ADDED);
    expect((await add(q.slug, as(b), "POST")).json).toEqual(ADDED);
    expect(await slugsOf(a)).toEqual([p.slug]);
    expect(await slugsOf(b)).toEqual([q.slug]);

    // B removing A's product changes nothing of A's (everything is keyed by the session), even
    // when B names A as the user.
    expect((await remove(p.slug, as(b))).json).toEqual(REMOVED);
    expect((await remove(`${p.slug}?user_id=${a.id}`, as(b), "POST")).json).toEqual(REMOVED);
    expect((await api(`/wishlists?user_id=${a.id}`, as(b))).json.data.map((i: Json) => i.product.slug)).toEqual([q.slug]);
    expect(await slugsOf(a)).toEqual([p.slug]);

    // The same product in both lists: two rows, one each; removing it for A leaves B's.
    expect((await add(`${p.slug}?user_id=${a.id}`, as(b))).json).toEqual(ADDED);
    expect(await rowsOf(a.id)).toEqual([{ product_id: p.id }]);
    expect((await rowsOf(b.id)).map((r) => r.product_id).sort()).toEqual([p.id, q.id].sort());
    expect((await remove(p.slug, as(a), "POST")).json).toEqual(REMOVED);
    expect(await slugsOf(a)).toEqual([]);
    expect((await slugsOf(b)).sort()).toEqual([p.slug, q.slug].sort());

    // Guests can neither read nor change anyone's list.
    await add(q.slug, as(a));
    const before = await allRowCount();
    for (const guest of guests) {
      expect((await listOf(guest)).json).toEqual(SIGN_IN_REQUIRED);
      expect((await api(`/wishlists?user_id=${a.id}`, guest)).status).toBe(401);
      for (const method of ["GET", "POST"] as const) {
        expect((await add(`${p.slug}?user_id=${a.id}`, guest, method)).json).toEqual(ADD_SIGN_IN);
        expect((await remove(`${q.slug}?user_id=${a.id}`, guest, method)).json).toEqual(REMOVE_SIGN_IN);
        expect((await remove(q.slug, guest, method)).json).toEqual(REMOVE_SIGN_IN);
      }
    }
    expect(await allRowCount()).toBe(before);
    expect(await slugsOf(a)).toEqual([q.slug]);
    expect((await slugsOf(b)).sort()).toEqual([p.slug, q.slug].sort());
  });
});

describe("cookie sessions", () => {
  it("may read the list, but change it only with X-Requested-With (403 otherwise, nothing changes)", async () => {
    const u = await user();
    const [p, q] = [product(10), product(11)];
    const cookie = { cookie: u.cookie, ip: u.ip };
    expect((await add(p.slug, cookie)).json).toEqual(ADDED);

    for (const method of ["GET", "POST"] as const) {
      const added = await add(q.slug, { ...cookie, requestedWith: false }, method);
      expect(added.status).toBe(403);
      expect(added.json).toEqual({ result: false, message: NO_XRW });
      const removed = await remove(p.slug, { ...cookie, requestedWith: false }, method);
      expect(removed.status).toBe(403);
      expect(removed.json).toEqual({ result: false, message: NO_XRW });
    }
    expect(await rowsOf(u.id)).toEqual([{ product_id: p.id }]);

    // Reading changes nothing, so it needs no header.
    const list = await listOf({ ...cookie, requestedWith: false });
    expect(list.status).toBe(200);
    expect(list.json.data.map((i: Json) => i.product.slug)).toEqual([p.slug]);

    // A bearer token is not sent by a browser on its own: no header needed.
    expect((await add(q.slug, { token: u.token, ip: u.ip, requestedWith: false })).json).toEqual(ADDED);
    expect((await remove(q.slug, { ...cookie })).json).toEqual(REMOVED);
  });
});

describe("products that go away", () => {
  it("an unpublished product leaves the list and the dashboard count, cannot be added, and comes back when published again", async () => {
    const u = await user();
    const { db } = await testDb();
    // The last published product by id: other files' first-product picks stay untouched.
    const [p, q] = [product(0), product(1)];
    await add(p.slug, as(u));
    await add(q.slug, as(u));
    expect(await dashboardWishlistCount(u)).toBe(2);
    try {
      expect((await admin(p.slug, { published: false })).status).toBe(200);
      expect(await slugsOf(u)).toEqual([q.slug]);
      expect(await dashboardWishlistCount(u)).toBe(1);
      const html = await (await fetch(`${inject("baseUrl")}/wishlists`, { headers: { Cookie: u.cookie } })).text();
      expect(html).toContain("A product you saved is no longer available, so it is not shown here.");
      expect(html).not.toContain(`/products/${p.slug}"`);
      for (const res of [await add(p.slug, as(u)), await remove(p.slug, as(u))]) {
        expect(res.status).toBe(404);
        expect(res.json).toEqual(NOT_FOUND);
      }
    } finally {
      await admin(p.slug, { published: true });
    }
    expect((await db.selectFrom("products").select("published").where("id", "=", p.id).executeTakeFirstOrThrow()).published).toBe(1);
    expect((await slugsOf(u)).sort()).toEqual([p.slug, q.slug].sort());
    expect(await dashboardWishlistCount(u)).toBe(2);
  });

  it("a deleted product leaves every list, never a broken line", async () => {
    const [a, b] = [await user(), await user()];
    const { db } = await testDb();
    const source = await db.selectFrom("products").selectAll().where("id", "=", product(2).id).executeTakeFirstOrThrow();
    const { id: sourceId, ...copy } = source;
    expect(sourceId).toBe(product(2).id);
    const slug = `wishlist-gone-${Date.now().toString(36)}`;
    const made = await db
      .insertInto("products")
      .values({ ...copy, slug, sku: slug.toUpperCase(), name: "Soon gone cushion" })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      expect((await add(slug, as(a))).json).toEqual(ADDED);
      expect((await add(slug, as(b))).json).toEqual(ADDED);
      await add(product(3).slug, as(a));
      expect(await slugsOf(a)).toContain(slug);
    } finally {
      await db.deleteFrom("products").where("id", "=", made.id).execute();
    }
    expect(await slugsOf(a)).toEqual([product(3).slug]);
    expect(await slugsOf(b)).toEqual([]);
    expect(await rowsOf(b.id)).toEqual([]);
    expect((await add(slug, as(a))).json).toEqual(NOT_FOUND);
    const page = await fetch(`${inject("baseUrl")}/wishlists`, { headers: { Cookie: a.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("Soon gone cushion");
  });
});
