import { describe, expect, it } from "vitest";
import { PRICE_RANGES, priceInRange, type PriceRange } from "./options";

const RANGES = Object.keys(PRICE_RANGES) as PriceRange[];
const rangesOf = (paise: number) => RANGES.filter((r) => priceInRange(r, paise));

describe("price ranges", () => {
  it.each([
    [999_999, "under_10000"], // ₹9,999.99
    [1_000_000, "10000_20000"], // ₹10,000
    [1_999_999, "10000_20000"], // ₹19,999.99
    [2_000_000, "20000_30000"], // ₹20,000
    [2_999_999, "20000_30000"], // ₹29,999.99
    [3_000_000, "above_30000"], // ₹30,000
    [3_000_001, "above_30000"], // ₹30,000.01
    [0, "under_10000"],
    [1_000_000_000, "above_30000"],
  ])("puts %i paise in exactly one range: %s", (paise, range) => {
    expect(rangesOf(paise)).toEqual([range]);
  });

  it("leaves no gap and no overlap between neighbouring ranges", () => {
    const bounds = RANGES.map((r) => PRICE_RANGES[r]);
    for (const [i, range] of bounds.entries()) expect(range.from).toBe(i === 0 ? null : bounds[i - 1]?.below);
    expect(bounds.at(-1)?.below).toBeNull();
  });

  it("labels say which side a boundary price is on", () => {
    expect(RANGES.map((r) => PRICE_RANGES[r].label)).toEqual([
      "Under ₹10,000",
      "₹10,000 to under ₹20,000",
      "₹20,000 to under ₹30,000",
      "₹30,000 and above",
    ]);
  });
});
