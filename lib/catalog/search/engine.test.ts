import { describe, expect, it, vi } from "vitest";
import { SearchEngine, topK, type EngineQuery } from "./engine";
import { headWord, Segment, type IndexDoc } from "./segment";
import { editDistance, otherForms, stem, words } from "./text";

let nextId = 1;
function doc(name: string, extra: Partial<IndexDoc> = {}): IndexDoc {
  return {
    id: nextId++,
    name,
    category: "",
    attributes: "",
    description: "",
    categoryId: 1,
    availability: "in_stock",
    price: 199_900,
    createdAt: Date.UTC(2026, 0, 1),
    popular: false,
    popularity: 0,
    views: 0,
    attributeValueIds: [],
    ...extra,
  };
}

const catalog = [
  doc("Peacock Velvet Curtain", { category: "Velvet Curtains Curtains", attributes: "Velvet 7 ft 9 ft", description: "A deep teal velvet curtain.", attributeValueIds: [11, 21] }),
  doc("Bagru Dabu Indigo Curtain", { category: "Block Print Curtains Curtains", attributes: "Cotton 5 ft 7 ft", description: "Indigo mud-resist print.", attributeValueIds: [12, 20, 21], price: 249_900 }),
  doc("Jaipuri Hand Block Double Bedsheet Set", { category: "Bedsheets Bedding", attributes: "Cotton King", description: "Fits a queen mattress with room to tuck.", attributeValueIds: [12, 30] }),
  doc("Sheesham King Bed with Storage", { category: "Beds Furniture", attributes: "Sheesham Wood King", description: "A bed with storage.", attributeValueIds: [13, 30], price: 4_599_900 }),
  doc("Leaf Green Gingham Table Cloth", { category: "Table Linen", attributes: "Cotton", description: "A checked table cloth.", attributeValueIds: [12] }),
  doc("Mango Wood Coffee Table", { category: "Tables Furniture", attributes: "Mango Wood", description: "A low table.", attributeValueIds: [14], price: 1_299_900 }),
  doc("Panja Weave Cotton Dhurrie", { category: "Dhurries Rugs", attributes: "Cotton", description: "Flat-woven on a panja loom.", attributeValueIds: [12] }),
  doc("Ikat Cushion Cover", { category: "Cushion Covers Cushions", attributes: "Cotton", description: "Ikat weave.", attributeValueIds: [12] }),
  doc("Ivory Velvet Cushion", { category: "Cushions", attributes: "Velvet", description: "Soft velvet.", attributeValueIds: [11], availability: "out_of_stock" }),
  doc("Rose Velvet Cushion", { category: "Cushions", attributes: "Velvet", description: "Soft velvet.", attributeValueIds: [11], popularity: 50 }),
  doc("Moss Velvet Cushion", { category: "Cushions", attributes: "Velvet", description: "Soft velvet.", attributeValueIds: [11], popularity: 10, views: 10 }),
  doc("बनारसी रेशम कुशन", { category: "Cushions", attributes: "Silk", description: "Banarasi silk." }),
  doc("Tanjore Velvet Sofa", { category: "Sofas Furniture", attributes: "Velvet", description: "Comes with two loose cushions." }),
];
const attributeOf = new Map([
  [11, 1],
  [12, 1],
  [13, 1],
  [14, 1],
  [20, 2],
  [21, 2],
  [30, 2],
]);

const engine = new SearchEngine(catalog, attributeOf);
engine.setSynonyms([
  { words: ["parda", "parde"], means: ["curtain"] },
  { words: ["dari", "durrie"], means: ["dhurrie"] },
  { words: ["rug", "carpet"], means: [] },
  { words: ["chadar"], means: ["bedsheet"] },
]);

const names = (text: string, q: Partial<EngineQuery> = {}) => {
  const answer = engine.search({ text, offset: 0, limit: 20, ...q });
  return answer.ids.map((id) => catalog.find((d) => d.id === id)?.name);
};

