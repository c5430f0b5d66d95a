/**
 * The judged query set of npm run search:relevance (./queries.json): queries a shopper of the demo
 * catalog types, in groups, each with the demo products that answer it graded 2 (the best, or
 * exactly what was asked) or 1 (acceptable), and the single best product where there is one.
 * Judged from the seed (lib/seed/catalog.ts), not from what any search returns. Products are named
 * by slug: the seed derives them from the names, so they are the same on every fresh database.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SEARCH_MIN_CHARS } from "../../lib/catalog/options";

export const QUERIES_FILE = path.join(__dirname, "queries.json");

/** The group whose queries should find nothing: the shop sells nothing of the kind. */
export const MISS_GROUP = "miss";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a product slug");

const judgedQuery = z.strictObject({
  // As the storefront sends it: 3 to 100 characters (lib/catalog/schemas.ts).
  query: z.string().min(SEARCH_MIN_CHARS).max(100).refine((q) => q === q.trim(), "has spaces around it"),
  group: z.string().min(1),
  best: slug.optional(),
  relevant: z.record(slug, z.union([z.literal(1), z.literal(2)])),
  note: z.string().min(1).optional(),
});

export const judgementsSchema = z
  .strictObject({
    /** Group name → what its queries test. */
    groups: z.record(z.string().regex(/^[a-z-]+$/), z.string().min(1)),
    queries: z.array(judgedQuery).min(150),
  })
  .superRefine((set, ctx) => {
    const seen = new Set<string>();
    set.queries.forEach((q, i) => {
      const at = ["queries", i];
      const key = q.query.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [...at, "query"], message: `"${q.query}" is in the set twice` });
      seen.add(key);
      if (!(q.group in set.groups)) ctx.addIssue({ code: "custom", path: [...at, "group"], message: `"${q.group}" is not one of the groups` });
      const judged = Object.keys(q.relevant).length;
      if (q.group === MISS_GROUP && (judged > 0 || q.best)) ctx.addIssue({ code: "custom", path: at, message: `"${q.query}" is a miss: it judges no product` });
      if (q.group !== MISS_GROUP && judged === 0) ctx.addIssue({ code: "custom", path: at, message: `"${q.query}" judges no product: make it a miss or judge one` });
      if (q.best && q.relevant[q.best] !== 2) ctx.addIssue({ code: "custom", path: [...at, "best"], message: `"${q.query}": its best product must be graded 2 among its relevant ones` });
    });
  });

export type Judgements = z.infer<typeof judgementsSchema>;
export type JudgedQuery = Judgements["queries"][number];

/** Reads and checks the judged set; a mistake in the file throws with its place and reason. */
export function loadJudgements(file = QUERIES_FILE): Judgements {
  const parsed = judgementsSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 20).map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`${path.relative(process.cwd(), file)} is not a valid judged set:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** The slugs the set names that are not among `known` (the catalog's), each once. */
export function unknownSlugs(set: Judgements, known: ReadonlySet<string>): string[] {
  const named = set.queries.flatMap((q) => [...Object.keys(q.relevant), ...(q.best ? [q.best] : [])]);
  return [...new Set(named)].filter((s) => !known.has(s));
}
