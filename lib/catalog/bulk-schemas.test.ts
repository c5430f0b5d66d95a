import { describe, expect, it } from "vitest";
import { bulkActionSchema, bulkInputFromForm, bulkPermission, changedPrice, changedPrices } from "./bulk-schemas";

describe("changedPrice: a bulk price change, rounded to the rupee, never below zero", () => {
  it("raises and lowers by a percentage, to the nearest rupee", () => {
    expect(changedPrice(149900, { by: "percent", value: 10 })).toBe(164900); // 1648.90 → 1649
    expect(changedPrice(99900, { by: "percent", value: -15 })).toBe(84900); // 849.15 → 849
    expect(changedPrice(100050, { by: "percent", value: 0.01 })).toBe(100100); // 1000.60 → 1001
    expect(changedPrice(125000, { by: "percent", value: -99 })).toBe(1300); // 12.50 → 13 (half up)
  });

  it("adds or takes an amount of rupees, and stops at zero", () => {
    expect(changedPrice(149900, { by: "amount", value: 100 })).toBe(159900);
    expect(changedPrice(149950, { by: "amount", value: -50.25 })).toBe(144900); // 1449.25 → 1449
    expect(changedPrice(5000, { by: "amount", value: -80 })).toBe(0);
  });
});

describe("changedPrices: the compare-at price follows, or is cleared", () => {
  it("moves a compare-at above the price by the same change", () => {
    expect(changedPrices(100000, 150000, { by: "percent", value: 10 })).toEqual({ price: 110000, listPrice: 165000 });
    expect(changedPrices(100000, 150000, { by: "amount", value: -200 })).toEqual({ price: 80000, listPrice: 130000 });
  });

  it("clears the compare-at (makes it the price) when it would fall to the price or below", () => {
    // 1000 → 1010 (+1%), 1005 → 1015: still above; but an amount to zero takes both to zero.
    expect(changedPrices(100000, 100500, { by: "amount", value: -2000 })).toEqual({ price: 0, listPrice: 0 });
    // Rounding brings them together: 1000.40 and 1000.60 both become 1001 after +0.01%... the compare-at is cleared.
    expect(changedPrices(100040, 100060, { by: "percent", value: 0.01 })).toEqual({ price: 100100, listPrice: 100100 });
  });

  it("keeps a product without a compare-at without one", () => {
    expect(changedPrices(50000, 50000, { by: "percent", value: 20 })).toEqual({ price: 60000, listPrice: 60000 });
  });
});

describe("bulkActionSchema", () => {
  it("accepts each action and removes repeated ids", () => {
    expect(bulkActionSchema.parse({ action: "publish", ids: [3, 1, 3] })).toEqual({ action: "publish", ids: [3, 1] });
    expect(bulkActionSchema.parse({ action: "price", ids: [1], by: "percent", value: -10 })).toMatchObject({ by: "percent", value: -10 });
    expect(bulkActionSchema.parse({ action: "stock", ids: [1], delta: -2, reason: "  Counted short " })).toMatchObject({ delta: -2, reason: "Counted short" });
    expect(bulkActionSchema.parse({ action: "category", ids: [1], category_id: 4 })).toMatchObject({ category_id: 4 });
  });

  it("refuses what makes no sense, with a message per field", () => {
    const issues = (value: unknown) => bulkActionSchema.safeParse(value).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues({ action: "publish", ids: [] })).toEqual(["ids: Choose 1 to 500 products."]);
    expect(issues({ action: "price", ids: [1], by: "percent", value: -100 })).toEqual(["value: A percentage is a number from -99 to 1000 (at most two decimals), not 0."]);
    expect(issues({ action: "price", ids: [1], by: "amount", value: 0 })).toEqual(["value: Not 0, and at most two decimals."]);
    expect(issues({ action: "price", ids: [1], by: "amount", value: 1.234 })).toEqual(["value: Not 0, and at most two decimals."]);
    expect(issues({ action: "stock", ids: [1], delta: 0, reason: "x" })).toEqual(["delta: Units in (5) or out (-2): a whole number, not 0.", "reason: Say why, in 3 to 200 characters."]);
    expect(issues({ action: "delete", ids: [1] })?.[0]).toContain("Choose an action");
    expect(issues({ action: "publish", ids: Array.from({ length: 501 }, (_, i) => i + 1) })).toEqual(["ids: Choose 1 to 500 products."]);
  });

  it("reads the list's form (a price down is a negative value)", () => {
    expect(bulkActionSchema.parse(bulkInputFromForm({ action: "price", ids: ["2", "5"], by: "percent", direction: "down", value: "10" }))).toEqual({ action: "price", ids: [2, 5], by: "percent", value: -10 });
    expect(bulkActionSchema.safeParse(bulkInputFromForm({ action: "category", ids: ["2"], category_id: "" })).success).toBe(false);
  });

  it("names the permission each action needs", () => {
    expect(bulkPermission("publish")).toEqual(["product", "publish"]);
    expect(bulkPermission("unpublish")).toEqual(["product", "publish"]);
    expect(bulkPermission("price")).toEqual(["product", "update"]);
    expect(bulkPermission("category")).toEqual(["product", "update"]);
    expect(bulkPermission("stock")).toEqual(["stock", "update"]);
  });
});