describe("the words of search", () => {
  it("folds case and accents, keeps Devanagari, splits on punctuation and operator characters, spells units one way", () => {
    expect(words("Sofá CURTAIN")).toEqual(["sofa", "curtain"]);
    expect(words("बनारसी रेशम")).toEqual(["बनारसी", "रेशम"]);
    expect(words(`"velvet" AND (curtain) OR NEAR* -ikat; drop table--`)).toEqual(["velvet", "and", "curtain", "or", "near", "ikat", "drop", "table"]);
    expect(words("7 feet, 2 metres")).toEqual(["7", "ft", "2", "m"]);
    expect(words("🛋️ !!! ...")).toEqual([]);
  });

  it("stems plurals and offers a word's other forms", () => {
    expect(["curtains", "cushions", "beds", "dhurries", "glass", "bus"].map(stem)).toEqual(["curtain", "cushion", "bed", "dhurry", "glass", "bus"]);
    expect(otherForms("dhurries")).toContain("dhurrie");
    expect(otherForms("printed")).toContain("print");
  });

  it("counts a swapped pair of letters as one edit, and stops early past the limit", () => {
    expect(editDistance("curtian", "curtain", 2)).toBe(1);
    expect(editDistance("bedshet", "bedsheet", 2)).toBe(1);
    expect(editDistance("saree", "curtain", 2)).toBe(3);
  });

  it("finds the head word of a name: what the product is", () => {
    expect(headWord("Mango Wood Coffee Table")).toBe("table");
    expect(headWord("Sheesham King Bed with Storage")).toBe("bed");
    expect(headWord("Jute Placemats (Set of 6)")).toBe("placemats");
    expect(headWord("Jaipuri Hand Block Double Bedsheet Set")).toBe("bedsheet");
  });
});

describe("what a query finds", () => {
  it("takes the words in any order and case, plurals as singulars", () => {
    expect(names("CURTAIN velvet")).toEqual(["Peacock Velvet Curtain"]);
    expect(names("curtains")).toEqual(expect.arrayContaining(["Peacock Velvet Curtain", "Bagru Dabu Indigo Curtain"]));
    expect(names("dhurries")).toEqual(["Panja Weave Cotton Dhurrie"]);
  });

  it("reads a word of five letters or more with a letter wrong, missing, extra or swapped, and says so", () => {
    expect(names("curtian")[0]).toMatch(/Curtain$/);
    expect(names("bedshet")).toEqual(["Jaipuri Hand Block Double Bedsheet Set"]);
    expect(names("cushon").length).toBeGreaterThan(0);
    expect(engine.search({ text: "velvet curtian", offset: 0, limit: 5 }).corrections).toEqual([{ from: "curtian", to: "curtain" }]);
    // A short word is not guessed at: "bad" is not "bed".
    expect(names("bad")).toEqual([]);
  });

  it("completes the last word while it is typed", () => {
    expect(names("velv curtain")).toEqual([]);
    expect(names("curtain velv")).toEqual(["Peacock Velvet Curtain"]);
    expect(names("ika")).toEqual(["Ikat Cushion Cover"]);
  });

  it("uses the merchant's synonyms: one-way and two-way", () => {
    expect(names("parda")).toEqual(expect.arrayContaining(["Peacock Velvet Curtain", "Bagru Dabu Indigo Curtain"]));
    expect(names("velvet parde")).toEqual(["Peacock Velvet Curtain"]);
    expect(names("dari")).toEqual(["Panja Weave Cotton Dhurrie"]);
    expect(names("chadar")).toEqual(["Jaipuri Hand Block Double Bedsheet Set"]);
    // One-way: the catalog word does not find what only the synonym names.
    expect(names("curtain")).not.toContain("Panja Weave Cotton Dhurrie");
  });

  it("joins and splits words: bed sheet finds Bedsheet, tablecloth finds Table Cloth", () => {
    expect(names("bed sheet")).toEqual(["Jaipuri Hand Block Double Bedsheet Set"]);
    expect(names("tablecloth")).toEqual(["Leaf Green Gingham Table Cloth"]);
  });

  it("looks for typos of the words typed, not of two neighbours joined (a joined pair is read only as a word or its start)", () => {
    const looked = vi.spyOn(engine, "nearestWords");
    try {
      // "velvetcurt" is no word: the typo search over the vocabulary is skipped, each word is read.
      expect(names("velvet curt")).toEqual(["Peacock Velvet Curtain"]);
      expect(looked).not.toHaveBeenCalled();
      expect(names("velvet curtian")).toEqual(["Peacock Velvet Curtain"]);
      expect(looked.mock.calls.map(([word]) => word)).toEqual(["curtian"]);
    } finally {
      looked.mockRestore();
    }
  });

  it("matches attribute words: sizes, materials, variants", () => {
    expect(names("curtain 5 ft")).toEqual(["Bagru Dabu Indigo Curtain"]);
    expect(names("king bed")[0]).toBe("Sheesham King Bed with Storage");
    expect(names("sheesham")).toEqual(["Sheesham King Bed with Storage"]);
  });

  it("does not offer a product whose only match is in its description's free text", () => {
    expect(names("mattress")).toEqual([]);
    expect(names("teal")).toEqual([]);
  });

  it("offers a product with a word only in its description only when none has every word elsewhere", () => {
    expect(names("velvet cushion")).not.toContain("Tanjore Velvet Sofa");
    expect(names("sofa cushions")).toEqual(["Tanjore Velvet Sofa"]);
  });

  it("finds Devanagari words", () => {
    expect(names("रेशम")).toEqual(["बनारसी रेशम कुशन"]);
  });

  it("answers punctuation, operators, emoji and very long text without throwing", () => {
    for (const text of ["!!!", `" OR 1=1 --`, "NEAR(velvet curtain)", "🛋️🛋️", "a".repeat(5000), "velvet ".repeat(200), "\u0000"]) {
      expect(() => engine.search({ text, offset: 0, limit: 12 })).not.toThrow();
    }
  });

  it("when nothing has every word of a longer query, shows what has all but one and names the word left out", () => {
    const answer = engine.search({ text: "blue velvet curtain", offset: 0, limit: 5 });
    expect(answer.unmatched).toBe("blue");
    expect(answer.ids.map((id) => catalog.find((d) => d.id === id)?.name)).toEqual(["Peacock Velvet Curtain"]);
  });

  it("suggests queries that find something for one that does not", () => {
    // "cotxnn" is two letters from "cotton": too far to read as it (six letters), near enough to suggest.
    expect(names("curtain cotxnn")).toEqual([]);
    expect(engine.suggestQueries("curtain cotxnn")).toEqual(["curtain cotton"]);
  });
});

