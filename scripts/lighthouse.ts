/**
 * npm run lighthouse — Lighthouse (mobile, the default profile) in Debian's Chromium against the
 * production server on a fresh demo database, for /, /products, a product page and a blog post.
 * Each page is audited LIGHTHOUSE_RUNS times (default 5) and the run with the median Performance
 * score counts, as Lighthouse CI does, since single runs swing by ten points on a shared machine.
 * Targets: Performance ≥ 90, Accessibility ≥ 95, Best Practices ≥ 95, SEO 100. Prints the scores,
 * writes the JSON reports to bench-results/lighthouse/ and exits non-zero below a target.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { openDatabase } from "../lib/db/connection";
import { migrateToLatest } from "../lib/db/migrate";
import { seedDatabase } from "../lib/seed";
import { ensureBuild, ROOT, startServer, waitForServer } from "./lib/build";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGETS = { performance: 90, accessibility: 95, "best-practices": 95, seo: 100 } as const;

async function main() {
  const file = path.join(ROOT, "data", "lighthouse.db");
  const handle = await openDatabase({ dialect: "sqlite", file });
  let productSlug = "";
  let blogSlug = "";
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { log: () => undefined });
    productSlug = (await handle.db.selectFrom("products").select("slug").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow()).slug;
    blogSlug = (await handle.db.selectFrom("blogs").select("slug").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow()).slug;
  } finally {
    await handle.close();
  }
  const env = { ...process.env, DATABASE_URL: file, HOST: "127.0.0.1" };
  await ensureBuild(env);
  const server = startServer(PORT, env, { quiet: true });
  const outDir = path.join(ROOT, "bench-results", "lighthouse");
  let failed = false;
  try {
    await waitForServer(`${BASE}/api/v2/categories`);
    const pages = ["/", "/products", `/products/${productSlug}`, `/blog/${blogSlug}`];
    // Warm the caches so the audit measures what shoppers get, not the first render.
    // Images too: the optimizer resizes each photo on its first request.
    for (const p of pages) {
      const html = await fetch(`${BASE}${p}`).then((r) => r.text());
      const images = [...new Set([...html.matchAll(/\/_next\/image\?url=[^"\s,]+/g)].map((m) => m[0].replace(/&amp;/g, "&")))];
      for (const src of images.slice(0, 60)) await fetch(`${BASE}${src}`).then((r) => r.arrayBuffer());
    }
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "lib", "run-lighthouse.mjs"), outDir, ...pages.map((p) => `${BASE}${p}`)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    if (run.status !== 0) throw new Error("Lighthouse did not run.");
    console.log("page".padEnd(48) + "perf".padStart(6) + "a11y".padStart(6) + "best".padStart(6) + "seo".padStart(6));
    for (const line of run.stdout.split("\n").filter(Boolean)) {
      const r = JSON.parse(line) as { url: string; scores: Record<keyof typeof TARGETS, number>; misses: Record<string, string[]>; performanceRuns: number[] };
      const ids = Object.keys(TARGETS) as (keyof typeof TARGETS)[];
      console.log(new URL(r.url).pathname.slice(0, 47).padEnd(48) + ids.map((id) => String(r.scores[id]).padStart(6)).join("") + `   (runs: ${r.performanceRuns.join(", ")})`);
      for (const id of ids) {
        if (r.scores[id] < TARGETS[id]) {
          failed = true;
          console.log(`   ${id} ${r.scores[id]} < ${TARGETS[id]}: ${(r.misses[id] ?? []).join(", ")}`);
        }
      }
    }
  } finally {
    server.kill("SIGTERM");
  }
  console.log(failed ? "\nSome scores are below target." : "\nAll scores meet the targets.");
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
