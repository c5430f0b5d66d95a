/**
 * The pure parts of npm run bench -- search-scale (search-scale.ts): the four catalogs and their
 * targets (issue 26 point 6), the index's log line, the kinds of query, the verdicts and the table.
 */

export type ScaleDatabase = "sqlite" | "postgres";
export type ScaleCase = { database: ScaleDatabase; products: number };

/** In run order: each database at 10,000 then 100,000 products. */
export const SCALE_CASES: readonly ScaleCase[] = [
  { database: "sqlite", products: 10_000 },
  { database: "sqlite", products: 100_000 },
  { database: "postgres", products: 10_000 },
  { database: "postgres", products: 100_000 },
];

/** Search throughput at 10,000 products over that at 100,000, on each database: below this. */
export const DROP_TARGET = 2;
/** p95 of search at 100,000 products, on each database: below this. */
export const P95_TARGET_MS = 100;

/** The least ratio of search to ping throughput: 0.7 on SQLite at 10,000, 0.5 at 100,000, none for PostgreSQL at 10,000 (only its drop counts). */
export function ratioTarget(c: ScaleCase): number | null {
  if (c.products >= 100_000) return 0.5;
  return c.database === "sqlite" ? 0.7 : null;
}

/** The p95 a case is held to: under 100 ms at 100,000 products, none at 10,000. */
export function p95Target(c: ScaleCase): number | null {
  return c.products >= 100_000 ? P95_TARGET_MS : null;
}

export type IndexBuilt = { products: number; ms: number; bytes: number; source: "database" | "snapshot" };

const INDEX_READY = { "product search index built": "database", "product search index loaded from its snapshot": "snapshot" } as const;

/** The server's JSON log line "product search index built" (lib/catalog/server/product-search.ts) in `text`, the first one; null before it is written. */
export function parseIndexBuilt(text: string): IndexBuilt | null {
  for (const line of text.split("\n")) {
    if (!line.includes('"product search index ')) continue;
    try {
      const parsed = JSON.parse(line) as { msg?: unknown; products?: unknown; ms?: unknown; bytes?: unknown };
      const source = INDEX_READY[parsed.msg as keyof typeof INDEX_READY];
      if (!source) continue;
      return { products: Number(parsed.products), ms: Number(parsed.ms), bytes: Number(parsed.bytes), source };
    } catch {
      // a line cut in two by the pipe, or not JSON
    }
  }
  return null;
}

export const QUERY_KINDS = ["word", "prefix", "two words", "word + prefix"] as const;
/** Timed one at a time besides the kinds the bench sends: a word and the first one or two letters of the next ("jute r"), what the box holds while a shopper types. */
export const SHORT_PREFIX = "word + 1-2 letters";
export type QueryKind = (typeof QUERY_KINDS)[number] | typeof SHORT_PREFIX;

/** Queries of two words cut to the first word and one or two letters of the second (alternately), distinct, at most `count`. */
export function shortPrefixQueries(queries: readonly string[], count: number): string[] {
  const out = new Set<string>();
  for (const q of queries) {
    const [first, second] = q.split(" ");
    if (!first || !second) continue;
    out.add(`${first} ${second.slice(0, 1 + (out.size % 2))}`);
    if (out.size >= count) break;
  }
  return [...out];
}

/** The lower-case words of the product names (what a query word is checked against: whole, or the start of one). */
export function nameWords(names: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const name of names) for (const w of name.toLowerCase().split(/\s+/)) if (w) words.add(w);
  return words;
}

/** What a bench query is (queries.ts): one whole word, the start of one, two whole words, or a word and the start of the next. */
export function queryKind(query: string, words: ReadonlySet<string>): QueryKind {
  const parts = query.split(" ").filter(Boolean);
  const last = parts.at(-1) ?? "";
  const whole = words.has(last);
  if (parts.length < 2) return whole ? "word" : "prefix";
  return whole ? "two words" : "word + prefix";
}