describe("the order of the results", () => {
  it("ranks a name's head word above a passing mention, an exact word above a completion", () => {
    expect(names("table")[0]).toBe("Mango Wood Coffee Table");
    expect(names("bed")[0]).toBe("Sheesham King Bed with Storage");
  });

  it("among equally good matches: what can be bought first, then the more popular", () => {
    expect(names("velvet cushion")).toEqual(["Rose Velvet Cushion", "Moss Velvet Cushion", "Ivory Velvet Cushion"]);
  });

  it("applies a sort the shopper picks instead", () => {
    expect(names("curtain", { sort: "price_desc" })).toEqual(["Bagru Dabu Indigo Curtain", "Peacock Velvet Curtain"]);
  });

  it("sorts Popular as the listings do: the merchant's popular flag, then page views, sales aside (in the main segment and among changes)", () => {
    // Rose sells (popularity 50, no views); Moss is viewed (10 views); Rose and Ivory tie: the newer first.
    expect(names("velvet cushion", { sort: "popular" })).toEqual(["Moss Velvet Cushion", "Rose Velvet Cushion", "Ivory Velvet Cushion"]);
    const changed = new SearchEngine(catalog, attributeOf);
    const ivory = catalog.find((d) => d.name === "Ivory Velvet Cushion") as IndexDoc;
    changed.apply([{ ...ivory, views: 5, popular: true }], []);
    const ids = changed.search({ text: "velvet cushion", sort: "popular", offset: 0, limit: 10 }).ids;
    expect(ids.map((id) => catalog.find((d) => d.id === id)?.name)).toEqual(["Ivory Velvet Cushion", "Moss Velvet Cushion", "Rose Velvet Cushion"]);
  });

  it("names the products searches show most (what can be bought, then the more popular, then the newest), for the cards read ahead", () => {
    const name = (id: number) => catalog.find((d) => d.id === id)?.name;
    const leading = engine.leadingIds(3).map(name);
    // Rose sells most, Moss next; then every other product that can be bought ties: the newest.
    expect(leading).toEqual(["Rose Velvet Cushion", "Moss Velvet Cushion", "Tanjore Velvet Sofa"]);
    const all = engine.leadingIds(100).map(name);
    expect(all).toHaveLength(catalog.length);
    // Out of stock last.
    expect(all.at(-1)).toBe("Ivory Velvet Cushion");
    // A product that changed since the build is ranked with the rest; a deleted one is gone.
    const changed = new SearchEngine(catalog, attributeOf);
    const ikat = catalog.find((d) => d.name === "Ikat Cushion Cover") as IndexDoc;
    const rose = catalog.find((d) => d.name === "Rose Velvet Cushion") as IndexDoc;
    changed.apply([{ ...ikat, popularity: 80 }], [rose.id]);
    expect(changed.leadingIds(2).map(name)).toEqual(["Ikat Cushion Cover", "Moss Velvet Cushion"]);
    expect(changed.leadingIds(100)).toHaveLength(catalog.length - 1);
  });

  it("pages through the results", () => {
    const all = engine.search({ text: "cotton", offset: 0, limit: 20 }).ids;
    expect(engine.search({ text: "cotton", offset: 2, limit: 2 }).ids).toEqual(all.slice(2, 4));
  });
});

