import { describe, expect, it } from "vitest";
import { dayAndMonth, formatPaise, formatRupees } from "./format";

describe("rupee formatting", () => {
  it("groups lakhs and crores the Indian way", () => {
    expect(formatPaise(12_345_600)).toBe("₹1,23,456");
    expect(formatPaise(1_234_567_800)).toBe("₹1,23,45,678");
    expect(formatPaise(99_900)).toBe("₹999");
  });

  it("shows paise only when there are some", () => {
    expect(formatPaise(150_050)).toBe("₹1,500.50");
    expect(formatRupees(1899.5)).toBe("₹1,899.50");
    expect(formatRupees(0)).toBe("₹0");
  });

  it("gives day and short month in India time", () => {
    expect(dayAndMonth("2026-03-04T20:00:00.000Z")).toEqual({ day: "05", month: "Mar" });
  });
});
