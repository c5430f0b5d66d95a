import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, parseProductListQuery, productListHref } from "./admin-list";

describe("the admin product list's URL", () => {
  it("reads every filter, the sort and a cursor from the query string", () => {
    const after = encodeCursor({ key: "2026-11-20T10:00:00.000Z", id: 42 });
    const { query, ignored } = parseProductListQuery({ q: " cotton ", category: "bedsheets", availability: "in_stock", stock: "low", published: "no", sort: "price_desc", after });
    expect(query).toEqual({ q: "cotton", category: "bedsheets", availability: "in_stock", stock: "low", published: "no", sort: "price_desc", after: { key: "2026-11-20T10:00:00.000Z", id: 42 } });
    expect(ignored).toEqual([]);
  });

  it("drops what it cannot mean and names it, so an old or edited bookmark still opens the list", () => {
    const { query, ignored } = parseProductListQuery({ sort: "cheapest", stock: "some", published: "maybe", category: "Bed Sheets!", after: "not-a-cursor!!", q: "x".repeat(101), extra: "1" });
    expect(query).toEqual({});
    expect(ignored.sort()).toEqual(["after", "category", "published", "q", "sort", "stock"]);
  });

  it("takes the first of a repeated key and ignores empty ones (a submitted filter form)", () => {
    const { query, ignored } = parseProductListQuery({ sort: ["name", "price_asc"], q: "", category: "" });
    expect(query).toEqual({ sort: "name" });
    expect(ignored).toEqual([]);
  });

  it("keeps `after` when a URL has both cursors", () => {
    const a = encodeCursor({ key: 10, id: 1 });
    const b = encodeCursor({ key: 20, id: 2 });
    expect(parseProductListQuery({ after: a, before: b }).query).toEqual({ after: { key: 10, id: 1 } });
  });

  it("round-trips cursors with numbers, strings and non-Latin names, and refuses forged ones", () => {
    for (const cursor of [{ key: 0, id: 1 }, { key: 149900, id: 99999 }, { key: "Kāñchīpuram silk · कांजीवरम", id: 7 }]) expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(btoa(JSON.stringify(["x", -1])))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify({ key: 1, id: 2 })))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify([{ sql: 1 }, 2])))).toBeNull();
    expect(decodeCursor("%%%")).toBeNull();
  });

  it("builds links: a filter change starts at the first page, paging keeps the filters", () => {
    const { query } = parseProductListQuery({ q: "rug", sort: "name", after: encodeCursor({ key: "M", id: 3 }) });
    expect(productListHref(query)).toBe("/admin/products?q=rug&sort=name");
    expect(productListHref(query, { stock: "out" })).toBe("/admin/products?q=rug&stock=out&sort=name");
    expect(productListHref(query, { q: undefined, sort: undefined })).toBe("/admin/products");
    const next = productListHref(query, { after: { key: "Z", id: 9 } });
    expect(next).toMatch(/^\/admin\/products\?q=rug&sort=name&after=[A-Za-z0-9_-]+$/);
    expect(parseProductListQuery(Object.fromEntries(new URL(next, "http://x").searchParams)).query.after).toEqual({ key: "Z", id: 9 });
  });
});
