import { describe, expect, it } from "vitest";
import { decodeCursor, parseProductListQuery } from "../../lib/catalog/admin-list";
import { adminListMix, cursorFor, MIX, type MixCatalog, type MixProduct } from "./admin-mix";

const names = ["Jaipur Indigo Paisley Cotton Curtain", "Bagru Madder Red Dabu Linen Bedsheet Set", "Kutch Saffron Kilim Wool Dhurrie", "Coorg Ivory Kantha Velvet Cushion Cover", "Shimla Plum Chevron Two-Seater Sofa"];
const categories = ["curtains", "block-print-curtains", "bedsheets", "dhurries", "cushion-covers", "sofas"];
const products: MixProduct[] = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  name: `${names[i % names.length]}`,
  sku: `KHG-CUR-${String(i + 1).padStart(6, "0")}`,
  price: 129_900 + i * 100,
  stock: i % 40,
  updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
  createdAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
  category: categories[i % categories.length] as string,
}));
const catalog: MixCatalog = { products, variantSkus: products.slice(0, 50).flatMap((p) => [`${p.sku}-S`, `${p.sku}-M`, `${p.sku}-L`]), categories };

/** The list's state as the page reads it from a path of the mix. */
const stateOf = (path: string) => {
  const url = new URL(path, "http://shop.test");
  expect(url.pathname).toBe("/admin/products");
  return parseProductListQuery(Object.fromEntries(url.searchParams));
};

describe("the admin-list bench's request mix", () => {
  const mix = adminListMix(catalog, 1500, 42);

  it("gives the number of paths asked for, none twice, each a list URL the page reads without dropping anything", () => {
    expect(mix).toHaveLength(1500);
    expect(new Set(mix.map((m) => m.path)).size).toBe(1500);
    for (const { path } of mix) expect(stateOf(path).ignored).toEqual([]);
  });

  it("mixes searches by words and SKUs, filters and far pages in about the proportions of MIX", () => {
    for (const [kind, weight] of Object.entries(MIX)) {
      const share = mix.filter((m) => m.kind === kind).length / mix.length;
      expect(share, kind).toBeGreaterThan(weight - 0.05);
      expect(share, kind).toBeLessThan(weight + 0.05);
    }
    const queries = mix.map((m) => ({ kind: m.kind, query: stateOf(m.path).query }));
    // Word searches use words of the names; SKU searches a product's SKU or its start; a variant's SKU whole.
    const nameText = names.join(" ").toLowerCase();
    for (const { query } of queries.filter((q) => q.kind === "word" || q.kind === "words")) {
      for (const word of (query.q ?? "").toLowerCase().split(" ")) expect(nameText).toContain(word);
    }
    for (const { query } of queries.filter((q) => q.kind === "sku")) expect(products.some((p) => p.sku.startsWith(query.q ?? "?"))).toBe(true);
    for (const { query } of queries.filter((q) => q.kind === "variantSku")) expect(catalog.variantSkus).toContain(query.q);
    // Filters: each filter and every sort come up.
    const filters = queries.filter((q) => q.kind === "filter").map((q) => q.query);
    expect(filters.every((f) => f.category || f.availability || f.stock || f.published)).toBe(true);
    for (const key of ["category", "availability", "stock", "published"] as const) expect(filters.some((f) => f[key])).toBe(true);
    expect(new Set(filters.map((f) => f.sort ?? "updated")).size).toBe(6);
  });

  it("starts far pages at a product somewhere in the list, by its key in the page's sort", () => {
    const far = mix.filter((m) => m.kind === "farPage").map((m) => stateOf(m.path).query);
    expect(far.every((q) => q.after)).toBe(true);
    for (const q of far) {
      const product = products.find((p) => p.id === q.after?.id) as MixProduct;
      expect(q.after).toEqual(cursorFor(product, q.sort ?? "updated"));
    }
    // Spread over the list, not only near its start.
    const ids = far.map((q) => q.after?.id ?? 0);
    expect(Math.max(...ids)).toBeGreaterThan(400);
    expect(Math.min(...ids)).toBeLessThan(100);
    // The cursor survives the URL: the page decodes what the mix encoded.
    const raw = new URL(mix.find((m) => m.kind === "farPage")?.path ?? "", "http://shop.test").searchParams.get("after") ?? "";
    expect(decodeCursor(raw)).not.toBeNull();
  });

  it("is the same for the same seed, different for another, and refuses a catalog too small for the count", () => {
    expect(adminListMix(catalog, 200, 7)).toEqual(adminListMix(catalog, 200, 7));
    expect(adminListMix(catalog, 200, 7)).not.toEqual(adminListMix(catalog, 200, 8));
    const tiny: MixCatalog = { products: products.slice(0, 1), variantSkus: [], categories: ["sofas"] };
    expect(() => adminListMix(tiny, 300, 1)).toThrow(/only \d+ distinct admin list requests/);
  });
});
