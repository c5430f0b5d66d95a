import { describe, expect, it } from "vitest";
import { dayAndMonth, formatCount, formatDate, formatPaise, formatRupees } from "./format";

describe("rupee formatting", () => {
  it("groups lakhs and crores the Indian way", () => {
    expect(formatPaise(12_345_600)).toBe("₹1,23,456");
    expect(formatPaise(1_234_567_800)).toBe("₹1,23,45,678");
    expect(formatPaise(99_900)).toBe("₹999");
    expect(formatPaise(100_000)).toBe("₹1,000");
    expect(formatPaise(1_000_000_000_000)).toBe("₹10,00,00,00,000");
  });

  it("puts the minus sign before the rupee sign", () => {
    expect(formatPaise(-150_000)).toBe("-₹1,500");
    expect(formatPaise(-0)).toBe("₹0");
  });

  it("shows paise only when there are some", () => {
    expect(formatPaise(150_050)).toBe("₹1,500.50");
    expect(formatRupees(1899.5)).toBe("₹1,899.50");
    expect(formatRupees(0)).toBe("₹0");
    expect(formatPaise(5)).toBe("₹0.05");
    expect(formatRupees(10.1)).toBe("₹10.10");
  });

  it("gives day and short month in India time", () => {
    expect(dayAndMonth("2026-03-04T20:00:00.000Z")).toEqual({ day: "05", month: "Mar" });
    expect(dayAndMonth("2026-03-04T18:29:59.000Z")).toEqual({ day: "04", month: "Mar" });
  });

  it("writes dates the same way on every browser", () => {
    expect(formatDate("2026-09-05T20:00:00.000Z")).toBe("6 Sep 2026");
    expect(formatDate("2026-12-31T18:30:00.000Z")).toBe("1 Jan 2027");
  });

  it("gives no date text for a timestamp that is not a date, instead of NaN", () => {
    for (const bad of ["", "not a date", "2026-13-45T00:00:00Z", "+275760-09-13T00:00:00.000Z", null, undefined]) {
      expect(formatDate(bad), String(bad)).toBe("");
      expect(dayAndMonth(bad), String(bad)).toBeNull();
    }
  });
});

describe("counts", () => {
  it("says one product and any other number of products, never product(s)", () => {
    expect(formatCount(1, "product")).toBe("1 product");
    expect(formatCount(9, "product")).toBe("9 products");
    expect(formatCount(0, "product")).toBe("0 products");
    expect(formatCount(125_000, "product")).toBe("1,25,000 products");
    expect(formatCount(2, "child", "children")).toBe("2 children");
  });
});
