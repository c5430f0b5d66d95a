/**
 * npm run search:relevance [-- --json] [-- --postgres] [-- --check]
 *
 * How well product search answers what shoppers type: seeds a fresh temporary database with the
 * demo catalog (SQLite; --postgres: a new database on TEST_POSTGRES_URL's server, dropped after),
 * runs every query of the judged set (scripts/search-relevance/queries.json) through the search
 * the API's GET /api/v2/products/search runs (searchProducts, in process: no server, no build),
 * with its defaults (first page of 12, what /search shows; the default sort), and prints
 * success@3 and NDCG@10 for the whole set and by group, and the queries whose best product is not
 * on the first page. --json prints every query's result instead. --check exits 1 when the
 * targets of issue 26 are not met (success@3 ≥ 0.9, no best product off the first page).
 * Images the seed renders go to public/media as npm start's do (kept; a second run renders none).
 */
import { postgresReachable, TEST_POSTGRES_URL } from "../lib/testing/databases";
import { argsOrExit, runCommand } from "./lib/command";
import { formatSummary } from "./search-relevance/report";
import { runRelevance, TARGET_SUCCESS } from "./search-relevance/run";

const USAGE = `Usage: npm run search:relevance [-- --json] [-- --postgres] [-- --check]
  --json      every query's result and the summary as JSON on stdout
  --postgres  on a fresh PostgreSQL database at ${TEST_POSTGRES_URL.replace(/\/\/[^@]*@/, "//")} (TEST_POSTGRES_URL)
  --check     exit 1 when success@3 < 0.9 or a best product is not on the first page`;

type Args = { json: boolean; postgres: boolean; check: boolean; help: boolean };

function parseArgs(argv: string[]): Args | string {
  const out: Args = { json: false, postgres: false, check: false, help: false };
  for (const arg of argv) {
    if (arg === "--help" || arg === "-h") out.help = true;
    else if (arg === "--json") out.json = true;
    else if (arg === "--postgres") out.postgres = true;
    else if (arg === "--check") out.check = true;
    else return `Unknown argument "${arg}".`;
  }
  return out;
}

async function main(): Promise<number> {
  const args = argsOrExit(parseArgs(process.argv.slice(2)), USAGE);
  if (typeof args === "number") return args;
  if (args.postgres && !(await postgresReachable())) throw new Error(`PostgreSQL is not reachable at TEST_POSTGRES_URL; start the local one with bash scripts/pg-local.sh start.`);
  const say = args.json ? (line: string) => console.error(line) : (line: string) => console.log(line);

  const run = await runRelevance(args.postgres ? "postgres" : "sqlite", say);
  const { summary, results, perPage, dialect } = run;
  const heading = `Search relevance on ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}: ${results.length} queries, first page of ${perPage}, the API's default sort`;
  if (args.json) console.log(JSON.stringify({ dialect, perPage, summary: { overall: summary.overall, groups: summary.groups }, results }, null, 1));
  else console.log(formatSummary(summary, heading));
  say(`\nTargets (success@3 ≥ ${TARGET_SUCCESS}, no best product off the first page): ${run.met ? "met" : "not met"}`);
  return args.check && !run.met ? 1 : 0;
}

runCommand(main, { stack: true });
