/**
 * npm run bench — one server, one run, ratios rather than absolute times:
 *  1. a product page against a static page on the same server (requests per second), and
 *  2. the product search endpoint's p95 latency at 20 connections, as served (repeated searches come
 *     from the server's API response cache) and, for comparison, with Cache-Control: no-cache,
 * on a 10,000-product catalog (data/bench.db, made on first use). Prints a table and writes
 * bench-results/latest.json.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getConfig } from "../lib/config";
import { openDatabase } from "../lib/db/connection";
import { migrateToLatest } from "../lib/db/migrate";
import { seedDatabase } from "../lib/seed";
import { ensureBuild, ROOT, startServer, waitForServer } from "./lib/build";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://127.0.0.1:${PORT}`;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const CONNECTIONS = 20;

type Run = { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const WRK_SCRIPT = `
local paths = {}
for p in string.gmatch(os.getenv("BENCH_PATHS"), "[^\\n]+") do paths[#paths + 1] = p end
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %.3f %.3f %.3f %d\\n", summary.requests, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, summary.duration))
end
`;

const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;

/**
 * CONNECTIONS concurrent keep-alive connections for SECONDS, cycling through the URLs. Uses wrk
 * (a C load generator: apt-get install wrk) when present, so the client takes little of the
 * machine's two cores; otherwise a fetch loop in this process.
 */
async function load(urls: string[], headers: Record<string, string> = {}, seconds = SECONDS): Promise<Run> {
  if (hasWrk) {
    const script = path.join(os.tmpdir(), "furnish-bench.lua");
    fs.writeFileSync(script, WRK_SCRIPT);
    const origin = new URL(urls[0] as string).origin;
    const args = ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "-s", script, "-H", "Accept-Encoding: gzip, deflate, br"];
    for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
    args.push(origin);
    const out = spawnSync("wrk", args, { encoding: "utf8", env: { ...process.env, BENCH_PATHS: urls.map((u) => new URL(u).pathname + new URL(u).search).join("\n") } });
    const line = out.stdout.split("\n").find((l) => l.startsWith("RESULT "));
    if (!line) throw new Error(`wrk failed: ${out.stderr || out.stdout}`);
    const [requests, errors, p50, p95, p99, micros] = line.split(" ").slice(1).map(Number) as [number, number, number, number, number, number];
    return { requests, errors, rps: requests / (micros / 1e6), p50, p95, p99 };
  }
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const url = urls[next++ % urls.length] as string;
        const t = performance.now();
        try {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

async function main() {
  const file = path.join(ROOT, "data", "bench.db");
  const handle = await openDatabase({ dialect: "sqlite", file });
  let productSlugs: string[];
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { products: PRODUCTS, log: () => undefined });
    const rows = await handle.db.selectFrom("products").select("slug").where("published", "=", 1).orderBy("id").execute();
    productSlugs = rows.map((r) => r.slug);
    console.log(`Catalog: ${rows.length} products (${file})`);
  } finally {
    await handle.close();
  }

  const env = { ...process.env, DATABASE_URL: file, HOST: "127.0.0.1" };
  await ensureBuild(env);
  const server = startServer(PORT, env, { quiet: true });
  try {
    await waitForServer(`${BASE}/api/v2/categories`);
    const staticPath = "/about-us";
    const productPaths = productSlugs.filter((_, i) => i % Math.ceil(productSlugs.length / 50) === 0).slice(0, 50).map((s) => `/products/${s}`);
    // Warm-up: the first visit renders and caches each page; the benchmark measures cached serving.
    for (const p of [staticPath, ...productPaths]) await fetch(`${BASE}${p}`).then((r) => r.arrayBuffer());
    await load([`${BASE}${staticPath}`], {}, 3);
    await load(productPaths.map((p) => `${BASE}${p}`), {}, 3);

    // Static and product runs alternate in ROUNDS short rounds, and the ratio is the median of the
    // rounds' ratios: the machine's speed drifts (other tenants of a shared VM), and a drift then
    // spoils one round instead of the result.
    const staticUrls = [`${BASE}${staticPath}`];
    const productUrls = productPaths.map((p) => `${BASE}${p}`);
    const staticRuns: Run[] = [];
    const productRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      staticRuns.push(await load(staticUrls, {}, ROUND_SECONDS));
      productRuns.push(await load(productUrls, {}, ROUND_SECONDS));
    }
    const merge = (runs: Run[]): Run => ({
      requests: runs.reduce((n, r) => n + r.requests, 0),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
      p50: runs.reduce((n, r) => n + r.p50, 0) / runs.length,
      p95: Math.max(...runs.map((r) => r.p95)),
      p99: Math.max(...runs.map((r) => r.p99)),
    });
    const staticRun = merge(staticRuns);
    const productRun = merge(productRuns);
    const roundRatios = productRuns.map((r, i) => r.rps / (staticRuns[i] as Run).rps).sort((a, b) => a - b);
    const ratio = roundRatios[Math.floor(roundRatios.length / 2)] as number;
    const terms = ["cotton", "curtain", "velvet", "cushion", "jute rug", "linen", "silk", "towel", "sheesham", "block print"];
    const searchUrls = terms.map((t) => `${BASE}/api/v2/products/search?name=${encodeURIComponent(t)}`);
    const systemKey = { "System-Key": getConfig().systemKey };
    // As shoppers meet it: repeated searches answered by the server's API response cache.
    const searchRun = await load(searchUrls, systemKey);
    // For comparison, every request through Next (Cache-Control: no-cache skips the response cache;
    // the search itself still comes from the tagged data cache).
    const searchNextRun = await load(searchUrls, { ...systemKey, "Cache-Control": "no-cache" });

    const rows = [
      ["static page " + staticPath, staticRun],
      [`product pages (${productPaths.length} products)`, productRun],
      ["search endpoint (10 terms)", searchRun],
      ["  same, Cache-Control: no-cache", searchNextRun],
    ] as const;
    console.log(`\n${CONNECTIONS} connections, pages ${ROUNDS}×${ROUND_SECONDS} s each, search ${SECONDS} s, ${PRODUCTS} products, client: ${hasWrk ? "wrk" : "fetch loop"}\n`);
    console.log("what".padEnd(34) + "req/s".padStart(9) + "p50 ms".padStart(9) + "p95 ms".padStart(9) + "p99 ms".padStart(9) + "errors".padStart(8));
    for (const [name, r] of rows) {
      console.log(name.padEnd(34) + r.rps.toFixed(0).padStart(9) + r.p50.toFixed(1).padStart(9) + r.p95.toFixed(1).padStart(9) + r.p99.toFixed(1).padStart(9) + String(r.errors).padStart(8));
    }
    const productOk = ratio >= 0.8;
    const searchOk = searchRun.p95 < 30;
    console.log(`\nproduct page / static page: ${ratio.toFixed(2)}, median of ${ROUNDS} rounds (${roundRatios.map((r) => r.toFixed(2)).join(", ")}) (target ≥ 0.80) ${productOk ? "OK" : "BELOW TARGET"}`);
    console.log(`search p95: ${searchRun.p95.toFixed(1)} ms (target < 30 ms) ${searchOk ? "OK" : "ABOVE TARGET"}`);
    fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, "bench-results", "latest.json"),
      JSON.stringify({ at: new Date().toISOString(), products: PRODUCTS, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, roundRatios, static: staticRun, product: productRun, search: searchRun, searchThroughNext: searchNextRun, ratio }, null, 2),
    );
    process.exitCode = productOk && searchOk ? 0 : 1;
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
