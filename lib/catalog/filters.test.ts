import { describe, expect, it } from "vitest";
import { FIXED_ATTRIBUTE_KEYS } from "./attribute-keys";
import { activeFilterCount, changeFilters, filtersToQuery, hasActiveFilters, readFilters, toProductSearch } from "./filters";

describe("filter state in the URL", () => {
  it("reads filters and drops unknown values", () => {
    const s = readFilters({ price: "under_10000", availability: "bogus", material: ["Cotton", "Linen", "Cotton"], page: "3", sort: "price_asc" });
    expect(s).toEqual({
      page: 3,
      price: "under_10000",
      availability: undefined,
      advanced: undefined,
      sort: "price_asc",
      filters: FIXED_ATTRIBUTE_KEYS,
      attributes: { Material: ["Cotton", "Linen"], Size: [], Assembly: [] },
    });
    expect(readFilters({ page: "-2" }).page).toBe(1);
    expect(readFilters({ page: "abc" }).page).toBe(1);
    expect(readFilters({ material: ["Cot\u0000ton", "Linen"], size: "7\u0001ft" }).attributes).toEqual({ Material: ["Linen"], Size: [], Assembly: [] });
  });

  it("writes a stable query string and leaves page 1 out", () => {
    const s = readFilters({ material: "Cotton", price: "above_30000", page: "1", size: "7 ft" });
    expect(filtersToQuery(s)).toBe("?price=above_30000&material=Cotton&size=7+ft");
    expect(filtersToQuery(readFilters({}))).toBe("");
    expect(filtersToQuery(readFilters({ page: "2" }), { query: "silk" })).toBe("?query=silk&page=2");
  });

  it("goes back to page 1 on every change", () => {
    const s = readFilters({ page: "4", material: "Cotton" });
    expect(changeFilters(s, { kind: "price", value: "10000_20000" })).toMatchObject({ page: 1, price: "10000_20000" });
    expect(changeFilters(s, { kind: "attribute", name: "Material", values: [] }).page).toBe(1);
    const reset = changeFilters(s, { kind: "reset" });
    expect(hasActiveFilters(reset)).toBe(false);
    expect(reset.page).toBe(1);
  });

  it("round-trips through the URL", () => {
    const s = changeFilters(readFilters({}), { kind: "attribute", name: "Assembly", values: ["No Assembly"] });
    const back = readFilters(Object.fromEntries(new URLSearchParams(filtersToQuery(s).slice(1))));
    expect(back).toEqual(s);
  });

  it("maps to the product search", () => {
    const s = readFilters({ material: ["Cotton", "Silk"], advanced_filters: "popular", page: "2" });
    expect(toProductSearch(s, { category: "curtains" })).toMatchObject({
      page: 2,
      per_page: 12,
      category: "curtains",
      advanced_filters: "popular",
      selected_attribute_values: [
        { name: "Material", value: "Cotton" },
        { name: "Material", value: "Silk" },
      ],
    });
  });

  it("counts the filters that narrow the list, not the sort order or the page", () => {
    expect(activeFilterCount(readFilters({ sort: "price_asc", page: "3" }))).toBe(0);
    expect(activeFilterCount(readFilters({ material: "Cotton", price: "under_10000", availability: "in_stock", sort: "price_asc" }))).toBe(3);
  });

  it("reads the shop's own attributes by their keys and ignores keys that are none of them", () => {
    const keys = [
      { name: "Material", key: "material" },
      { name: "Colour", key: "colour" },
    ];
    const s = readFilters({ colour: ["Blue", " Blue ", "Red\u0000"], material: "Linen", size: "7 ft", fabric: "Silk" }, keys);
    expect(s.attributes).toEqual({ Material: ["Linen"], Colour: ["Blue"] });
    expect(filtersToQuery(s)).toBe("?material=Linen&colour=Blue");
    expect(toProductSearch(s).selected_attribute_values).toEqual([
      { name: "Material", value: "Linen" },
      { name: "Colour", value: "Blue" },
    ]);
    expect(activeFilterCount(s)).toBe(2);
    const reset = changeFilters(s, { kind: "reset" });
    expect(reset.attributes).toEqual({ Material: [], Colour: [] });
    expect(changeFilters(s, { kind: "attribute", name: "Fabric", values: ["Silk"] }).attributes).toEqual(s.attributes);
    expect(readFilters({ constructor: "x", __proto__: "y" } as Record<string, string>, [{ name: "Constructor", key: "constructor" }]).attributes).toEqual({ Constructor: ["x"] });
  });

  it("reads Material, Size and Assembly when no keys are given, as before", () => {
    expect(readFilters({ material: "Cotton", size: "7 ft", assembly: "No Assembly" }).attributes).toEqual({ Material: ["Cotton"], Size: ["7 ft"], Assembly: ["No Assembly"] });
  });
});
