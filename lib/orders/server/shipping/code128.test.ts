import { describe, expect, it } from "vitest";
import { CODE128_PATTERNS, code128Bars, code128Values } from "./code128";

describe("Code 128", () => {
  it("has 107 distinct symbols of 11 modules (the stop 13), bars even and spaces odd as the standard's parity", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, i) => {
      const w = [...p].map(Number);
      expect(w.reduce((a, b) => a + b, 0), `symbol ${i}`).toBe(i === 106 ? 13 : 11);
      const bars = w.filter((_, j) => j % 2 === 0).reduce((a, b) => a + b, 0);
      if (i < 106) expect(bars % 2, `symbol ${i}`).toBe(0);
    });
  });

  it("encodes an order code with start B, its check value and the stop", () => {
    // "PJJ123C": (104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7) mod 103 = 879 mod 103 = 55.
    expect(code128Values("PJJ123C")).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    const { bars, modules } = code128Bars("20261126-0001");
    expect(modules).toBe(11 * (13 + 2) + 13);
    expect(bars[0]).toEqual([0, 2]);
  });

  it("refuses what code set B cannot carry", () => {
    expect(() => code128Values("")).toThrow();
    expect(() => code128Values("₹")).toThrow(/cannot encode/);
  });
});
