import { describe, expect, it } from "vitest";
import { isSlug, MAX_SLUG_LENGTH } from "./slug";

describe("isSlug", () => {
  it("accepts lowercase words joined by hyphens", () => {
    for (const s of ["festive-collection", "new-arrivals", "a", "towels-gsm-guide", "2026-offers"]) expect(isSlug(s)).toBe(true);
  });

  it("rejects anything else", () => {
    for (const s of ["", "Festive", "-lead", "trail-", "double--hyphen", "with space", " festive", "dot.xml", "under_score", "a/b", "%20", "नमस्ते", "x".repeat(MAX_SLUG_LENGTH + 1)]) {
      expect(isSlug(s)).toBe(false);
    }
    expect(isSlug(undefined)).toBe(false);
    expect(isSlug(42)).toBe(false);
  });

  it("accepts a slug of the maximum length", () => {
    expect(isSlug("x".repeat(MAX_SLUG_LENGTH))).toBe(true);
  });
});
