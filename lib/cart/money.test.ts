import { describe, expect, it } from "vitest";
import { intBetween, prng } from "@/lib/testing/commerce-fixtures";
import { allocate, gstContained, percentOf, taxableValue } from "./money";

/** amount × rate / (100 + rate), rounded half up, in exact integer arithmetic. */
function exactContained(amount: number, rate: number): number {
  const numerator = 2n * BigInt(amount) * BigInt(rate) + BigInt(100 + rate);
  return Number(numerator / (2n * BigInt(100 + rate)));
}

const RATES = [5, 12, 18, 28];

describe("gstContained", () => {
  it("splits the GST out of a tax-inclusive price", () => {
    expect(gstContained(105000, 5)).toBe(5000); // ₹1,050 at 5% contains ₹50
    expect(gstContained(11800, 18)).toBe(1800); // ₹118 at 18% contains ₹18
    expect(gstContained(112000, 12)).toBe(12000);
    expect(gstContained(12800, 28)).toBe(2800);
    expect(gstContained(262500, 5)).toBe(12500); // ₹2,625 = ₹2,500 + 5%
  });

  it("rounds to the nearest paisa, a half up", () => {
    expect(gstContained(100, 5)).toBe(5); // 4.76
    expect(gstContained(100, 18)).toBe(15); // 15.25
    expect(gstContained(14, 12)).toBe(2); // 1.5 exactly
    expect(gstContained(16, 28)).toBe(4); // 3.5 exactly
    expect(gstContained(1, 5)).toBe(0); // 0.048
    expect(gstContained(11, 5)).toBe(1); // 0.52
  });

  it("is nothing at a zero rate or on nothing", () => {
    expect(gstContained(105000, 0)).toBe(0);
    expect(gstContained(0, 18)).toBe(0);
    expect(gstContained(-500, 18)).toBe(0);
    expect(gstContained(500, -5)).toBe(0);
  });

  it("matches exact integer rounding for every amount up to ₹300 and for large amounts", () => {
    for (const rate of RATES) {
      for (let amount = 0; amount <= 30000; amount += 1) {
        const got = gstContained(amount, rate);
        if (got !== exactContained(amount, rate)) expect({ amount, rate, got }).toEqual({ amount, rate, got: exactContained(amount, rate) });
      }
    }
    const rand = prng(20250922);
    for (let i = 0; i < 2000; i += 1) {
      const amount = intBetween(rand, 0, 10_000_000_000); // up to ₹10 crore
      const rate = RATES[i % RATES.length]!;
      const got = gstContained(amount, rate);
      expect(Number.isInteger(got)).toBe(true);
      expect(got, `${amount} at ${rate}%`).toBe(exactContained(amount, rate));
    }
  });
});

describe("taxableValue", () => {
  it("is the inclusive amount less the GST it contains", () => {
    expect(taxableValue(105000, 5)).toBe(100000);
    expect(taxableValue(11800, 18)).toBe(10000);
    expect(taxableValue(262500, 5)).toBe(250000);
    expect(taxableValue(262501, 5)).toBe(250001);
    expect(taxableValue(100, 18)).toBe(85);
    expect(taxableValue(105000, 0)).toBe(105000);
    expect(taxableValue(0, 5)).toBe(0);
  });

  it("adds back up to the amount, in whole paise", () => {
    const rand = prng(7);
    for (let i = 0; i < 500; i += 1) {
      const amount = intBetween(rand, 0, 50_000_000);
      for (const rate of RATES) {
        const taxable = taxableValue(amount, rate);
        expect(Number.isInteger(taxable)).toBe(true);
        expect(taxable + gstContained(amount, rate)).toBe(amount);
        expect(taxable).toBeLessThanOrEqual(amount);
      }
    }
  });
});

