import { describe, expect, it } from "vitest";
import { correctedQuery, facetCount, facetLabel, matchingCategories } from "./search-notes";

const CATEGORIES = [
  { name: "Curtains", slug: "curtains" },
  { name: "Velvet Curtains", slug: "velvet-curtains" },
  { name: "Bedding", slug: "bedding" },
  { name: "Bedsheets", slug: "bedsheets" },
  { name: "Furniture", slug: "furniture" },
  { name: "Beds", slug: "beds" },
  { name: "Mats & Rugs", slug: "mats-rugs" },
];
const slugs = (text: string, limit = 3) => matchingCategories(text, CATEGORIES, limit).map((c) => c.slug);

describe("facet counts", () => {
  it("shows counts up to 1,000 exactly and more as 1,000+", () => {
    expect(facetCount(0)).toBe("0");
    expect(facetCount(12)).toBe("12");
    expect(facetCount(1000)).toBe("1,000");
    expect(facetCount(1001)).toBe("1,000+");
    expect(facetCount(21_901)).toBe("1,000+");
    expect(facetLabel("Velvet", 12)).toBe("Velvet (12)");
    expect(facetLabel("Velvet", undefined)).toBe("Velvet");
  });
});

describe("the corrected query", () => {
  it("puts each corrected word in its place", () => {
    expect(correctedQuery("Velvet Curtian", [{ from: "curtian", to: "curtain" }])).toBe("velvet curtain");
    expect(correctedQuery("velvet", [])).toBe("velvet");
  });
});

describe("categories matching a query", () => {
  it("takes the last word as the start of a word and names whole-word matches first", () => {
    expect(slugs("bed")).toEqual(["beds", "bedding", "bedsheets"]);
    expect(slugs("BED", 1)).toEqual(["beds"]);
    expect(slugs("curtain")).toEqual(["curtains", "velvet-curtains"]);
  });

  it("needs every word, in any order", () => {
    expect(slugs("curtains velvet")).toEqual(["velvet-curtains"]);
    expect(slugs("velvet cur")).toEqual(["velvet-curtains"]);
    expect(slugs("cur velvet")).toEqual([]);
    expect(slugs("blue curtain")).toEqual([]);
    expect(slugs("rugs")).toEqual(["mats-rugs"]);
  });

  it("reads words written apart as one", () => {
    expect(slugs("bed sheet")).toEqual(["bedsheets"]);
  });

  it("finds nothing for punctuation, emoji or nothing", () => {
    expect(slugs("&&& ***")).toEqual([]);
    expect(slugs("🛏️🛏️")).toEqual([]);
    expect(slugs("")).toEqual([]);
  });
});
