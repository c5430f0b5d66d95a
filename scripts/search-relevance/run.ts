/**
 * One run of the judged set (./queries.json) through the store's search, in process: a fresh
 * temporary database of `dialect` seeded with the demo catalog, every query through
 * `searchProducts` (what GET /api/v2/products/search runs) with the API's defaults, scored
 * (./report.ts), the database dropped. For npm run search:relevance and its test.
 */
import { createTestDatabase } from "../../lib/testing/databases";
import { loadJudgements, unknownSlugs } from "./judgements";
import { scoreQuery, summarize, type Answer } from "./report";

/** Issue 26's targets: success@3 at least this, and no query's best product off the first page. */
export const TARGET_SUCCESS = 0.9;

export async function runRelevance(dialect: "sqlite" | "postgres", say: (line: string) => void = () => undefined) {
  const judgements = loadJudgements();
  const database = await createTestDatabase(dialect, "relevance");
  // The search reads the process-wide handle (getDb), which opens what DATABASE_URL names: set it
  // before the first read of the configuration, which the modules below do lazily.
  process.env.DATABASE_URL = database.url;
  // The index's "built" line would land in the report's output (--json prints to stdout).
  process.env.LOG_LEVEL ??= "warn";
  const { getDb } = await import("../../lib/platform/db");
  const { migrateToLatest } = await import("../../lib/platform/db/migrate");
  const { seedDatabase } = await import("../../lib/seed");
  const { searchProducts } = await import("../../lib/catalog/server/catalog");
  const { stopProductSearch } = await import("../../lib/catalog/server/product-search");
  const { productSearchSchema } = await import("../../lib/catalog/schemas");
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
    const met = summary.overall.successAt3 >= TARGET_SUCCESS && summary.bestMissing.length === 0;
    return { dialect: handle.dialect, perPage, results, summary, met };
  } finally {
    await stopProductSearch();
    await handle.close();
    await database.drop();
  }
}
