import { describe, expect, it } from "vitest";
import { choiceList, defaultVariant, findVariant, groupAvailability, groupFigures, isSizeOption, VARIANT_MESSAGES, variantFromParam, variantLabel, variantSlug } from "./variants";
import { variantSetSchema, variantStockAdjustmentSchema } from "./variant-schemas";

const curtain = [
  { sku: "KH-CUR-001-5FT", label: "5 ft", slug: "5-ft", availability: "in_stock" },
  { sku: "KH-CUR-001-7FT", label: "7 ft", slug: "7-ft", availability: "in_stock" },
  { sku: "KH-CUR-001-9FT", label: "9 ft", slug: "9-ft", availability: "out_of_stock" },
];

describe("variant labels and slugs", () => {
  it("joins option values in order, and makes a link-safe slug of the label", () => {
    expect(variantLabel(["King"])).toBe("King");
    expect(variantLabel([" King ", "Ivory  White"])).toBe("King / Ivory White");
    expect(variantSlug("4 x 6 ft")).toBe("4-x-6-ft");
    expect(variantSlug("King / Ivory")).toBe("king-ivory");
    expect(variantSlug("Crème Brûlée")).toBe("creme-brulee");
    expect(variantSlug("///")).toBe("variant");
  });

  it("counts Size and Length options as sizes for the Size filter", () => {
    expect(["Size", "length", " LENGTH "].map(isSizeOption)).toEqual([true, true, true]);
    expect(["Colour", "Material"].map(isSizeOption)).toEqual([false, false]);
  });
});

describe("the variant carts/add names", () => {
  it("is found by SKU or label, without regard to case or spaces", () => {
    expect(findVariant(curtain, "KH-CUR-001-7FT")?.label).toBe("7 ft");
    expect(findVariant(curtain, "kh-cur-001-7ft")?.label).toBe("7 ft");
    expect(findVariant(curtain, "7 ft")?.sku).toBe("KH-CUR-001-7FT");
    expect(findVariant(curtain, "  7   FT ")?.sku).toBe("KH-CUR-001-7FT");
  });

  it("is nothing for an empty, made-up or merely similar name", () => {
    for (const text of ["", "   ", null, undefined, "FREE: paid in full, nothing due on delivery", "7ft", "7 ft blackout", "7-ft"]) {
      expect(findVariant(curtain, text), String(text)).toBeNull();
    }
  });

  it("says what to choose, without repeating what was sent", () => {
    expect(VARIANT_MESSAGES.choose("Bagru Dabu Indigo Curtain", ["Length"], ["5 ft", "7 ft", "9 ft"])).toBe("Choose the length of Bagru Dabu Indigo Curtain: 5 ft, 7 ft or 9 ft.");
    expect(VARIANT_MESSAGES.unknown("Bagru Dabu Indigo Curtain", ["5 ft", "7 ft", "9 ft"])).toBe("Bagru Dabu Indigo Curtain comes in 5 ft, 7 ft or 9 ft only: choose one of these.");
    expect(VARIANT_MESSAGES.none("Ikat Cushion")).toBe("Ikat Cushion has no variants to choose from: send an empty variant.");
    expect(choiceList(["Single"])).toBe("Single");
    expect(choiceList(["Single", "King"])).toBe("Single or King");
  });
});

describe("the variant a page opens with", () => {
  it("is the one ?variant= names by slug or SKU, else none", () => {
    expect(variantFromParam(curtain, "9-ft")?.label).toBe("9 ft");
    expect(variantFromParam(curtain, "KH-CUR-001-5FT")?.label).toBe("5 ft");
    expect(variantFromParam(curtain, "10-ft")).toBeNull();
    expect(variantFromParam(curtain, "")).toBeNull();
  });

  it("without one, is the first that can be bought, else the first", () => {
    expect(defaultVariant(curtain)?.label).toBe("5 ft");
    expect(defaultVariant([{ ...curtain[0]!, availability: "out_of_stock" }, curtain[1]!])?.label).toBe("7 ft");
    expect(defaultVariant(curtain.map((v) => ({ ...v, availability: "out_of_stock" })))?.label).toBe("5 ft");
    expect(defaultVariant([])).toBeNull();
  });
});

