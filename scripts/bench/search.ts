/**
 * Product search against GET /api/v2/ping on the same server, at 20 connections, throughput and
 * p95 (target: throughput ≥ 0.7 of ping's). BENCH_SEARCH_QUERIES (1,000) distinct queries drawn
 * from the catalog's product names as a shopper types them (queries.ts), each sent once in the
 * whole run, so nothing can answer one from a cache that has seen it (there is no response cache
 * of ours; Next's data cache keeps every answer, but no query comes back). They are split over
 * the rounds; a search run ends when its queries are answered, and its throughput is counted
 * while all 20 connections were busy (until the last query went out), so the run's tail does not
 * count against it.
 */
import { randomInt } from "node:crypto";
import { loadEach, merge, roundRatios, roundsText, type Report, type Run } from "./load";
import { searchQueries } from "./queries";
import { BASE, ROUNDS, ROUND_SECONDS } from "./settings";

/** Throughput against ping on 10,000 products on SQLite (issue 26 point 6); search-scale.ts holds 100,000 to 0.5. */
export const TARGET = 0.7;
/** Distinct search queries of the whole run (each sent once), split over the rounds. */
export const SEARCH_QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 1000);
/**
 * Length of a search run (wrk): long enough for a round's share of the queries at a slow pace;
 * once they are all out the connections wait, and the wait is not counted.
 */
const SEARCH_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? Math.max(ROUND_SECONDS, 5));
/** More distinct queries, none of them measured, that warm the search route up. */
export const SEARCH_WARMUP_QUERIES = 100;
/** Seed of the query choice; a new one each run unless set (printed, and in latest.json). */
export const SEARCH_SEED = Number(process.env.BENCH_SEARCH_SEED ?? randomInt(2 ** 31));

const searchPath = (q: string) => `/api/v2/products/search?name=${encodeURIComponent(q)}`;

/**
 * The queries are drawn here, before the server starts (a catalog that cannot give that many
 * distinct ones fails the run at once); `dataDir` is the run's temporary folder.
 */
export function searchBench(productNames: string[], systemKey: Record<string, string>, dataDir: string, target = TARGET) {
  // Distinct queries for the rounds, and others (never measured) for the warm-up.
  const allQueries = searchQueries(productNames, SEARCH_QUERIES + SEARCH_WARMUP_QUERIES, SEARCH_SEED);
  const warmupSearches = allQueries.slice(SEARCH_QUERIES).map(searchPath);
  const measuredQueries = allQueries.slice(0, SEARCH_QUERIES);
  const searchRounds = Array.from({ length: ROUNDS }, (_, r) =>
    measuredQueries.slice(Math.round((r * SEARCH_QUERIES) / ROUNDS), Math.round(((r + 1) * SEARCH_QUERIES) / ROUNDS)).map(searchPath),
  );
  const runs: Run[] = [];
  const cacheHandler = process.env.REDIS_URL ? "Redis (REDIS_URL)" : "in memory";
  return {
    /** The search runs, one a round, in round order. */
    runs,
    /** The measured queries, in the order they were split over the rounds. */
    measuredQueries,
    /** The line above the table: what the queries are. */
    about: `search: ${SEARCH_QUERIES} distinct queries from product names (seed ${SEARCH_SEED}, e.g. ${measuredQueries
      .slice(0, 5)
      .map((q) => `"${q}"`)
      .join(", ")}), about ${Math.round(SEARCH_QUERIES / ROUNDS)} a round; cache handler: ${cacheHandler}`,
    async warmUp() {
      // Queries that are not measured: the route compiled, the statements prepared.
      await loadEach(BASE, warmupSearches, systemKey, dataDir, SEARCH_SECONDS);
    },
    /** Round `round`'s share of the queries; right after the round's ping run, which it is compared with. */
    async round(round: number) {
      runs.push(await loadEach(BASE, searchRounds[round] as string[], systemKey, dataDir, SEARCH_SECONDS));
    },
    report(ping: Run[]): Report {
      const searchRun = merge(runs);
      const pingRun = merge(ping);
      const searchRatio = roundRatios(runs, ping);
      // p95 of ping over p95 of search, round by round (1 = search answers as fast as ping).
      const p95Rounds = runs.map((r, i) => (ping[i] as Run).p95 / r.p95).sort((a, b) => a - b);
      const searchP95Ratio = { ratio: p95Rounds[Math.floor(p95Rounds.length / 2)] as number, rounds: p95Rounds };
      const searchedQueries = runs.reduce((n, r) => n + r.requests, 0);
      const ok = searchRatio.ratio >= target && searchRun.errors === 0;
      return {
        rows: [[`search, ${searchedQueries} distinct queries`, searchRun]],
        lines: [
          `search / ping, throughput: ${searchRatio.ratio.toFixed(2)} (${roundsText(searchRatio)}), ${searchedQueries} of ${SEARCH_QUERIES} distinct queries answered, ${searchRun.errors} errors (target ≥ ${target.toFixed(2)}) ${ok ? "OK" : "BELOW TARGET"}`,
          `search p95 ${searchRun.p95.toFixed(1)} ms, ping p95 ${pingRun.p95.toFixed(1)} ms; ping p95 / search p95: ${searchP95Ratio.ratio.toFixed(2)} (${roundsText(searchP95Ratio)})`,
        ],
        ok,
        json: {
          search: {
            queries: searchedQueries,
            distinctQueries: SEARCH_QUERIES,
            seed: SEARCH_SEED,
            examples: measuredQueries.slice(0, 20),
            cacheHandler: process.env.REDIS_URL ? "redis" : "memory",
            run: searchRun,
            rounds: runs,
            ratio: searchRatio,
            p95Ratio: searchP95Ratio,
            target,
          },
        },
      };
    },
  };
}
