import { describe, expect, it } from "vitest";
import { normalizeIndianMobile } from "./fields";

describe("Indian mobile numbers", () => {
  it("keeps the 10 local digits of valid numbers written in common ways", () => {
    expect(normalizeIndianMobile("9810012345")).toBe("9810012345");
    expect(normalizeIndianMobile("98100 12345")).toBe("9810012345");
    expect(normalizeIndianMobile("+91 98100-12345")).toBe("9810012345");
    expect(normalizeIndianMobile("+919810012345")).toBe("9810012345");
    expect(normalizeIndianMobile("919810012345")).toBe("9810012345");
    expect(normalizeIndianMobile("09810012345")).toBe("9810012345");
    expect(normalizeIndianMobile("(981) 001-2345")).toBe("9810012345");
    expect(normalizeIndianMobile("6000000000")).toBe("6000000000");
  });

  it("refuses numbers that are not 10 digits starting 6 to 9", () => {
    for (const bad of ["5810012345", "981001234", "98100123456", "98100abcde", "+1 9810012345", "011 2345 6789", ""]) {
      expect(normalizeIndianMobile(bad), bad).toBeNull();
    }
  });
});