export type CaseResult = ScaleCase & {
  /** Products the index holds (published), from its log line. */
  indexed: number;
  pingRps: number;
  searchRps: number;
  /** Median of the rounds' ratios of search to ping throughput, and the rounds' ratios. */
  ratio: number;
  ratioRounds: number[];
  /** Median of the rounds' p95s (held against the target) and the worst round's. */
  p95: number;
  worstP95: number;
  /**
   * Ping's own p95 in the same rounds (median of its rounds'): what the machine gives the
   * cheapest route at the same 20 connections, beside search's p95.
   */
  pingP95: number;
  p50: number;
  answered: number;
  errors: number;
  /** From the server's spawn to the first search answered (the index built meanwhile), and the build's own ms from its log line. */
  readyMs: number;
  buildMs: number;
  /**
   * The same after a restart of the server (SIGTERM, then spawned again on the same database):
   * the index loaded from the snapshot its build wrote, and the load's own ms; null when the
   * restart did not load one.
   */
  restartMs: number | null;
  restartLoadMs: number | null;
  rssMb: number | null;
  /** The server's peak resident memory (VmHWM): the index's build is its high point. */
  peakRssMb: number | null;
  indexMb: number;
};

/** A target against its figure; `beside`: what to read it with (ping's own p95 beside search's). */
export type Check = { what: string; value: number; target: string; ok: boolean; beside?: string };

const label = (c: ScaleCase) => `${c.database === "sqlite" ? "SQLite" : "PostgreSQL"} ${c.products.toLocaleString("en-US")}`;

/** Every target of point 6 against the results: the ratios, the p95s at 100,000, no errors, and the drop on each database. */
export function scaleChecks(results: readonly CaseResult[]): Check[] {
  const checks: Check[] = [];
  for (const r of results) {
    const ratio = ratioTarget(r);
    if (ratio !== null) checks.push({ what: `${label(r)}: search / ping`, value: r.ratio, target: `≥ ${ratio}`, ok: r.ratio >= ratio });
    const p95 = p95Target(r);
    if (p95 !== null) checks.push({ what: `${label(r)}: search p95 ms`, value: r.p95, target: `< ${p95}`, ok: r.p95 < p95, beside: `ping's own p95 in the same rounds: ${r.pingP95.toFixed(1)} ms` });
    checks.push({ what: `${label(r)}: errors`, value: r.errors, target: "0", ok: r.errors === 0 && r.answered > 0 });
  }
  for (const database of ["sqlite", "postgres"] as const) {
    const small = results.find((r) => r.database === database && r.products < 100_000);
    const large = results.find((r) => r.database === database && r.products >= 100_000);
    if (!small || !large) continue;
    const drop = large.searchRps > 0 ? small.searchRps / large.searchRps : Number.POSITIVE_INFINITY;
    checks.push({ what: `${database === "sqlite" ? "SQLite" : "PostgreSQL"}: search req/s at 10,000 ÷ at 100,000`, value: drop, target: `< ${DROP_TARGET}`, ok: drop < DROP_TARGET });
  }
  return checks;
}

/** The table printed and copied into the measurement's record (Markdown). */
export function scaleTable(results: readonly CaseResult[]): string {
  const head = "| database | products (indexed) | ping req/s | search req/s | ratio (target) | p95 ms (target) | worst round p95 | ping p95 ms | spawn → first answer ms | index build ms | restart → first answer ms (snapshot load) | RSS MB (peak) | index MB |";
  const rule = `|${head.split("|").slice(1, -1).map(() => "---").join("|")}|`;
  const rows = results.map((r) => {
    const rt = ratioTarget(r);
    const pt = p95Target(r);
    return `| ${r.database === "sqlite" ? "SQLite" : "PostgreSQL"} | ${r.products.toLocaleString("en-US")} (${r.indexed.toLocaleString("en-US")}) | ${r.pingRps.toFixed(0)} | ${r.searchRps.toFixed(0)} | ${r.ratio.toFixed(2)} (${rt === null ? "—" : `≥ ${rt}`}) | ${r.p95.toFixed(1)} (${pt === null ? "—" : `< ${pt}`}) | ${r.worstP95.toFixed(1)} | ${r.pingP95.toFixed(1)} | ${r.readyMs.toFixed(0)} | ${r.buildMs.toFixed(0)} | ${r.restartMs === null ? "—" : `${r.restartMs.toFixed(0)} (${(r.restartLoadMs ?? 0).toFixed(0)})`} | ${r.rssMb === null ? "—" : `${r.rssMb.toFixed(0)} (${(r.peakRssMb ?? 0).toFixed(0)})`} | ${r.indexMb.toFixed(1)} |`;
  });
  return [head, rule, ...rows].join("\n");
}
