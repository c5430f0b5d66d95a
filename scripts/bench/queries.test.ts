import { describe, expect, it } from "vitest";
import { searchQueries } from "./queries";

const names = [
  "Sanganer Classic Mehendi Paisley Velvet Curtain",
  "Coorg Ivory Kantha Linen Bedsheet Set",
  "Shimla Plum Chevron Two-Seater Sofa",
  "Kutch Indigo Solid Cotton Razai",
  "Bhuj Saffron Chevron Wool Dhurrie",
  "Jaipur Madder Red Kilim Chick Blind",
];

describe("bench search queries", () => {
  it("are distinct, lower case, at least 3 characters, and each is part of a product name", () => {
    const queries = searchQueries(names, 100, 7);
    expect(queries).toHaveLength(100);
    expect(new Set(queries).size).toBe(100);
    const lower = names.map((n) => n.toLowerCase());
    for (const q of queries) {
      expect(q.length).toBeGreaterThanOrEqual(3);
      expect(q).toBe(q.toLowerCase());
      // Every word of 3+ characters is found in one name, as the endpoint matches them.
      expect(lower.some((n) => q.split(" ").filter((w) => w.length >= 3).every((w) => n.includes(w)))).toBe(true);
    }
  });

  it("are the same for the same seed and differ for another", () => {
    expect(searchQueries(names, 50, 1)).toEqual(searchQueries(names, 50, 1));
    expect(searchQueries(names, 50, 1)).not.toEqual(searchQueries(names, 50, 2));
  });

  it("refuse to repeat: asking for more than the names give is an error", () => {
    expect(() => searchQueries(["Sofa"], 10, 1)).toThrow(/only \d+ distinct/);
  });
});
