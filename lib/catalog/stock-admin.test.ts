import { describe, expect, it } from "vitest";
import { effectiveThreshold, ledgerHref, leadTimeText, productThresholdSchema, shopThresholdSchema, shortfall, stockAdjustFormSchema, stockListHref, stockListQuerySchema, stockStateOf, THRESHOLD_MESSAGE } from "./stock-admin";

describe("the low rule", () => {
  it("is low in stock and at or below the threshold; none is out; made to order is neither", () => {
    expect(stockStateOf({ stock: 5, threshold: 5, madeToOrder: false })).toBe("low");
    expect(stockStateOf({ stock: 1, threshold: 5, madeToOrder: false })).toBe("low");
    expect(stockStateOf({ stock: 6, threshold: 5, madeToOrder: false })).toBe("ok");
    expect(stockStateOf({ stock: 0, threshold: 5, madeToOrder: false })).toBe("out");
    expect(stockStateOf({ stock: 3, threshold: 0, madeToOrder: false })).toBe("ok");
    expect(stockStateOf({ stock: 0, threshold: 5, madeToOrder: true })).toBe("made_to_order");
    expect(stockStateOf({ stock: 2, threshold: 5, madeToOrder: true })).toBe("made_to_order");
  });

  it("takes the product's own threshold, else the shop's default; counts how far below", () => {
    expect(effectiveThreshold(null, 5)).toBe(5);
    expect(effectiveThreshold(0, 5)).toBe(0);
    expect(effectiveThreshold(12, 5)).toBe(12);
    expect(shortfall(3, 10)).toBe(7);
    expect(shortfall(12, 10)).toBe(0);
  });
});

describe("the Stock page's URL", () => {
  it("reads a tab, a search and a page, with the Low tab and page 1 as defaults", () => {
    expect(stockListQuerySchema.parse({})).toEqual({ tab: "low", q: undefined, page: 1 });
    expect(stockListQuerySchema.parse({ tab: "made_to_order", q: "  quilt ", page: "3" })).toEqual({ tab: "made_to_order", q: "quilt", page: 3 });
    expect(stockListQuerySchema.safeParse({ tab: "everything" }).success).toBe(false);
    expect(stockListQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(stockListQuerySchema.safeParse({ page: "two" }).success).toBe(false);
  });

  it("links tabs, searches and pages, leaving out what is the default", () => {
    expect(stockListHref({ tab: "low" })).toBe("/admin/stock");
    expect(stockListHref({ tab: "low", q: "sheet" }, { tab: "out" })).toBe("/admin/stock?tab=out&q=sheet");
    expect(stockListHref({ tab: "out", q: "sheet", page: 4 }, { page: 5 })).toBe("/admin/stock?tab=out&q=sheet&page=5");
    // A new tab starts at page 1.
    expect(stockListHref({ tab: "out", page: 4 }, { tab: "made_to_order" })).toBe("/admin/stock?tab=made_to_order");
    expect(ledgerHref("jaipur-quilt")).toBe("/admin/stock/jaipur-quilt");
    expect(ledgerHref("jaipur-quilt", 2)).toBe("/admin/stock/jaipur-quilt?page=2");
  });
});

describe("the Stock page's forms", () => {
  it("takes a product's threshold as units, or empty for the shop's default", () => {
    expect(productThresholdSchema.parse({ low_stock_threshold: "8" })).toEqual({ low_stock_threshold: 8 });
    expect(productThresholdSchema.parse({ low_stock_threshold: "" })).toEqual({ low_stock_threshold: null });
    expect(productThresholdSchema.parse({ low_stock_threshold: 0 })).toEqual({ low_stock_threshold: 0 });
    for (const bad of ["-1", "2.5", "lots", "10001", true]) {
      const result = productThresholdSchema.safeParse({ low_stock_threshold: bad });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["low_stock_threshold"], message: THRESHOLD_MESSAGE });
    }
    expect(shopThresholdSchema.safeParse({ low_stock_threshold: "" }).success).toBe(false);
    expect(shopThresholdSchema.parse({ low_stock_threshold: "12" })).toEqual({ low_stock_threshold: 12 });
  });

  it("checks an adjustment as the admin API does: a whole number of units, not 0, and a reason", () => {
    expect(stockAdjustFormSchema.parse({ slug: "anise", adjustment: { delta: "-2", reason: " Damaged in store " } })).toEqual({ slug: "anise", adjustment: { delta: -2, reason: "Damaged in store" } });
    const fields = (value: unknown) => {
      const result = stockAdjustFormSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
    };
    expect(fields({ slug: "anise", sku: "KH-1-S", adjustment: { delta: "0", reason: "Counted" } })).toEqual(["adjustment.delta"]);
    expect(fields({ slug: "anise", adjustment: { delta: "1.5", reason: "Counted" } })).toEqual(["adjustment.delta"]);
    expect(fields({ slug: "anise", adjustment: { delta: "3", reason: "" } })).toEqual(["adjustment.reason"]);
    expect(fields({ slug: "../x", adjustment: { delta: "3", reason: "Counted" } })).toEqual(["slug"]);
  });

  it("names a lead time, or the shop's days for made to order", () => {
    expect(leadTimeText(12, { min: 20, max: 25 })).toBe("12 days");
    expect(leadTimeText(1, { min: 20, max: 25 })).toBe("1 day");
    expect(leadTimeText(null, { min: 20, max: 25 })).toBe("20–25 days (shop default)");
    expect(leadTimeText(null, { min: 7, max: 7 })).toBe("7 days (shop default)");
  });
});
