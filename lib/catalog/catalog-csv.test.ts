import { describe, expect, it } from "vitest";
import { PRODUCT_FIELD_MESSAGES } from "./product-schemas";
import { checkHeader, CSV_COLUMNS, csvRupees, csvTemplate, parseCsvRow } from "./catalog-csv";

const row = (cells: Record<string, string>, n = 2) => parseCsvRow(cells, n);

describe("checkHeader", () => {
  it("takes the export's columns in any order and case", () => {
    expect(checkHeader([...CSV_COLUMNS])).toBeNull();
    expect(checkHeader(["Name", " SKU ", "Price"])).toBeNull();
  });
  it("names unknown and repeated columns, and a missing sku", () => {
    expect(checkHeader(["sku", "colour"])).toContain("Unknown columns: colour.");
    expect(checkHeader(["sku", "price", "Price"])).toBe("Columns named twice: price.");
    expect(checkHeader(["name", "price"])).toBe("The header has no sku column: the first row names the columns (download the template).");
  });
});

describe("parseCsvRow: one row checked with the product schemas", () => {
  it("reads a good row: rupees to paise, yes/no, trimmed text", () => {
    const r = row({ sku: " KH-1 ", name: "Ikat Cushion Cover", category: "cushions", price: "1,499.50", compare_at_price: "1999", stock: "12", published: "Yes", made_to_order: "no", hsn_code: "6304" });
    expect(r.errors).toEqual([]);
    expect(r).toMatchObject({ row: 2, sku: "KH-1", variantSku: null, price: 149950, compareAt: 199900, stock: 12, product: { name: "Ikat Cushion Cover", category: "cushions", published: true, made_to_order: false, hsn_code: "6304" } });
  });

  it("leaves empty cells out (they change nothing)", () => {
    const r = row({ sku: "KH-1", name: "", price: "", published: "" });
    expect(r.errors).toEqual([]);
    expect(r.product).toEqual({});
    expect(r.price).toBeUndefined();
  });

  it("reports every error of the row with its column", () => {
    const r = row({ sku: "bad sku!", name: "ab", price: "12.345", compare_at_price: "abc", stock: "-3", published: "maybe", hsn_code: "12", slug: "Not A Slug", category: "Cushions!" }, 7);
    expect(r.errors.map((e) => `${e.row} ${e.column}: ${e.message}`)).toEqual([
      "7 sku: A SKU is 1 to 64 letters, digits, dots, hyphens or underscores, starting with a letter or digit.",
      "7 published: Write yes or no.",
      "7 price: A number of rupees, like 1499 or 1499.50.",
      "7 compare_at_price: A number of rupees, like 1499 or 1499.50.",
      "7 stock: Units in stock: a whole number from 0 to 1,000,000.",
      "7 name: A name is 3 to 200 characters.",
      `7 slug: ${PRODUCT_FIELD_MESSAGES.slug}`,
      "7 hsn_code: An HSN code is 4, 6 or 8 digits.",
      "7 category: There is no category Cushions!.",
    ]);
  });

  it("refuses a compare-at price below the price, and a lead time without made to order", () => {
    expect(row({ sku: "KH-1", price: "1000", compare_at_price: "900" }).errors).toEqual([{ row: 2, column: "compare_at_price", message: "The compare-at price cannot be below the price." }]);
    expect(row({ sku: "KH-1", made_to_order: "no", lead_time_days: "10" }).errors.map((e) => e.column)).toEqual(["lead_time_days"]);
  });

  it("keeps a row's good fields when another is wrong (a new product's name stays known)", () => {
    const r = row({ sku: "KH-2", name: "Block Print Quilt", hsn_code: "12", price: "900", compare_at_price: "800" });
    expect(r.errors.map((e) => e.column)).toEqual(["hsn_code", "compare_at_price"]);
    expect(r.product).toEqual({ name: "Block Print Quilt" });
    expect(r.price).toBe(90000);
  });

  it("needs the product's SKU on every row, and checks a variant's", () => {
    expect(row({ sku: "", variant_sku: "V 1" }).errors.map((e) => e.column)).toEqual(["sku", "variant_sku"]);
  });
});

describe("the CSV's rupees and template", () => {
  it("writes paise as rupees", () => {
    expect(csvRupees(149900)).toBe("1499");
    expect(csvRupees(149950)).toBe("1499.50");
    expect(csvRupees(5)).toBe("0.05");
  });
  it("has a template whose example row passes the checks", () => {
    const [header, example] = csvTemplate().replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(header).toBe(CSV_COLUMNS.join(","));
    const cells = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, example?.split(",")[i] ?? ""]));
    expect(row(cells).errors).toEqual([]);
  });
});
