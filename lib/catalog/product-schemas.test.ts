import { describe, expect, it } from "vitest";
import { copyCandidate, photoOrderSchema, photoUpdateSchema, productCreateSchema, productDuplicateSchema, productUpdateSchema, slugFromName } from "./product-schemas";

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.map(String).join("."), i.message]));

describe("product schemas", () => {
  const minimal = { name: "Ikat Cushion Cover", sku: "KH-IKAT-01", category_id: 3, main_price: 799 };

  it("takes a new product with only its name, SKU, category and price", () => {
    expect(productCreateSchema.parse(minimal)).toEqual(minimal);
  });

  it("names every bad field of a new product", () => {
    const result = productCreateSchema.safeParse({ name: "ab", sku: "a b", category_id: 0, main_price: 1.234, slug: "Bad Slug", hsn_code: "630", lead_time_days: 0, about_image: "https://evil.example/x.jpg", colour: "red" });
    expect(Object.keys(fieldsOf(result)).sort()).toEqual(["", "about_image", "category_id", "hsn_code", "lead_time_days", "main_price", "name", "sku", "slug"].sort());
    expect(fieldsOf(productCreateSchema.safeParse({ ...minimal, stocked_price: 500 })).stocked_price).toBe("The list price (stocked_price) cannot be below the selling price.");
    expect(fieldsOf(productCreateSchema.safeParse({ ...minimal, lead_time_days: 10 })).lead_time_days).toBe("A lead time is for a made-to-order product: set made_to_order too.");
    expect(productCreateSchema.safeParse({ ...minimal, made_to_order: true, lead_time_days: 10 }).success).toBe(true);
  });

  it("refuses control characters in plain text and NUL in rich text, and keeps line breaks", () => {
    expect(productUpdateSchema.safeParse({ name: "Bad\u0007Name" }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ description: "<p>a\u0000b</p>" }).success).toBe(false);
    expect(productUpdateSchema.parse({ short_description: "Two\nlines" }).short_description).toBe("Two\nlines");
    expect(productUpdateSchema.parse({ description: "<script>x</script>" }).description).toBe("<script>x</script>");
  });

  it("clears a text with null or an empty string", () => {
    expect(productUpdateSchema.parse({ description: "", meta_title: null })).toEqual({ description: null, meta_title: null });
  });

  it("refuses stock_quantity, an empty change and unknown fields", () => {
    expect(fieldsOf(productUpdateSchema.safeParse({ stock_quantity: 5 })).stock_quantity).toMatch(/^stock_quantity cannot be set/);
    expect(productUpdateSchema.safeParse({}).success).toBe(false);
    expect(productUpdateSchema.safeParse({ colour: "red" }).success).toBe(false);
    expect(productDuplicateSchema.parse({})).toEqual({});
  });

  it("takes attributes by name with their values", () => {
    expect(productUpdateSchema.parse({ attributes: { Material: ["Cotton", "Linen"] } }).attributes).toEqual({ Material: ["Cotton", "Linen"] });
    expect(productUpdateSchema.safeParse({ attributes: { Material: [""] } }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ attributes: ["Cotton"] }).success).toBe(false);
  });

  it("checks photo edits and orders", () => {
    expect(photoUpdateSchema.safeParse({ main: false }).success).toBe(false);
    expect(photoUpdateSchema.safeParse({ alt: "ab" }).success).toBe(false);
    expect(photoUpdateSchema.parse({ alt: " A curtain drawn across a window ", main: true })).toEqual({ alt: "A curtain drawn across a window", main: true });
    expect(fieldsOf(photoOrderSchema.safeParse({ photo_ids: [3, 3] })).photo_ids).toBe("A photo is listed twice.");
    expect(photoOrderSchema.safeParse({ photo_ids: [] }).success).toBe(false);
  });
});

describe("slugs and SKUs the store makes", () => {
  it("makes a slug from a name", () => {
    expect(slugFromName("Ikat Cushion Cover — Indigo")).toBe("ikat-cushion-cover-indigo");
    expect(slugFromName("Crème Brûlée Throw")).toBe("creme-brulee-throw");
    expect(slugFromName("Ab")).toBe("product-ab");
    expect(slugFromName("!!!")).toBe("product");
    expect(slugFromName("x".repeat(300))).toHaveLength(180);
  });

  it("numbers a copy's slug and SKU", () => {
    expect([1, 2, 3].map((n) => copyCandidate("ikat-cover", n, "slug"))).toEqual(["ikat-cover-copy", "ikat-cover-copy-2", "ikat-cover-copy-3"]);
    expect([1, 2].map((n) => copyCandidate("KH-IKAT-01", n, "sku"))).toEqual(["KH-IKAT-01-COPY", "KH-IKAT-01-COPY2"]);
    expect(copyCandidate("K".repeat(64), 12, "sku").length).toBeLessThanOrEqual(64);
  });
});
