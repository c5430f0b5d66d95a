import { describe, expect, it } from "vitest";
import { formatSummary, scoreQuery, summarize } from "./report";

describe("scoreQuery and summarize", () => {
  const results = [
    scoreQuery({ query: "peacock velvet", group: "exact", best: "peacock", relevant: { peacock: 2, mehendi: 1 } }, { slugs: ["mehendi", "x", "y", "peacock"], total: 4 }),
    scoreQuery({ query: "velvet curtain", group: "exact", relevant: { peacock: 2, mehendi: 2 } }, { slugs: ["mehendi"], total: 1 }),
    scoreQuery({ query: "kohl", group: "exact", best: "kohl", relevant: { kohl: 2 } }, { slugs: [], total: 0 }),
    scoreQuery({ query: "lamp", group: "miss", relevant: {} }, { slugs: ["x"], total: 1 }),
  ];

  it("scores each query: the best product's place, success@3 and NDCG@10 (none for a miss)", () => {
    expect(results.map((r) => [r.bestRank, r.successAt3])).toEqual([[4, 0], [null, 1], [null, 0], [null, 0]]);
    expect(results[2]?.ndcgAt10).toBe(0);
    expect(results[3]?.ndcgAt10).toBeNull();
  });

  it("sums up by group in the file's order and over the whole set, with the best products off the first page", () => {
    const summary = summarize(results, ["miss", "exact"]);
    expect(summary.groups.map((g) => [g.group, g.queries, g.successAt3, g.bestMissing])).toEqual([
      ["miss", 1, 0, 0],
      ["exact", 3, 1 / 3, 1],
    ]);
    expect(summary.groups[0]?.ndcgAt10).toBeNull();
    expect(summary.overall).toMatchObject({ group: "all", queries: 4, successAt3: 0.25, bestMissing: 1 });
    expect(summary.bestMissing.map((r) => r.query)).toEqual(["kohl"]);
    expect(summary.failures.map((r) => r.query)).toEqual(["peacock velvet", "kohl", "lamp"]);
  });

  it("prints a table and the lists a reader acts on", () => {
    const text = formatSummary(summarize(results, ["exact", "miss"]), "Search relevance");
    expect(text).toContain("Queries whose best product is not on the first page (1):\n  [exact] \"kohl\" → kohl (0 results)");
    expect(text).toContain('[exact] "peacock velvet" (4 results; first: mehendi, x, y)');
    expect(text).toContain('Misses answered with products (1):\n  "lamp" (1 results; first: x)');
    expect(text).toMatch(/^all\s+4\s+0\.25\s+/m);
  });
});