describe("filters and their counts", () => {
  it("counts each value of a filter with the other filters in force", () => {
    const answer = engine.search({ text: "velvet", availability: "in_stock", attributes: [{ attributeId: 1, valueIds: [11] }], offset: 0, limit: 20 });
    expect(answer.total).toBe(3);
    // Availability counts ignore the availability filter itself; the material filter still applies.
    expect(answer.facets.availability).toEqual({ in_stock: 3, made_to_order: 0, out_of_stock: 1 });
    expect(answer.facets.values.get(11)).toBe(3);
    expect(answer.facets.price.under_10000).toBe(3);
  });

  it("filters by category, price range and attribute groups (OR within, AND across)", () => {
    expect(names("curtain", { attributes: [{ attributeId: 2, valueIds: [20] }] })).toEqual(["Bagru Dabu Indigo Curtain"]);
    expect(names("wood", { price: "above_30000" })).toEqual(["Sheesham King Bed with Storage"]);
    expect(names("wood", { categoryIds: [2] })).toEqual([]);
  });
});

describe("keeping in step with the catalog", () => {
  it("finds a new product, forgets a removed one, and reads a changed one anew", () => {
    const live = new SearchEngine(catalog.slice(0, 3), attributeOf);
    const added = doc("Kantha Quilt Bedcover", { category: "Bedcovers Bedding" });
    live.apply([added], []);
    expect(live.search({ text: "kantha", offset: 0, limit: 5 }).ids).toEqual([added.id]);
    live.apply([{ ...(catalog[0] as IndexDoc), name: "Peacock Silk Curtain", category: "Silk Curtains", attributes: "Silk", description: "" }], []);
    expect(live.search({ text: "velvet curtain", offset: 0, limit: 5 }).ids).not.toContain(catalog[0]?.id);
    expect(live.search({ text: "silk curtain", offset: 0, limit: 5 }).ids).toEqual([catalog[0]?.id]);
    live.apply([], [added.id]);
    expect(live.search({ text: "kantha", offset: 0, limit: 5 }).ids).toEqual([]);
    expect(live.size).toBe(3);
  });
});

describe("topK", () => {
  it("returns the first k in order whether it sorts or keeps a heap", () => {
    const items = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
    expect(topK(items, 5, (a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    expect(topK(items, 500, (a, b) => b - a).slice(0, 3)).toEqual([999, 998, 997]);
  });
});

describe("a segment built by another copy of the module", () => {
  it("is taken as a segment, not as documents (Next bundles the search once per layer; the engine is shared on globalThis)", async () => {
    vi.resetModules();
    const other = await import("./segment");
    const foreign = other.Segment.of([doc("Mughal Jaal Velvet Cushion Cover", { category: "Cushion Covers Cushions" })]);
    // Another class of the same name: instanceof cannot tell it is a segment.
    expect(other.Segment).not.toBe(Segment);
    expect(foreign instanceof Segment).toBe(false);
    const engine = new SearchEngine(catalog);
    engine.replaceAll(foreign, new Map());
    expect(engine.size).toBe(1);
    expect(engine.search({ text: "cushion", offset: 0, limit: 5 }).total).toBe(1);
    expect(new SearchEngine(foreign).search({ text: "velvet", offset: 0, limit: 5 }).total).toBe(1);
  });
});
