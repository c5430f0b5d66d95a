import { describe, expect, it } from "vitest";
import { nameWords, parseIndexBuilt, queryKind, shortPrefixQueries, ratioTarget, p95Target, SCALE_CASES, scaleChecks, scaleTable, type CaseResult } from "./search-scale-rules";

const result = (over: Partial<CaseResult> & Pick<CaseResult, "database" | "products">): CaseResult => ({
  indexed: over.products,
  pingRps: 1000,
  searchRps: 800,
  ratio: 0.8,
  ratioRounds: [0.8],
  p95: 40,
  worstP95: 60,
  pingP95: 30,
  p50: 20,
  answered: 1000,
  errors: 0,
  readyMs: 3000,
  buildMs: 2000,
  restartMs: 900,
  restartLoadMs: 400,
  rssMb: 300,
  peakRssMb: 320,
  indexMb: 50,
  ...over,
});

const allMet = () => SCALE_CASES.map((c) => result({ ...c, searchRps: c.products >= 100_000 ? 600 : 800, ratio: c.products >= 100_000 ? 0.6 : 0.8 }));

describe("search-scale's targets (issue 26 point 6)", () => {
  it("holds SQLite at 10,000 to 0.7 of ping, both databases at 100,000 to 0.5 and p95 under 100 ms, PostgreSQL at 10,000 to nothing of its own", () => {
    expect(ratioTarget({ database: "sqlite", products: 10_000 })).toBe(0.7);
    expect(ratioTarget({ database: "sqlite", products: 100_000 })).toBe(0.5);
    expect(ratioTarget({ database: "postgres", products: 100_000 })).toBe(0.5);
    expect(ratioTarget({ database: "postgres", products: 10_000 })).toBeNull();
    expect(p95Target({ database: "sqlite", products: 10_000 })).toBeNull();
    expect(p95Target({ database: "postgres", products: 100_000 })).toBe(100);
  });

  it("passes when every target is met, and names each check", () => {
    const checks = scaleChecks(allMet());
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(checks.map((c) => c.what)).toEqual([
      "SQLite 10,000: search / ping",
      "SQLite 10,000: errors",
      "SQLite 100,000: search / ping",
      "SQLite 100,000: search p95 ms",
      "SQLite 100,000: errors",
      "PostgreSQL 10,000: errors",
      "PostgreSQL 100,000: search / ping",
      "PostgreSQL 100,000: search p95 ms",
      "PostgreSQL 100,000: errors",
      "SQLite: search req/s at 10,000 ÷ at 100,000",
      "PostgreSQL: search req/s at 10,000 ÷ at 100,000",
    ]);
  });

  it("misses a low ratio, a slow p95 at 100,000, any error, and a drop of 2× or more", () => {
    const missed = (change: (r: CaseResult[]) => void) => {
      const results = allMet();
      change(results);
      return scaleChecks(results)
        .filter((c) => !c.ok)
        .map((c) => c.what);
    };
    expect(missed((r) => ((r[0] as CaseResult).ratio = 0.69))).toEqual(["SQLite 10,000: search / ping"]);
    expect(missed((r) => ((r[3] as CaseResult).p95 = 100))).toEqual(["PostgreSQL 100,000: search p95 ms"]);
    expect(missed((r) => ((r[2] as CaseResult).errors = 1))).toEqual(["PostgreSQL 10,000: errors"]);
    expect(missed((r) => ((r[1] as CaseResult).searchRps = 400))).toEqual(["SQLite: search req/s at 10,000 ÷ at 100,000"]);
    // A p95 of 150 ms at 10,000 products has no target of its own.
    expect(missed((r) => ((r[0] as CaseResult).p95 = 150))).toEqual([]);
  });

  it("says ping's own p95 in the same rounds beside search's, and holds only search's to the target", () => {
    const results = allMet();
    Object.assign(results[1] as CaseResult, { p95: 158.5, pingP95: 131.2 });
    const p95 = scaleChecks(results).find((c) => c.what === "SQLite 100,000: search p95 ms");
    expect(p95).toMatchObject({ value: 158.5, ok: false, beside: "ping's own p95 in the same rounds: 131.2 ms" });
    Object.assign(results[1] as CaseResult, { p95: 90, pingP95: 131.2 });
    expect(scaleChecks(results).find((c) => c.what === "SQLite 100,000: search p95 ms")?.ok).toBe(true);
  });

  it("prints a Markdown row per catalog with its targets", () => {
    const table = scaleTable(allMet()).split("\n");
    expect(table).toHaveLength(6);
    expect(table[2]).toBe("| SQLite | 10,000 (10,000) | 1000 | 800 | 0.80 (≥ 0.7) | 40.0 (—) | 60.0 | 30.0 | 3000 | 2000 | 900 (400) | 300 (320) | 50.0 |");
    expect(table[4]).toContain("| PostgreSQL | 10,000 (10,000) | 1000 | 800 | 0.80 (—) |");
    expect(table[5]).toContain("| 40.0 (< 100) |");
  });
});

describe("the index's log line", () => {
  it("is read from the server's JSON lines, and not before it is written", () => {
    const lines = [
      '{"level":"info","time":"2026-11-26T11:00:00.000Z","pid":1,"msg":"ready"}',
      '{"level":"info","time":"2026-11-26T11:00:01.000Z","pid":1,"module":"product-search","products":99913,"ms":8123,"bytes":73400320,"msg":"product search index built"}',
    ];
    expect(parseIndexBuilt(lines[0] as string)).toBeNull();
    expect(parseIndexBuilt(lines.join("\n"))).toEqual({ products: 99913, ms: 8123, bytes: 73400320, source: "database" });
    expect(parseIndexBuilt('{"level":"info","products":99913,"ms":412,"bytes":73400320,"source":"snapshot","msg":"product search index loaded from its snapshot"}')).toEqual({ products: 99913, ms: 412, bytes: 73400320, source: "snapshot" });
    expect(parseIndexBuilt('{"msg":"product search index built","prod')).toBeNull();
  });
});

describe("the kinds of bench query", () => {
  const words = nameWords(["Jaipur Indigo Ikat Cotton Curtain", "Jute Rug"]);
  it("tells a word, the start of one, two words, and a word with the start of the next", () => {
    expect(queryKind("cotton", words)).toBe("word");
    expect(queryKind("curt", words)).toBe("prefix");
    expect(queryKind("cotton curtain", words)).toBe("two words");
    expect(queryKind("jute ru", words)).toBe("word + prefix");
  });
});

describe("the short prefixes timed beside them", () => {
  it("are a word and one or two letters of the next, distinct, from the two-word queries only", () => {
    expect(shortPrefixQueries(["cotton", "jute rug", "jute runner", "velvet curtain", "jute ru"], 10)).toEqual(["jute r", "jute ru", "velvet c"]);
    expect(shortPrefixQueries(["jute rug", "velvet curtain", "linen sheer"], 2)).toHaveLength(2);
  });
});
