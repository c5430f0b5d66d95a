// Runs Lighthouse on the pages of a job file and prints one JSON line of results per page.
// Plain JavaScript run by node on purpose: a TypeScript loader would rewrite the functions
// Lighthouse serialises into the page and break them.
//
// Job file (written by scripts/lighthouse.ts):
//   { "outDir": "...", "runs": 5, "pages": [{ "name": "cart", "url": "http://...", "cookies": [{ "name": "guest_id", "value": "guest_..." }] }] }
// Each page's cookies are set in the browser before its audits (and all others removed), so the
// page's scripts see them in document.cookie as a shopper's browser would; Lighthouse's storage
// reset leaves cookies alone.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const categories = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  "first-contentful-paint": "fcp",
  "largest-contentful-paint": "lcp",
  "total-blocking-time": "tbt",
  "cumulative-layout-shift": "cls",
  "speed-index": "si",
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
try {
  fs.mkdirSync(job.outDir, { recursive: true });
  const runs = Math.max(1, Number(job.runs ?? 5));
  for (const page of job.pages) {
    const existing = await browser.cookies();
    if (existing.length > 0) await browser.deleteCookie(...existing);
    const { hostname } = new URL(page.url);
    for (const c of page.cookies ?? []) await browser.setCookie({ name: c.name, value: c.value, domain: hostname, path: "/", httpOnly: Boolean(c.httpOnly), sameSite: "Lax" });
    // Scores vary from run to run on a shared machine: like Lighthouse CI, keep the run with the
    // median performance score of several.
    const results = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse asks for a second try when its trace recording fails (NO_NAVSTART and the like).
      for (let attempt = 0; attempt < 3; attempt++) {
        const result = await lighthouse(page.url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories });
        if (result && !result.lhr.runtimeError) {
          results.push(result.lhr);
          break;
        }
      }
    }
    results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = results[Math.floor(results.length / 2)];
    if (!lhr) throw new Error(`Lighthouse could not audit ${page.url}`);
    const performanceRuns = results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
    const tbtRuns = results.map((r) => Math.round(r.audits["total-blocking-time"]?.numericValue ?? 0));
    fs.writeFileSync(path.join(job.outDir, `${page.name}.json`), JSON.stringify(lhr));
    const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const metrics = Object.fromEntries(Object.entries(METRICS).map(([id, key]) => [key, lhr.audits[id]?.numericValue ?? null]));
    const misses = {};
    for (const c of categories) {
      misses[c] = lhr.categories[c].auditRefs
        .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 0.9)
        .map((r) => `${r.id}${lhr.audits[r.id].displayValue ? ` (${lhr.audits[r.id].displayValue})` : ""}`)
        .slice(0, 6);
    }
    // is-crawlable fails when the page (or its X-Robots-Tag) says noindex.
    const crawlable = lhr.audits["is-crawlable"]?.score === 1;
    const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl ?? page.url;
    console.log(JSON.stringify({ name: page.name, url: page.url, finalUrl, scores, metrics, misses, performanceRuns, tbtRuns, crawlable }));
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
}