describe("percentOf", () => {
  it("takes a percent of an amount, rounded down", () => {
    expect(percentOf(100000, 10)).toBe(10000);
    expect(percentOf(99999, 10)).toBe(9999); // 9999.9
    expect(percentOf(199, 50)).toBe(99); // 99.5
    expect(percentOf(1, 99)).toBe(0);
    expect(percentOf(123456, 100)).toBe(123456);
    expect(percentOf(123456, 0)).toBe(0);
    expect(percentOf(0, 10)).toBe(0);
  });

  it("never gives more than the exact share, nor a fraction of a paisa", () => {
    const rand = prng(11);
    for (let i = 0; i < 1000; i += 1) {
      const amount = intBetween(rand, 0, 100_000_000);
      const percent = intBetween(rand, 0, 100);
      const got = percentOf(amount, percent);
      expect(Number.isInteger(got)).toBe(true);
      expect(got * 100).toBeLessThanOrEqual(amount * percent);
      expect((got + 1) * 100).toBeGreaterThan(amount * percent);
    }
  });
});

describe("allocate", () => {
  it("splits in proportion when the shares are whole", () => {
    expect(allocate(15000, [270000, 30000])).toEqual([13500, 1500]);
    expect(allocate(100, [1, 1, 2])).toEqual([25, 25, 50]);
    expect(allocate(6, [3, 0, 3])).toEqual([3, 0, 3]);
  });

  it("gives the remainder to the largest weights first, ties in order", () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(11, [1, 1, 1])).toEqual([4, 4, 3]);
    expect(allocate(1, [1, 3, 2])).toEqual([0, 1, 0]);
    // By weight, not by remainder: 0.33, 1, 0.67 → the paisa left goes to the weight of 3.
    expect(allocate(2, [1, 3, 2])).toEqual([0, 2, 0]);
    expect(allocate(100, [1, 2, 4])).toEqual([14, 28, 58]); // 14.28, 28.57, 57.14
  });

  it("gives nothing to a zero weight, even with a remainder to place", () => {
    expect(allocate(1, [0, 1, 0, 1])).toEqual([0, 1, 0, 0]);
    expect(allocate(7, [0, 0, 3])).toEqual([0, 0, 7]);
    expect(allocate(5, [0, 2, 0, 2, 2])).toEqual([0, 2, 0, 2, 1]);
  });

  it("gives zeros when there is nothing to split or nothing to weigh", () => {
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(-5, [1, 2])).toEqual([0, 0]);
    expect(allocate(100, [0, 0])).toEqual([0, 0]);
    expect(allocate(100, [])).toEqual([]);
  });

  it("sums to the total exactly, each share within a paisa of its exact proportion, over generated splits", () => {
    const rand = prng(42);
    for (let i = 0; i < 500; i += 1) {
      const weights = Array.from({ length: intBetween(rand, 1, 8) }, () => (rand() < 0.15 ? 0 : intBetween(rand, 1, 5_000_000)));
      const sum = weights.reduce((a, b) => a + b, 0);
      const total = rand() < 0.5 ? intBetween(rand, 0, sum) : intBetween(rand, 0, 200_000);
      const shares = allocate(total, weights);
      expect(shares).toHaveLength(weights.length);
      for (const s of shares) expect(Number.isInteger(s)).toBe(true);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(sum > 0 ? total : 0);
      for (const [k, w] of weights.entries()) {
        const share = shares[k]!;
        if (w === 0 || sum === 0) {
          expect(share).toBe(0);
          continue;
        }
        // floor(exact) or floor(exact) + 1, compared without floats: share·sum vs total·w.
        const exactTimesSum = total * w;
        expect(share * sum).toBeGreaterThan(exactTimesSum - sum);
        expect(share * sum).toBeLessThanOrEqual(exactTimesSum + sum);
        if (total <= sum) expect(share).toBeLessThanOrEqual(w);
      }
      // A larger weight never gets less than a smaller one.
      for (const [a, wa] of weights.entries()) {
        for (const [b, wb] of weights.entries()) if (wa > wb) expect(shares[a]!).toBeGreaterThanOrEqual(shares[b]!);
      }
    }
  });
});
