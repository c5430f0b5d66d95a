import { describe, expect, it } from "vitest";
import { emptyProductForm, parseOptions, productInput, searchPreview, seoHint, suggestedSku, toggleAttributeValue, variantGrid, variantSetInput } from "./product-editor";
import { productCreateSchema, productUpdateSchema } from "./product-schemas";
import { variantSetSchema } from "./variant-schemas";

describe("seoHint", () => {
  it("says a title over about 60 characters is cut, and one within fits", () => {
    expect(seoHint("x".repeat(61), "title")).toMatchObject({ state: "long", length: 61, limit: 60 });
    expect(seoHint("x".repeat(61), "title").message).toContain("cut it after about 60");
    expect(seoHint("Ikat cushion cover in indigo cotton | Kesar Home", "title")).toMatchObject({ state: "good" });
    expect(seoHint("Cushion", "title")).toMatchObject({ state: "short" });
    expect(seoHint("   ", "title")).toMatchObject({ state: "empty", length: 0 });
  });

  it("measures a description against about 160 characters, counting characters not bytes", () => {
    expect(seoHint("₹".repeat(160), "description")).toMatchObject({ state: "good", length: 160 });
    expect(seoHint("₹".repeat(161), "description")).toMatchObject({ state: "long", length: 161, limit: 160 });
  });
});

describe("searchPreview", () => {
  it("falls back to the name and shop and the short description, and cuts at a word with an ellipsis", () => {
    const p = searchPreview({ metaTitle: "", name: "Ikat Cushion", metaDescription: "", shortDescription: "word ".repeat(60), slug: "ikat-cushion", origin: "https://shop.example.in/", shopName: "Kesar Home" });
    expect(p.title).toBe("Ikat Cushion | Kesar Home");
    expect(p.url).toBe("shop.example.in › products › ikat-cushion");
    expect(p.description.endsWith("…")).toBe(true);
    expect([...p.description].length).toBeLessThanOrEqual(161);
    expect(p.description).not.toMatch(/wor…$/);
  });
});

describe("variantGrid", () => {
  const defaults = { baseSku: "KH-CURT", price: "1499", compareAt: "" };

  it("makes every combination, the first option varying slowest, with suggested SKUs", () => {
    const options = parseOptions([
      { name: "Length", values: "5 ft, 7 ft" },
      { name: "Colour", values: "Ivory, Rust, ivory" },
      { name: "", values: "ignored" },
    ]);
    expect(options).toEqual([
      { name: "Length", values: ["5 ft", "7 ft"] },
      { name: "Colour", values: ["Ivory", "Rust"] },
    ]);
    const rows = variantGrid(options, [], defaults);
    expect(rows.map((r) => r.label)).toEqual(["5 ft / Ivory", "5 ft / Rust", "7 ft / Ivory", "7 ft / Rust"]);
    expect(rows[0]).toMatchObject({ sku: "KH-CURT-5FT-IVORY", price: "1499", initialStock: "0", existing: false, options: { Length: "5 ft", Colour: "Ivory" } });
  });

  it("keeps a row the grid had (its SKU, price and that it exists) when a value is added", () => {
    const first = variantGrid([{ name: "Size", values: ["Single"] }], [], defaults).map((r) => ({ ...r, sku: "MINE-1", price: "999", existing: true }));
    const next = variantGrid([{ name: "Size", values: ["Single", "King"] }], first, defaults);
    expect(next[0]).toMatchObject({ label: "Single", sku: "MINE-1", price: "999", existing: true });
    expect(next[1]).toMatchObject({ label: "King", sku: "KH-CURT-KING", existing: false });
  });

  it("gives nothing without options, and a body the variant schema accepts", () => {
    expect(variantGrid([], [], defaults)).toEqual([]);
    const options = [{ name: "Size", values: ["Single", "Double"] }];
    const rows = variantGrid(options, [], defaults);
    rows[1]!.initialStock = "4";
    const parsed = variantSetSchema.safeParse(variantSetInput(options, rows));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.variants.map((v) => [v.sku, v.price, v.initial_stock])).toEqual([
      ["KH-CURT-SINGLE", 1499, 0],
      ["KH-CURT-DOUBLE", 1499, 4],
    ]);
  });

  it("keeps suggested SKUs within 64 characters and the SKU pattern", () => {
    const sku = suggestedSku("A".repeat(60), ["Extra large", "Navy blue"]);
    expect(sku.length).toBeLessThanOrEqual(64);
    expect(sku).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/);
  });
});

describe("productInput", () => {
  const form = () => ({ ...emptyProductForm(["Material"]), name: "Ikat Cushion", sku: "KH-IKAT", category_id: "3", main_price: "1,299", description: "<p></p>", attributes: { Material: ["Cotton", "Linen"] } });

  it("sends a new product's typed fields only, as the create schema takes them", () => {
    const input = productInput(form());
    expect(input).toEqual({ name: "Ikat Cushion", sku: "KH-IKAT", category_id: 3, main_price: 1299, attributes: { Material: ["Cotton", "Linen"] } });
    expect(productCreateSchema.safeParse(input).success).toBe(true);
  });

  it("sends only what changed on an edit, clearing a field as null", () => {
    const before = { ...form(), hsn_code: "6304" };
    const after = { ...before, main_price: "1399", hsn_code: "" };
    const input = productInput(after, { before });
    expect(input).toEqual({ main_price: 1399, hsn_code: null });
    expect(productUpdateSchema.safeParse(input).success).toBe(true);
    expect(productInput(before, { before })).toEqual({});
  });

  it("leaves prices and made to order to the variants of a product sold by variant, and sends a stock adjustment only when typed", () => {
    const before = form();
    expect(productInput({ ...before, main_price: "5", made_to_order: true }, { before, soldByVariant: true })).toEqual({});
    expect(productInput({ ...before, stock_delta: "-2", stock_reason: "damaged in the store" }, { before })).toEqual({ stock_adjustment: { delta: -2, reason: "damaged in the store" } });
  });

  it("lets the schema name a price that is not a number", () => {
    const result = productCreateSchema.safeParse(productInput({ ...form(), main_price: "abc" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["main_price"]);
  });

  it("sends the values picked of each attribute, and leaves a product sold by variant's sizes to its variants", () => {
    const before = { ...emptyProductForm(["Material", "Size", "Colour"]), attributes: { Material: ["Cotton"], Size: ["7 ft"], Colour: [] } };
    const after = { ...before, attributes: { ...before.attributes, Colour: ["Blue"] } };
    expect(productInput(after, { before })).toEqual({ attributes: { Material: ["Cotton"], Size: ["7 ft"], Colour: ["Blue"] } });
    expect(productInput(after, { before, soldByVariant: true })).toEqual({ attributes: { Material: ["Cotton"], Colour: ["Blue"] } });
    expect(productInput({ ...before, attributes: { Material: [], Size: [], Colour: [] } }, { before })).toEqual({ attributes: {} });
  });

  it("keeps the picked values in the attribute's order", () => {
    expect(toggleAttributeValue(["Silk"], "Cotton", true, ["Cotton", "Linen", "Silk"])).toEqual(["Cotton", "Silk"]);
    expect(toggleAttributeValue(["Cotton", "Silk"], "Cotton", false, ["Cotton", "Linen", "Silk"])).toEqual(["Silk"]);
    expect(toggleAttributeValue(["Cotton"], "Jute", true, ["Cotton", "Linen"])).toEqual(["Cotton", "Jute"]);
  });
});
