import { describe, expect, it } from "vitest";
import { DAY, MIGRATION_RATES, RATES_FROM, intBetween, prng } from "@/lib/testing/commerce-fixtures";
import { gstRateFor, type GstRate } from "./gst";

const rateOf = (hsn: string | null, unitPrice: number, day = DAY, rates: readonly GstRate[] = MIGRATION_RATES) =>
  gstRateFor(rates, hsn, unitPrice, day);

const row = (hsnPrefix: string, maxTaxableValue: number | null, ratePercent: number, effectiveFrom = RATES_FROM): GstRate => ({
  hsnPrefix,
  maxTaxableValue,
  ratePercent,
  effectiveFrom,
});

describe("gstRateFor: the rows of migration 003", () => {
  it.each(["6302", "6303", "6304", "9404"])("%s is 5% up to ₹2,500 taxable a piece, 18% above", (hsn) => {
    expect(rateOf(hsn, 1)).toBe(5);
    expect(rateOf(hsn, 99900)).toBe(5); // ₹999
    expect(rateOf(hsn, 250000)).toBe(5); // ₹2,500 inclusive
    // The band is judged on the taxable value at 5%: ₹2,625.00 inclusive is ₹2,500 + ₹125.
    expect(rateOf(hsn, 262500)).toBe(5);
    expect(rateOf(hsn, 262501)).toBe(18); // ₹2,625.01
    expect(rateOf(hsn, 270000)).toBe(18); // ₹2,700
    expect(rateOf(hsn, 100_000_000)).toBe(18); // ₹10 lakh
  });

  it.each(["5701", "5702", "5703", "5704", "5705"])("carpets and rugs %s are 5% at any price", (hsn) => {
    for (const price of [1, 262500, 262501, 1_500_000, 100_000_000]) expect(rateOf(hsn, price)).toBe(5);
  });

  it("upholstery fabric 5407 is 5% at any price", () => {
    expect(rateOf("5407", 100)).toBe(5);
    expect(rateOf("5407", 5_000_000)).toBe(5);
  });

  it.each(["4814", "9401", "9403"])("%s (wallpaper, seats, furniture) is 18% at any price", (hsn) => {
    for (const price of [1, 262500, 262501, 100_000_000]) expect(rateOf(hsn, price)).toBe(18);
  });

  it("matches a longer HSN code by its prefix, spaces ignored", () => {
    expect(rateOf("63039100", 150000)).toBe(5);
    expect(rateOf("63039100", 300000)).toBe(18);
    expect(rateOf("6303 91 00", 262500)).toBe(5);
    expect(rateOf(" 5705 00 ", 999999)).toBe(5);
    expect(rateOf("94036000", 100)).toBe(18);
  });

  it("gives null for no code or a code no row matches", () => {
    expect(rateOf(null, 100000)).toBeNull();
    expect(rateOf("", 100000)).toBeNull();
    expect(rateOf("   ", 100000)).toBeNull();
    expect(rateOf("8517", 100000)).toBeNull();
    expect(rateOf("630", 100000)).toBeNull(); // shorter than every prefix
    expect(rateOf("6305", 100000)).toBeNull();
    expect(rateOf("6303", 100000, DAY, [])).toBeNull();
  });

  it("ignores rows not yet in force on the day", () => {
    expect(rateOf("6303", 100000, "2025-09-21")).toBeNull();
    expect(rateOf("6303", 100000, RATES_FROM)).toBe(5); // in force on its first day
    expect(rateOf("4814", 100000, "2025-09-22")).toBe(18);
  });

  it("does not depend on the order of the rows", () => {
    const rand = prng(3);
    const shuffled = [...MIGRATION_RATES];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = intBetween(rand, 0, i);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const reversed = [...MIGRATION_RATES].reverse();
    for (const hsn of ["6302", "6303", "6304", "9404", "5701", "5705", "4814", "9401", "9403", "8517"]) {
      for (const price of [1, 262500, 262501, 5_000_000]) {
        const expected = rateOf(hsn, price);
        expect(rateOf(hsn, price, DAY, shuffled)).toBe(expected);
        expect(rateOf(hsn, price, DAY, reversed)).toBe(expected);
      }
    }
  });

  it("always answers a whole percent for generated prices", () => {
    const rand = prng(99);
    const codes = ["6302", "6303", "6304", "9404", "5701", "5702", "5703", "5704", "5705", "5407", "4814", "9401", "9403"];
    for (let i = 0; i < 500; i += 1) {
      const rate = rateOf(codes[i % codes.length]!, intBetween(rand, 0, 2_000_000));
      expect(rate === 5 || rate === 18).toBe(true);
      expect(Number.isInteger(rate)).toBe(true);
    }
  });
});

