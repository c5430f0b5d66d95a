/**
 * Scores each judged query's answer and sums them up by group, for npm run search:relevance.
 * Pure: the script hands it what the search returned.
 */
import { MISS_GROUP, type JudgedQuery } from "./judgements";
import { mean, ndcgAtK, rankOf, successAtK } from "./metrics";

/** The first k results success is counted in, and the depth of NDCG. */
export const SUCCESS_K = 3;
export const NDCG_K = 10;

/** What the search answered to one query: its first page of slugs and its total. */
export type Answer = { slugs: string[]; total: number };

export type QueryResult = {
  query: string;
  group: string;
  best: string | null;
  /** 1-based place of the best product on the first page; null when it is not there (or there is none). */
  bestRank: number | null;
  successAt3: 0 | 1;
  /** null for a miss. */
  ndcgAt10: number | null;
  total: number;
  /** The first page, in order. */
  slugs: string[];
};

export type GroupSummary = {
  group: string;
  queries: number;
  successAt3: number;
  /** Over the group's judged queries; null for the misses. */
  ndcgAt10: number | null;
  /** Queries with a best product that the first page lacks. */
  bestMissing: number;
};

export type Summary = { overall: GroupSummary; groups: GroupSummary[]; bestMissing: QueryResult[]; failures: QueryResult[] };

export function scoreQuery(judged: JudgedQuery, answer: Answer): QueryResult {
  const best = judged.best ?? null;
  return {
    query: judged.query,
    group: judged.group,
    best,
    bestRank: best ? rankOf(answer.slugs, best) : null,
    successAt3: successAtK(answer.slugs, judged.relevant, SUCCESS_K),
    ndcgAt10: ndcgAtK(answer.slugs, judged.relevant, NDCG_K),
    total: answer.total,
    slugs: answer.slugs,
  };
}

function summarizeGroup(group: string, results: readonly QueryResult[]): GroupSummary {
  return {
    group,
    queries: results.length,
    successAt3: mean(results.map((r) => r.successAt3)) ?? 0,
    ndcgAt10: mean(results.map((r) => r.ndcgAt10)),
    bestMissing: results.filter((r) => r.best && r.bestRank === null).length,
  };
}

/** Per group in `groupOrder`, the whole set, the queries whose best product is not on the first page, and every query that failed success@3. */
export function summarize(results: readonly QueryResult[], groupOrder: readonly string[]): Summary {
  const names = [...groupOrder, ...new Set(results.map((r) => r.group).filter((g) => !groupOrder.includes(g)))];
  return {
    overall: summarizeGroup("all", results),
    groups: names.map((g) => summarizeGroup(g, results.filter((r) => r.group === g))).filter((g) => g.queries > 0),
    bestMissing: results.filter((r) => r.best && r.bestRank === null),
    failures: results.filter((r) => r.successAt3 === 0),
  };
}

const fixed = (n: number | null) => (n === null ? "—" : n.toFixed(2));

/** The summary as the terminal shows it. */
export function formatSummary(summary: Summary, heading: string): string {
  const rows = [...summary.groups, summary.overall].map((g) => [g.group, String(g.queries), fixed(g.successAt3), fixed(g.ndcgAt10), String(g.bestMissing)]);
  const header = ["group", "queries", `success@${SUCCESS_K}`, `NDCG@${NDCG_K}`, "best not on page 1"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  const out = [heading, "", line(header), ...rows.map((r, i) => (i === rows.length - 1 ? `${"-".repeat(widths.reduce((a, b) => a + b + 2, -2))}\n${line(r)}` : line(r)))];
  out.push("", `Queries whose best product is not on the first page (${summary.bestMissing.length}):`);
  for (const r of summary.bestMissing) out.push(`  [${r.group}] "${r.query}" → ${r.best} (${r.total} results)`);
  const misses = summary.failures.filter((r) => r.group === MISS_GROUP);
  const others = summary.failures.filter((r) => r.group !== MISS_GROUP && !(r.best && r.bestRank === null));
  out.push("", `Other queries without a top-graded product in the first ${SUCCESS_K} (${others.length}):`);
  for (const r of others) out.push(`  [${r.group}] "${r.query}" (${r.total} results${r.slugs.length ? `; first: ${r.slugs.slice(0, SUCCESS_K).join(", ")}` : ""})`);
  out.push("", `Misses answered with products (${misses.length}):`);
  for (const r of misses) out.push(`  "${r.query}" (${r.total} results; first: ${r.slugs.slice(0, SUCCESS_K).join(", ")})`);
  return out.join("\n");
}
