import { describe, expect, it } from "vitest";
import { productSearchSchema, resolveAttributeNames, searchParamsToInput } from "./schemas";

const parse = (query: string) => productSearchSchema.safeParse(searchParamsToInput(new URLSearchParams(query)));

describe("product search parameters", () => {
  it("defaults to the first page of 12", () => {
    const r = parse("");
    expect(r.success && r.data).toMatchObject({ page: 1, per_page: 12, selected_attribute_values: [] });
  });

  it("accepts labels and keys for availability and advanced filters", () => {
    const r = parse("availability=Made%20to%20Order&advanced_filters=New%20Article&price=10000_20000");
    expect(r.success && r.data).toMatchObject({ availability: "made_to_order", advanced_filters: "new_article", price: "10000_20000" });
  });

  it("reads repeated attribute values with or without brackets", () => {
    const r = parse("selected_attribute_values[]=Material:Cotton&selected_attribute_values[]=size:7%20ft&selected_attribute_values=Assembly:No%20Assembly");
    expect(r.success && r.data.selected_attribute_values).toEqual([
      { name: "Material", value: "Cotton" },
      { name: "size", value: "7 ft" },
      { name: "Assembly", value: "No Assembly" },
    ]);
  });

  it("reads each attribute's own key, and names every attribute as the shop spells it or says which name is unknown", () => {
    const keys = [
      { name: "Size", key: "size" },
      { name: "Colour", key: "colour" },
    ];
    const r = productSearchSchema.safeParse(searchParamsToInput(new URLSearchParams("colour=Blue&selected_attribute_values[]=size:7%20ft&fabric=Silk"), keys));
    expect(r.success && r.data.selected_attribute_values).toEqual([
      { name: "size", value: "7 ft" },
      { name: "Colour", value: "Blue" },
    ]);
    if (!r.success) throw new Error("unparsed");
    expect(resolveAttributeNames(r.data, keys)).toEqual({ search: { ...r.data, selected_attribute_values: [{ name: "Size", value: "7 ft" }, { name: "Colour", value: "Blue" }] } });
    expect(resolveAttributeNames({ selected_attribute_values: [{ name: "Fabric", value: "Silk" }] }, keys)).toEqual({ error: "Fabric is not one of the shop's attributes (Size, Colour)." });
  });

  it("refuses short names, unknown attributes and bad pages with a message per field", () => {
    const short = parse("name=%20ab%20");
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe("Enter at least 3 characters to search.");
    expect(parse("selected_attribute_values[]=Red").success).toBe(false);
    expect(parse("selected_attribute_values[]=Colour:").success).toBe(false);
    expect(parse("page=0").success).toBe(false);
    expect(parse("page=1.5").success).toBe(false);
    expect(parse("per_page=49").success).toBe(false);
    expect(parse("price=cheap").success).toBe(false);
  });

  it("treats empty values as absent", () => {
    const r = parse("name=&price=&availability=&page=");
    expect(r.success && r.data).toMatchObject({ page: 1 });
    expect(r.success && r.data.name).toBeUndefined();
  });

  it("refuses NUL and other control characters in the search text and attribute values", () => {
    for (const q of ["name=ab%00cd", "name=abc%01", "name=ab%7Fcd", "name=ab%C2%85cd", "name=ab%0Acd"]) {
      const r = parse(q);
      expect(r.success, q).toBe(false);
      if (!r.success) expect(r.error.issues[0]?.message).toBe("Search text cannot contain control characters.");
    }
    expect(parse("selected_attribute_values[]=Material:Cot%00ton").success).toBe(false);
    expect(parse("name=caf%C3%A9%20chair").success).toBe(true);
  });
});