describe("gstRateFor: prefixes, dates and bands", () => {
  const chapter = [...MIGRATION_RATES, row("63", null, 12), row("630319", null, 28)];

  it("takes the longest matching prefix", () => {
    expect(rateOf("6303", 100000, DAY, chapter)).toBe(5);
    expect(rateOf("63031900", 100000, DAY, chapter)).toBe(28);
    expect(rateOf("63039900", 100000, DAY, chapter)).toBe(5); // 6303, not 630319
    expect(rateOf("6307", 100000, DAY, chapter)).toBe(12); // only "63" matches
    expect(rateOf("6", 100000, DAY, chapter)).toBeNull();
  });

  it("falls back to a shorter prefix while the longer one is not yet in force", () => {
    const rates = [...MIGRATION_RATES, row("630399", null, 28, "2026-04-01")];
    expect(rateOf("63039900", 100000, "2026-03-31", rates)).toBe(5);
    expect(rateOf("63039900", 300000, "2026-03-31", rates)).toBe(18);
    expect(rateOf("63039900", 100000, "2026-04-01", rates)).toBe(28);
  });

  it("uses the latest rows in force of the longest prefix, and only those", () => {
    // A later notification: curtains 12% up to ₹1,000 taxable, 28% above.
    const rates = [...MIGRATION_RATES, row("6303", 100000, 12, "2026-04-01"), row("6303", null, 28, "2026-04-01")];
    expect(rateOf("6303", 262500, "2026-03-31", rates)).toBe(5);
    expect(rateOf("6303", 262501, "2026-03-31", rates)).toBe(18);
    expect(rateOf("6303", 112000, "2026-04-01", rates)).toBe(12); // ₹1,000 + 12%
    expect(rateOf("6303", 112001, "2026-04-01", rates)).toBe(28);
    expect(rateOf("6303", 262500, "2026-04-01", rates)).toBe(28);
    // Other codes keep their rows.
    expect(rateOf("6302", 262500, "2026-04-01", rates)).toBe(5);
  });

  it("judges each band on the taxable value at that band's own rate", () => {
    // 12% up to ₹1,000 taxable, then 5% (a made-up table, to show each band uses its own rate).
    const rates = [row("9999", 100000, 12), row("9999", null, 5)];
    expect(rateOf("9999", 112000, DAY, rates)).toBe(12); // ₹1,120 inclusive = ₹1,000 at 12%
    expect(rateOf("9999", 112001, DAY, rates)).toBe(5);
    // Three bands, given out of order.
    const three = [row("9999", null, 28), row("9999", 200000, 12), row("9999", 100000, 5)];
    expect(rateOf("9999", 105000, DAY, three)).toBe(5);
    expect(rateOf("9999", 105001, DAY, three)).toBe(12);
    expect(rateOf("9999", 224000, DAY, three)).toBe(12);
    expect(rateOf("9999", 224001, DAY, three)).toBe(28);
  });

  it("uses the highest band's rate when every band is bounded and the piece exceeds them all", () => {
    const rates = [row("9999", 100000, 5), row("9999", 200000, 12)];
    expect(rateOf("9999", 10_000_000, DAY, rates)).toBe(12);
  });
});