describe("a product sold by variant", () => {
  it("shows the best availability of its variants", () => {
    expect(groupAvailability(["out_of_stock", "in_stock", "made_to_order"])).toBe("in_stock");
    expect(groupAvailability(["out_of_stock", "made_to_order"])).toBe("made_to_order");
    expect(groupAvailability(["out_of_stock", "out_of_stock"])).toBe("out_of_stock");
    expect(groupAvailability([])).toBe("out_of_stock");
  });

  it("carries the lowest price (with its list price) and the total stock", () => {
    expect(
      groupFigures([
        { price: 279900, listPrice: 349900, stock: 24, availability: "in_stock" },
        { price: 209900, listPrice: 259900, stock: 18, availability: "in_stock" },
        { price: 349900, listPrice: 429900, stock: 0, availability: "out_of_stock" },
      ]),
    ).toEqual({ price: 209900, listPrice: 259900, stock: 42, availability: "in_stock" });
    expect(groupFigures([])).toBeNull();
  });
});

describe("the back office's variant set", () => {
  const ok = {
    options: [{ name: "Length", values: ["5 ft", "7 ft"] }],
    variants: [
      { sku: "C-5", options: { Length: "5 ft" }, price: 2099, compare_at_price: 2599, initial_stock: 4 },
      { sku: "C-7", options: { Length: "7 ft" }, price: 2799 },
    ],
  };

  it("takes options, values and variants with prices in rupees", () => {
    const parsed = variantSetSchema.parse(ok);
    expect(parsed.variants[1]).toMatchObject({ sku: "C-7", initial_stock: 0, made_to_order: false });
  });

  it("refuses a variant without a value of each option, a value that is not the option's, and duplicates", () => {
    const issues = (set: unknown) => {
      const r = variantSetSchema.safeParse(set);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues({ ...ok, variants: [{ sku: "C-5", options: {}, price: 1 }] })).toEqual(["Choose the Length of C-5: one of 5 ft, 7 ft."]);
    expect(issues({ ...ok, variants: [{ sku: "C-5", options: { Length: "6 ft" }, price: 1 }] })).toEqual(["Choose the Length of C-5: one of 5 ft, 7 ft."]);
    expect(issues({ ...ok, variants: [{ sku: "C-5", options: { Length: "5 ft", Colour: "Red" }, price: 1 }] })).toEqual(["Colour is not one of the options."]);
    expect(issues({ ...ok, variants: [ok.variants[0], { ...ok.variants[0], sku: "C-6" }] })).toEqual(["Two variants are 5 ft."]);
    expect(issues({ ...ok, variants: [ok.variants[0], { ...ok.variants[1], sku: "c-5" }] })).toEqual(["SKU c-5 is used twice."]);
    expect(issues({ options: [{ name: "Length", values: ["5 ft", "5 FT"] }], variants: [ok.variants[0]] })).toEqual(["Length has the value 5 FT twice."]);
    expect(issues({ options: [{ name: "Size / Colour", values: ["King"] }], variants: [] })[0]).toMatch(/cannot contain "\/"/);
    expect(issues({ ...ok, variants: [{ ...ok.variants[0], price: 3000, compare_at_price: 2000 }, ok.variants[1]] })).toEqual(["The compare-at price cannot be below the price."]);
    expect(issues({ ...ok, variants: [{ ...ok.variants[0], sku: "bad sku!" }, ok.variants[1]] })[0]).toMatch(/^A SKU is/);
    expect(issues({ options: [], variants: [] })).toEqual([]);
  });

  it("changes a variant's stock only by a whole delta with a reason", () => {
    expect(variantStockAdjustmentSchema.safeParse({ delta: 3, reason: "Received from Bagru" }).success).toBe(true);
    for (const bad of [{ delta: 0, reason: "Nothing" }, { delta: 1.5, reason: "Half" }, { delta: 2 }, { delta: 2, reason: "ok" }, { delta: 2, reason: "Fine", stock: 9 }]) {
      expect(variantStockAdjustmentSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
