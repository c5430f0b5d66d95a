/**
 * npm run bench:hints — does the compile hint on the framework chunks (scripts/lib/compile-hints.ts)
 * still pay on this build? An A/B in one run, on one server, in Debian's Chromium at 4× CPU
 * slowdown (Lighthouse's mobile setting):
 *
 * - A: the framework chunks as `npm run build` leaves them, starting with V8's
 *   `//# allFunctionsCalledOnLoad`;
 * - B: the same bytes without that first line.
 *
 * The served copies (.next/standalone/.next/static) are switched between loads, in interleaved
 * pairs whose order alternates, each load in a fresh browser context (no HTTP or code cache
 * carried over). Per load it reads the main thread's script time (ScriptDuration of the DevTools
 * Performance domain) and the blocking time of long tasks until the page has been quiet for 2 s
 * (Lighthouse's TBT, counted from the first frame to then). Prints the median of each per page and
 * the ratio A / B. The chunks are left as the build made them.
 * HINTS_AB_PAIRS (default 8) pairs per page; HINTS_AB_PAGES (default "/,/products,product").
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { openDatabase } from "../lib/platform/db/connection";
import { migrateToLatest } from "../lib/platform/db/migrate";
import { seedDatabase } from "../lib/seed";
import { COMPILE_HINT } from "./lib/compile-hints";
import { ensureBuild, freePort, ROOT, startServer, STANDALONE_SERVER, waitForServer } from "./lib/build";

const PAIRS = Number(process.env.HINTS_AB_PAIRS ?? 8);
const CPU_SLOWDOWN = 4;

type Sample = { scriptMs: number; tbtMs: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** The framework chunks as served by the standalone server, with their hinted source. */
function servedFrameworkChunks(): { file: string; hinted: string }[] {
  const staticRoot = path.join(path.dirname(STANDALONE_SERVER), ".next");
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, ".next", "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const chunks = manifest.rootMainFiles.filter((rel) => rel.endsWith(".js")).map((rel) => path.join(staticRoot, rel));
  const out = chunks.map((file) => ({ file, hinted: fs.readFileSync(file, "utf8") })).filter((c) => c.hinted.startsWith(COMPILE_HINT));
  if (out.length === 0) throw new Error("No served framework chunk carries the compile hint: run npm run build first.");
  return out;
}

function serveHinted(chunks: { file: string; hinted: string }[], on: boolean) {
  for (const c of chunks) fs.writeFileSync(c.file, on ? c.hinted : c.hinted.slice(COMPILE_HINT.length + 1));
}

async function load(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(url, { waitUntil: "load" });
    // Quiet for 2 s: no new long task.
    let seen = -1;
    for (let i = 0; i < 20; i++) {
      const n = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.length);
      if (n === seen) break;
      seen = n;
      await page.waitForTimeout(2000);
    }
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
    const script = metrics.find((m) => m.name === "ScriptDuration")?.value ?? 0;
    return { scriptMs: script * 1000, tbtMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0) };
  } finally {
    await context.close();
  }
}

async function main() {
  const file = path.join(ROOT, "data", "lighthouse.db");
  const handle = await openDatabase({ dialect: "sqlite", file });
  let productPath: string;
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { log: () => undefined });
    const product = await handle.db.selectFrom("products").select("slug").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    productPath = `/products/${product.slug}`;
  } finally {
    await handle.close();
  }
  const env = { ...process.env, DATABASE_URL: file, HOST: "127.0.0.1" };
  await ensureBuild(env);
  const chunks = servedFrameworkChunks();
  const port = await freePort();
  const server = startServer(port, env, { quiet: true });
  server.stdout?.resume();
  server.stderr?.resume();
  const origin = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    await waitForServer(`${origin}/api/v2/categories`);
    const pages = (process.env.HINTS_AB_PAGES ?? "/,/products,product").split(",").map((p) => (p === "product" ? productPath : p));
    console.log(`Compile hints A/B: ${chunks.length} framework chunks, ${PAIRS} interleaved pairs per page, ${CPU_SLOWDOWN}× CPU slowdown, 390 px\n`);
    console.log(`${"page".padEnd(44)} ${"script ms (A / B)".padStart(22)} ${"ratio".padStart(6)}  ${"TBT ms (A / B)".padStart(18)} ${"ratio".padStart(6)}`);
    for (const p of pages) {
      const url = `${origin}${p}`;
      // Warm the server's caches for the page first (not measured).
      serveHinted(chunks, true);
      await load(browser, url);
      const a: Sample[] = [];
      const b: Sample[] = [];
      for (let i = 0; i < PAIRS; i++) {
        for (const hinted of i % 2 ? [false, true] : [true, false]) {
          serveHinted(chunks, hinted);
          (hinted ? a : b).push(await load(browser, url));
        }
      }
      const sa = median(a.map((s) => s.scriptMs));
      const sb = median(b.map((s) => s.scriptMs));
      const ta = median(a.map((s) => s.tbtMs));
      const tb = median(b.map((s) => s.tbtMs));
      console.log(
        `${p.padEnd(44)} ${`${sa.toFixed(0)} / ${sb.toFixed(0)}`.padStart(22)} ${(sa / sb).toFixed(2).padStart(6)}  ${`${ta.toFixed(0)} / ${tb.toFixed(0)}`.padStart(18)} ${(tb ? ta / tb : 1).toFixed(2).padStart(6)}`,
      );
    }
    console.log("\nA: hinted (as built), B: without the hint. Ratio below 1: the hint saves main-thread time.");
  } finally {
    serveHinted(chunks, true);
    await browser.close();
    server.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
