import { describe, expect, it } from "vitest";
import { PRODUCTS, productSlug } from "../../lib/seed/catalog";
import { judgementsSchema, loadJudgements, MISS_GROUP, unknownSlugs } from "./judgements";

describe("the judged query set (queries.json)", () => {
  const set = loadJudgements();

  it("has at least 150 queries in every group the issue asks for", () => {
    expect(set.queries.length).toBeGreaterThanOrEqual(150);
    const count = (group: string) => set.queries.filter((q) => q.group === group).length;
    for (const group of ["exact", "two-word", "order-case", "plural-stem", "typo", "prefix", "synonym", "attribute", "category", MISS_GROUP]) {
      expect(count(group), group).toBeGreaterThanOrEqual(10);
    }
  });

  it("names only products of the demo catalog", () => {
    expect(unknownSlugs(set, new Set(PRODUCTS.map(productSlug)))).toEqual([]);
  });

  it("types its typos in words of five letters or more", () => {
    for (const q of set.queries.filter((q) => q.group === "typo")) {
      expect(q.query.split(/\s+/).some((w) => w.length >= 5), q.query).toBe(true);
    }
  });
});

describe("judgementsSchema", () => {
  const base = (queries: unknown[]) => ({ groups: { exact: "names", miss: "nothing" }, queries: [...queries, ...Array.from({ length: 150 }, (_, i) => ({ query: `filler ${i}`, group: "exact", relevant: { a: 2 } }))] });
  const messages = (data: unknown) => {
    const r = judgementsSchema.safeParse(data);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("accepts a well-formed set", () => {
    expect(messages(base([{ query: "curtain", group: "exact", best: "a", relevant: { a: 2, b: 1 } }, { query: "lamp", group: "miss", relevant: {} }]))).toEqual([]);
  });

  it("refuses a best product not graded 2, a judged miss, an unjudged query, a repeat and an unknown group", () => {
    const found = messages(
      base([
        { query: "curtain", group: "exact", best: "b", relevant: { a: 2, b: 1 } },
        { query: "lamp", group: "miss", relevant: { a: 1 } },
        { query: "rug", group: "exact", relevant: {} },
        { query: "Filler 1", group: "exact", relevant: { a: 2 } },
        { query: "sofa", group: "nope", relevant: { a: 2 } },
      ]),
    );
    expect(found).toEqual([
      '"curtain": its best product must be graded 2 among its relevant ones',
      '"lamp" is a miss: it judges no product',
      '"rug" judges no product: make it a miss or judge one',
      '"nope" is not one of the groups',
      '"filler 1" is in the set twice',
    ]);
  });

  it("refuses a grade other than 1 or 2 and a query shorter than the storefront's minimum", () => {
    expect(messages(base([{ query: "ab", group: "exact", relevant: { a: 3 } }])).length).toBe(2);
  });
});
