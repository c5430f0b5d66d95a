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
import { createTestDatabase, postgresReachable, TEST_POSTGRES_URL } from "../lib/testing/databases";
import { argsOrExit, runCommand } from "./lib/command";
import { loadJudgements, unknownSlugs } from "./search-relevance/judgements";
import { formatSummary, scoreQuery, summarize, type Answer } from "./search-relevance/report";

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

/** Issue 26's targets. */
const TARGET_SUCCESS = 0.9;

async function main(): Promise<number> {
  const args = argsOrExit(parseArgs(process.argv.slice(2)), USAGE);
  if (typeof args === "number") return args;
  const judgements = loadJudgements();
  if (args.postgres && !(await postgresReachable())) throw new Error(`PostgreSQL is not reachable at TEST_POSTGRES_URL; start the local one with bash scripts/pg-local.sh start.`);
  const say = args.json ? (line: string) => console.error(line) : (line: string) => console.log(line);

  const database = await createTestDatabase(args.postgres ? "postgres" : "sqlite", "relevance");
  // The search reads the process-wide handle (getDb), which opens what DATABASE_URL names: set it
  // before the first read of the configuration, which the modules below do lazily.
  process.env.DATABASE_URL = database.url;
  const { getDb } = await import("../lib/platform/db");
  const { migrateToLatest } = await import("../lib/platform/db/migrate");
  const { seedDatabase } = await import("../lib/seed");
  const { searchProducts } = await import("../lib/catalog/server/catalog");
  const { productSearchSchema } = await import("../lib/catalog/schemas");
  const handle = await getDb();
  try {
    const started = Date.now();
    await migrateToLatest(handle);
    await seedDatabase(handle, { log: () => undefined });
    const slugs = await handle.db.selectFrom("products").select("slug").where("published", "=", 1).execute();
    const unknown = unknownSlugs(judgements, new Set(slugs.map((s) => s.slug)));
    if (unknown.length) throw new Error(`The judged set names products the demo catalog does not have: ${unknown.join(", ")}`);
    say(`Seeded ${slugs.length} demo products on ${handle.dialect} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const results = [];
    let perPage = 0;
    for (const judged of judgements.queries) {
      // As the route parses ?name=…: the schema's defaults are the API's (page 1, 12 per page, its default sort).
      const search = productSearchSchema.parse({ name: judged.query });
      perPage = search.per_page;
      const page = await searchProducts(search);
      const answer: Answer = { slugs: page?.items.map((p) => p.slug) ?? [], total: page?.total ?? 0 };
      results.push(scoreQuery(judged, answer));
    }
    const summary = summarize(results, Object.keys(judgements.groups));
    const heading = `Search relevance on ${handle.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}: ${results.length} queries, first page of ${perPage}, the API's default sort`;
    if (args.json) console.log(JSON.stringify({ dialect: handle.dialect, perPage, summary: { overall: summary.overall, groups: summary.groups }, results }, null, 1));
    else console.log(formatSummary(summary, heading));
    const met = summary.overall.successAt3 >= TARGET_SUCCESS && summary.bestMissing.length === 0;
    say(`\nTargets (success@3 ≥ ${TARGET_SUCCESS}, no best product off the first page): ${met ? "met" : "not met"}`);
    return args.check && !met ? 1 : 0;
  } finally {
    await handle.close();
    await database.drop();
  }
}

runCommand(main, { stack: true });
