/**
 * npm run lighthouse — Lighthouse (mobile, the default profile) in Debian's Chromium against the
 * production server on a fresh demo database, for /, /products, a product page and a blog post.
 * Targets: Performance ≥ 90, Accessibility ≥ 95, Best Practices ≥ 95, SEO 100. Prints the scores,
 * writes the JSON reports to bench-results/lighthouse/ and exits non-zero below a target.
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
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
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const outDir = path.join(ROOT, "bench-results", "lighthouse");
  fs.mkdirSync(outDir, { recursive: true });
  let failed = false;
  try {
    await waitForServer(`${BASE}/api/v2/categories`);
    const pages = ["/", "/products", `/products/${productSlug}`, `/blog/${blogSlug}`];
    // Warm the caches so the audit measures what shoppers get, not the first render.
    for (const p of pages) await fetch(`${BASE}${p}`).then((r) => r.arrayBuffer());
    console.log("page".padEnd(48) + "perf".padStart(6) + "a11y".padStart(6) + "best".padStart(6) + "seo".padStart(6));
    for (const p of pages) {
      const result = await lighthouse(`${BASE}${p}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: Object.keys(TARGETS) });
      if (!result) throw new Error(`Lighthouse gave no result for ${p}`);
      const lhr = result.lhr;
      fs.writeFileSync(path.join(outDir, `${p.replace(/\W+/g, "_") || "home"}.json`), JSON.stringify(lhr));
      const score = (id: keyof typeof TARGETS) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const scores = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map((id) => [id, score(id)] as const);
      console.log(p.slice(0, 47).padEnd(48) + scores.map(([, s]) => String(s).padStart(6)).join(""));
      for (const [id, s] of scores) {
        if (s < TARGETS[id]) {
          failed = true;
          const misses = Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 0.9 && lhr.categories[id]?.auditRefs.some((r) => r.id === a.id && r.weight > 0))
            .map((a) => `${a.id} (${a.displayValue ?? a.score})`)
            .slice(0, 6);
          console.log(`   ${id} ${s} < ${TARGETS[id]}: ${misses.join(", ")}`);
        }
      }
    }
  } finally {
    await chrome.kill();
    server.kill("SIGTERM");
  }
  console.log(failed ? "\nSome scores are below target." : "\nAll scores meet the targets.");
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
