// Runs Lighthouse on the URLs given as arguments and prints one JSON line of scores per URL.
// Plain JavaScript run by node on purpose: a TypeScript loader would rewrite the functions
// Lighthouse serialises into the page and break them.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const [outDir, ...urls] = process.argv.slice(2);
const categories = ["performance", "accessibility", "best-practices", "seo"];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const url of urls) {
    // Lighthouse asks for a second run when its trace recording fails (NO_NAVSTART and the like).
    let lhr;
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories });
      lhr = result.lhr;
      if (!lhr.runtimeError) break;
    }
    fs.writeFileSync(path.join(outDir, `${new URL(url).pathname.replace(/\W+/g, "_") || "home"}.json`), JSON.stringify(lhr));
    const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const misses = {};
    for (const c of categories) {
      misses[c] = lhr.categories[c].auditRefs
        .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 0.9)
        .map((r) => `${r.id}${lhr.audits[r.id].displayValue ? ` (${lhr.audits[r.id].displayValue})` : ""}`)
        .slice(0, 6);
    }
    console.log(JSON.stringify({ url, scores, misses }));
  }
} finally {
  await chrome.kill();
}
