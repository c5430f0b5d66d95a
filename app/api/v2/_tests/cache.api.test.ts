import { afterAll, describe, expect, inject, it } from "vitest";
import { dropTestProducts, makeProduct } from "./cart-client";
import { api, closeTestDb, eventually, testDb, type Json } from "./client";

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

const page = async (path: string) => {
  const res = await fetch(`${inject("baseUrl")}${path}`);
  return { status: res.status, html: await res.text() };
};

const admin = (slug: string, body: unknown, token: string | null = inject("adminToken")) =>
  api(`/admin/products/${slug}`, { method: "PATCH", body: JSON.stringify(body), ...(token ? { token } : {}) });

describe("catalog changes through the service layer", () => {
  it("refuses changes without a staff token, bad input and unknown products", async () => {
    const slug = ((await api("/products/search?per_page=1")).json.data as Json[])[0].slug;
    expect((await admin(slug, { name: "Nope" }, null)).status).toBe(401);
    expect((await admin(slug, { name: "Nope" }, "kst_wrong-token-wrong-token")).status).toBe(401);
    const bad = await admin(slug, { main_price: -5, colour: "red" });
    expect(bad.status).toBe(422);
    expect((await admin(slug, {})).status).toBe(422);
    expect((await admin("no-such-product", { name: "Something" })).status).toBe(404);
  });

  it("shows a changed product on its page, in lists and in search within seconds, with no rebuild", async () => {
    const { db } = await testDb();
    // A product without variants: one sold by variant takes its prices from them (409 here).
    const product = await db.selectFrom("products").select(["slug", "name", "price"]).where("published", "=", 1).where("variant_count", "=", 0).orderBy("id").executeTakeFirstOrThrow();

    // Warm the caches first so the test proves invalidation, not a cold read.
    const before = await page(`/products/${product.slug}`);
    expect(before.status).toBe(200);
    expect(before.html).toContain(product.name);
    expect((await page("/products")).status).toBe(200);
    await api(`/products/search?name=${encodeURIComponent("Zafrani")}`);

    const newName = "Zafrani Heirloom Weave Edition";
    const res = await admin(product.slug, { name: newName, main_price: 4321, stocked_price: 5000 });
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({ name: newName, main_price: 4321, stocked_price: 5000, discount: 14 });

    const row = await db.selectFrom("products").select(["name", "price", "list_price", "discount_percent"]).where("slug", "=", product.slug).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: newName, price: 432_100, list_price: 500_000, discount_percent: 14 });

    expect(await eventually(async () => (await page(`/products/${product.slug}`)).html.includes(newName))).toBe(true);
    expect(await eventually(async () => (await page(`/products/${product.slug}`)).html.includes("₹4,321"))).toBe(true);
    expect(await eventually(async () => ((await api("/products/search?name=zafrani")).json.data as Json[]).some((p) => p.name === newName))).toBe(true);
    expect(await eventually(async () => (await page("/search?query=zafrani")).html.includes(newName))).toBe(true);
  });

  it("shows a change in a product listing that was read (and cached) before it", async () => {
    // ₹1: the first card of the listing by price, low to high.
    const p = await makeProduct({ price: 100, stock: 5, name: "Quillwort Listing Curtain" });
    const listing = "/products?sort=price_asc";
    const before = await page(listing);
    expect(before.status).toBe(200);
    expect(before.html).toContain("Quillwort Listing Curtain");
    expect((await page(listing)).html).toContain("Quillwort Listing Curtain");

    const res = await admin(p.slug, { name: "Quillwort Listing Curtain Renamed", main_price: 2, stocked_price: 2 });
    expect(res.status, res.text).toBe(200);
    expect(await eventually(async () => (await page(listing)).html.includes("Quillwort Listing Curtain Renamed"))).toBe(true);
  });

  it("takes an unpublished product off its page with a 404", async () => {
    const { db } = await testDb();
    const product = await db.selectFrom("products").select("slug").where("published", "=", 1).where("variant_count", "=", 0).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect((await page(`/products/${product.slug}`)).status).toBe(200);
    expect((await admin(product.slug, { published: false })).status).toBe(200);
    expect(await eventually(async () => (await page(`/products/${product.slug}`)).status === 404)).toBe(true);
  });
});
