import { describe, expect, it } from "vitest";
import { formatRupees, lowestVariantPrice, PRODUCTS, productCopy, sizeList, type ProductEntry } from "./catalog";
import { FAMILIES, familyByKey } from "./families";
import { generatedProduct } from "./generate";
import { foreignTechniques, techniquesIn, type Technique } from "./techniques";

/** Patterns that are a technique in themselves (an ikat is woven, a dabu is printed). */
const PATTERN_TECHNIQUE: Partial<Record<ProductEntry["pattern"], Technique>> = {
  block: "print",
  dabu: "print",
  ikat: "weave",
  kilim: "weave",
  kantha: "embroidery",
  mirror: "embroidery",
};

/** What a base product is: the techniques its name and its pattern say. */
function ownTechniques(entry: ProductEntry): Set<Technique> {
  const own = techniquesIn(entry.name);
  const fromPattern = PATTERN_TECHNIQUE[entry.pattern];
  if (fromPattern) own.add(fromPattern);
  return own;
}

describe("techniquesIn", () => {
  it("names the technique of a text, and none for plain copy", () => {
    expect([...techniquesIn("Hand-stamped cottons from Bagru")]).toEqual(["print"]);
    expect([...techniquesIn("Handwoven double ikat from Telangana")]).toEqual(["weave"]);
    expect([...techniquesIn("<p>Hand-tufted in Bhadohi</p>")]).toEqual(["tuft"]);
    expect([...techniquesIn("Kutch mirror-work cushion")]).toEqual(["embroidery"]);
    expect([...techniquesIn("This design pairs honest joinery with hand-woven cane.")]).toEqual([]);
    expect([...techniquesIn("Triple-weave blackout in soft charcoal")]).toEqual([]);
  });
});

describe("demo catalog copy", () => {
  const families = new Map(FAMILIES.map((f) => [f.key, f]));

  it.each(PRODUCTS.map((p, i) => [p.name, p, i] as const))("%s speaks only of its own craft and sits in a category of it", (_name, entry, index) => {
    const own = ownTechniques(entry);
    expect([...own].length, `${entry.name} names more than one technique`).toBeLessThanOrEqual(1);
    const copy = productCopy(entry, index);
    const texts = {
      short: copy.shortDescription,
      description: copy.description,
      "key features": copy.keyFeatures,
      about: copy.about ? `${copy.about.heading} ${copy.about.description}` : "",
      additional: copy.additional ? `${copy.additional.heading} ${copy.additional.description}` : "",
      "meta description": copy.metaDescription,
    };
    for (const [part, text] of Object.entries(texts)) {
      expect(foreignTechniques(text, own), `${entry.name}: ${part}`).toEqual([]);
    }
    const sub = families.get(entry.family)?.subcategories.find((s) => s.slug === entry.sub);
    expect(sub, `${entry.name}: subcategory ${entry.sub} of ${entry.family}`).toBeDefined();
    expect(foreignTechniques(`${sub?.name} ${sub?.description}`, own), `${entry.name} in ${sub?.name}`).toEqual([]);
  });

  it("the Pochampally ikat curtain is a handwoven curtain, not a block print", () => {
    const entry = PRODUCTS.find((p) => p.name === "Pochampally Ikat Curtain") as ProductEntry;
    expect(entry.sub).toBe("handwoven-curtains");
    const copy = productCopy(entry, PRODUCTS.indexOf(entry));
    expect(copy.description).not.toMatch(/block|hand-stamped/i);
    expect(copy.about?.heading).toBe("Ikat from Pochampally");
  });

  it("a product sold by variant names every size it comes in and its lowest price, never one size alone", () => {
    const sold = PRODUCTS.filter((p) => p.variants);
    expect(sold.length).toBeGreaterThanOrEqual(8);
    for (const entry of sold) {
      const copy = productCopy(entry, PRODUCTS.indexOf(entry));
      const sizes = sizeList(entry.variants!.values);
      expect(copy.description, entry.name).toContain(`${entry.variants!.option === "Length" ? "Lengths" : "Sizes"}: ${sizes}`);
      expect(copy.description, entry.name).not.toContain(`Size: ${entry.size}<`);
      expect(copy.metaDescription, entry.name).toContain(`(${entry.material.toLowerCase()}, ${sizes})`);
      expect(copy.metaDescription, entry.name).toContain(`from ${formatRupees(lowestVariantPrice(entry))}`);
    }
  });

  it("generated products keep to one technique in name, copy and category", () => {
    for (let k = 1; k <= 3000; k++) {
      const { row, subSlug } = generatedProduct(k);
      const own = techniquesIn(row.name);
      expect(own.size, row.name).toBeLessThanOrEqual(1);
      for (const text of [row.short_description ?? "", row.description ?? "", row.key_features ?? ""]) {
        expect(foreignTechniques(text, own), `${row.name}: ${text}`).toEqual([]);
      }
      const family = FAMILIES.find((f) => f.subcategories.some((s) => s.slug === subSlug));
      const sub = family?.subcategories.find((s) => s.slug === subSlug);
      expect(foreignTechniques(`${sub?.name} ${sub?.description}`, own), `${row.name} in ${sub?.name}`).toEqual([]);
      expect(familyByKey(family?.key ?? "curtains").code, row.name).toBe(row.sku?.slice(4, 7));
    }
  });
});
