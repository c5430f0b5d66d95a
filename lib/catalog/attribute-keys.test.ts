import { describe, expect, it } from "vitest";
import { attributeKeys, attributeKeySlug } from "./attribute-keys";

describe("attribute address keys", () => {
  it("keeps material, size and assembly exactly as shared links have them", () => {
    expect(attributeKeys([{ id: 1, name: "Material" }, { id: 2, name: "Size" }, { id: 3, name: "Assembly" }])).toEqual([
      { name: "Material", key: "material" },
      { name: "Size", key: "size" },
      { name: "Assembly", key: "assembly" },
    ]);
  });

  it("slugs a new attribute's name", () => {
    expect(attributeKeySlug("Colour")).toBe("colour");
    expect(attributeKeySlug("  Pile height (mm) ")).toBe("pile-height-mm");
    expect(attributeKeySlug("Façade")).toBe("facade");
    expect(attributeKeySlug("रंग")).toBe("रंग");
    expect(attributeKeySlug("!!!")).toBe("");
  });

  it("moves a name off the listing's own parameters and apart from a look-alike, the older attribute keeping the slug", () => {
    const keys = attributeKeys([
      { id: 9, name: "Pile-height" },
      { id: 4, name: "Pile height" },
      { id: 5, name: "Price" },
      { id: 6, name: "Sort" },
      { id: 7, name: "???" },
      { id: 8, name: "material " },
      { id: 1, name: "Material" },
    ]);
    expect(keys).toEqual([
      { name: "Pile-height", key: "pile-height-9" },
      { name: "Pile height", key: "pile-height" },
      { name: "Price", key: "price-attribute" },
      { name: "Sort", key: "sort-attribute" },
      { name: "???", key: "attribute-7" },
      { name: "material ", key: "material-8" },
      { name: "Material", key: "material" },
    ]);
  });
});
