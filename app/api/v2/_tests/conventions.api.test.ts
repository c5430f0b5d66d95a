import { afterAll, describe, expect, it } from "vitest";
import { api, closeTestDb, testDb } from "./client";

afterAll(closeTestDb);

describe("API v2 conventions", () => {
  it("refuses a request without the System-Key header with 403 JSON", async () => {
    const res = await api("/categories", { key: null });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ result: false, message: "Missing or invalid System-Key header." });
  });

  it("answers GET /ping with {result: true}, never stored, and checks the System-Key like every route", async () => {
    const res = await api("/ping");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: true });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await api("/ping", { key: null })).status).toBe(403);
  });

  it("refuses a wrong System-Key with 403 JSON", async () => {
    const res = await api("/business-settings", { key: "not-the-key" });
    expect(res.status).toBe(403);
    expect(res.json.result).toBe(false);
  });

  it("answers an unknown path with 404 JSON", async () => {
    for (const path of ["/no-such-endpoint", "/products/featured/extra/deep", "/a/b/c"]) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.json.result).toBe(false);
    }
    const post = await api("/no-such-endpoint", { method: "POST", body: "{}" });
    expect(post.status).toBe(404);
  });

  it("answers malformed JSON with 400 and stores nothing", async () => {
    const { db } = await testDb();
    const before = await db.selectFrom("newsletter_subscribers").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const res = await api("/subscriber-add", { method: "POST", body: '{"email": "broken@example.com"' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ result: false, message: "Request body is not valid JSON." });
    const after = await db.selectFrom("newsletter_subscribers").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses a body over 1 MB with 413", async () => {
    const big = JSON.stringify({ email: "big@example.com", padding: "x".repeat(1024 * 1024 + 10) });
    const res = await api("/subscriber-add", { method: "POST", body: big });
    expect(res.status).toBe(413);
    expect(res.json.result).toBe(false);
  });

  it("answers invalid input with 422 and per-field errors", async () => {
    const res = await api("/subscriber-add", { method: "POST", body: JSON.stringify({ email: "not-an-email" }) });
    expect(res.status).toBe(422);
    expect(res.json.result).toBe(false);
    expect(res.json.errors.email).toEqual(["Enter a valid email address."]);

    const wrongType = await api("/subscriber-add", { method: "POST", body: JSON.stringify([1, 2, 3]) });
    expect(wrongType.status).toBe(422);
  });

  it("stores a newsletter signup once, and says so on the second try", async () => {
    const first = await api("/subscriber-add", { method: "POST", body: JSON.stringify({ email: "  Reader@Example.com " }) });
    expect(first.status).toBe(201);
    expect(first.json.result).toBe(true);
    const again = await api("/subscriber-add", { method: "POST", body: JSON.stringify({ email: "reader@example.com" }) });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ result: false, message: "This email is already subscribed to our newsletter." });
    const { db } = await testDb();
    const rows = await db.selectFrom("newsletter_subscribers").select("email").where("email", "=", "reader@example.com").execute();
    expect(rows).toHaveLength(1);
  });

  it("never answers 500 to odd input", async () => {
    const odd = [
      "/products/search?page=abc",
      "/products/search?page=-1",
      "/products/search?page=99999999999999999999",
      "/products/search?per_page=1000",
      "/products/search?price=cheap",
      "/products/search?availability=%00",
      "/products/search?selected_attribute_values[]=Colour:Red",
      "/products/search?selected_attribute_values[]=nocolon",
      `/products/search?name=${encodeURIComponent("'; drop table products; --")}`,
      `/products/search?name=${encodeURIComponent('"quoted" OR NEAR(x)')}`,
      "/products/search?name=%25%25%25",
      "/products/search?category=No%20Such",
      "/products/search?category=no-such-category",
      "/sub-categories/0",
      "/sub-categories/1e3",
      "/sub-categories/99999999999",
      "/states-by-country/abc",
      "/cities-by-state/-5",
      "/products/%E0%A4%A/0",
      "/products/ok-slug/abc",
      "/blog/UPPER",
      "/pages/x?page=0",
      "/blogs?page=zero",
    ];
    for (const path of odd) {
      const res = await api(path);
      expect(res.status, path).toBeGreaterThanOrEqual(200);
      expect(res.status, path).toBeLessThan(500);
      expect(res.json, path).toBeTypeOf("object");
    }
  });
});
