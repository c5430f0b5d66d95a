/**
 * npm run bench -- search-scale (issue 26 point 6): product search at 10,000 and 100,000 products
 * on SQLite and on PostgreSQL, each against GET /api/v2/ping on the same server in the same run.
 *
 * For each of the four catalogs (search-scale-data.ts; made on first use, reused), one after the
 * other: the store's standalone server starts on it (server.ts), and the time from its spawn to
 * the first search answered is taken (the product search index is built meanwhile; its own build
 * time, products and bytes come from its log line "product search index built"). Then exactly what
 * `npm run bench -- search` does (search.ts, ping.ts): 100 distinct queries to warm up, then
 * BENCH_ROUNDS rounds alternating a ping run with the round's share of 1,000 distinct queries from
 * the catalog's product names and typed prefixes (queries.ts, one seed for all four), each sent
 * once, at 20 connections; the ratio is the median of the rounds' ratios, and the p95 held against
 * the target the median of the rounds' p95s (the worst round's beside it, and ping's own p95 in the
 * same rounds, which says what the machine gives the cheapest route). After the rounds: the
 * resident memory of the server and what it started (memory.ts), and a few more queries of each
 * kind (a word, the start of one, two words, a word and the start of the next; and, not among the
 * measured ones, a word and one or two letters of the next) one at a time on the idle server, to
 * say which kind is slow. Last, the server is stopped and started again on the same database: the
 * time from that spawn to the first search answered, with the index loaded from the snapshot its
 * first build wrote (each case's server gets its own temporary folder, so the first start always
 * builds from the database).
 *
 * Targets: search / ping ≥ 0.7 on SQLite at 10,000; ≥ 0.5 and p95 < 100 ms at 100,000 on both;
 * search req/s at 10,000 ÷ at 100,000 < 2 on each database; no errors. Exit 1 when one is missed,
 * 2 when PostgreSQL is not there. Writes bench-results/latest-search-scale.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getConfig } from "../../lib/platform/config";
import { ROOT, withHeapCap } from "../lib/build";
import { ADMIN_DATABASE_URL, serverReachable } from "./admin-list-data";
import { hasWrk, merge, type Run } from "./load";
import { processTreeMemory } from "./memory";
import { pingBench } from "./ping";
import { searchQueries } from "./queries";
import { SEARCH_QUERIES, SEARCH_SEED, SEARCH_WARMUP_QUERIES, searchBench } from "./search";
import { prepareScaleData } from "./search-scale-data";
import { nameWords, parseIndexBuilt, QUERY_KINDS, queryKind, ratioTarget, SCALE_CASES, scaleChecks, scaleTable, SHORT_PREFIX, shortPrefixQueries, type CaseResult, type Check, type IndexBuilt, type QueryKind, type ScaleCase } from "./search-scale-rules";
import { startBenchServer } from "./server";
import { BASE, CONNECTIONS, ROUNDS, ROUND_SECONDS } from "./settings";

/** Queries of each kind timed one at a time after the rounds. */
const PER_KIND = 20;
/** How long the server may take from its spawn to the first search answered (the index built). */
const READY_TIMEOUT_MS = 10 * 60_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const searchPath = (q: string) => `/api/v2/products/search?name=${encodeURIComponent(q)}`;
const caseName = (c: ScaleCase) => `${c.database === "sqlite" ? "SQLite" : "PostgreSQL"}, ${c.products.toLocaleString("en-US")} products`;

/** A catalog's run that failed, with the server's last lines. */
class CaseFailure extends Error {
  constructor(
    message: string,
    readonly serverLog: string,
  ) {
    super(message);
  }
}

type KindTimes = { queries: number; median: number; p95: number; max: number; slowest: string; hits: number };

/** One search sent alone; its time in ms and how many products it found. */
async function timedSearch(query: string, headers: Record<string, string>): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const res = await fetch(`${BASE}${searchPath(query)}`, { headers: { ...headers, "accept-encoding": "gzip, deflate, br" } });
  const body = (await res.json()) as { meta?: { total?: number } };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`search "${query}" answered ${res.status}`);
  return { ms, total: Number(body.meta?.total ?? 0) };
}

/** Asks `query` until the server answers it (200), or throws after READY_TIMEOUT_MS. */
async function firstSearch(query: string, headers: Record<string, string>, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("the server exited before it answered a search");
    try {
      const res = await fetch(`${BASE}${searchPath(query)}`, { headers, signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = new Error(`status ${res.status}`);
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no search answered within ${READY_TIMEOUT_MS / 1000} s: ${String(last)}`);
}

/** One catalog: server, first answer, warm-up, rounds, memory, one at a time by kind. */
async function runCase(c: ScaleCase, systemKey: Record<string, string>, dataDir: string): Promise<{ result: CaseResult; perKind: Record<QueryKind, KindTimes>; examples: string[]; total: number }> {
  const data = await prepareScaleData(c);
  console.log(`\n== ${caseName(c)}: ${data.names.length} published of ${data.total} (${data.databaseUrl.replace(/\/\/[^@/]*@/, "//")})`);
  const search = searchBench(data.names, systemKey, dataDir, ratioTarget(c) ?? 0);
  const ping = pingBench(systemKey);
  // The same seed's draw, longer: the queries after the measured and warm-up ones, never sent in the rounds.
  const extra = searchQueries(data.names, SEARCH_QUERIES + SEARCH_WARMUP_QUERIES + PER_KIND * QUERY_KINDS.length * 4 + 1, SEARCH_SEED).slice(SEARCH_QUERIES + SEARCH_WARMUP_QUERIES);
  const probe = extra.pop() as string;
  const words = nameWords(data.names);

  // The server's temporary folder is the case's own: the first start finds no snapshot of the
  // search index and builds it from the database; the restart after the rounds loads the one it wrote.
  const env = { TMPDIR: fs.mkdtempSync(path.join(dataDir, "tmp-")) };
  const started = await startTimed(data.databaseUrl, env, probe, systemKey);
  const { server, exit } = started;
  try {
    const { readyMs, index } = await started.ready;
    console.log(`first search answered ${(readyMs / 1000).toFixed(1)} s after the spawn; index: ${index.products} products built in ${index.ms} ms, ${(index.bytes / 2 ** 20).toFixed(1)} MB`);

    await ping.warmUp();
    await search.warmUp();
    for (let round = 0; round < ROUNDS; round++) {
      await ping.round();
      await search.round(round);
    }
    const memory = processTreeMemory(server.process.pid as number);

    const perKind = {} as Record<QueryKind, KindTimes>;
    const kindQueries = new Map<QueryKind, string[]>(QUERY_KINDS.map((k) => [k, extra.filter((x) => queryKind(x, words) === k).slice(0, PER_KIND)]));
    kindQueries.set(SHORT_PREFIX, shortPrefixQueries(extra, PER_KIND));
    for (const [kind, queries] of kindQueries) {
      const timed: { query: string; ms: number; total: number }[] = [];
      for (const q of queries) timed.push({ query: q, ...(await timedSearch(q, systemKey)) });
      const ms = timed.map((t) => t.ms).sort((a, b) => a - b);
      const slowest = timed.reduce((a, b) => (b.ms > a.ms ? b : a), { query: "", ms: 0, total: 0 });
      perKind[kind] = { queries: timed.length, median: median(ms), p95: ms[Math.max(0, Math.ceil(ms.length * 0.95) - 1)] ?? 0, max: slowest.ms, slowest: slowest.query, hits: slowest.total };
    }

    await stop(server, exit);
    const restart = await startTimed(data.databaseUrl, env, probe, systemKey);
    let restarted: { readyMs: number; index: IndexBuilt };
    try {
      restarted = await restart.ready;
    } finally {
      await stop(restart.server, restart.exit);
    }
    const loaded = restarted.index.source === "snapshot";
    console.log(`after a restart: first search answered ${(restarted.readyMs / 1000).toFixed(1)} s after the spawn; index ${loaded ? `loaded from its snapshot in ${restarted.index.ms} ms` : `built again in ${restarted.index.ms} ms (no snapshot loaded)`}`);

    const runs: Run[] = search.runs;
    const report = search.report(ping.runs);
    const ratio = (report.json.search as { ratio: { ratio: number; rounds: number[] } }).ratio;
    const searchRun = merge(runs);
    const result: CaseResult = {
      ...c,
      indexed: index.products,
      pingRps: merge(ping.runs).rps,
      searchRps: searchRun.rps,
      ratio: ratio.ratio,
      ratioRounds: ratio.rounds,
      p95: median(runs.map((r) => r.p95)),
      worstP95: searchRun.p95,
      pingP95: median(ping.runs.map((r) => r.p95)),
      p50: median(runs.map((r) => r.p50)),
      answered: searchRun.requests,
      errors: searchRun.errors,
      readyMs,
      buildMs: index.ms,
      restartMs: loaded ? restarted.readyMs : null,
      restartLoadMs: loaded ? restarted.index.ms : null,
      rssMb: memory ? memory.rssKb / 1024 : null,
      peakRssMb: memory ? memory.processes.reduce((n, p) => n + p.peakRssKb, 0) / 1024 : null,
      indexMb: index.bytes / 2 ** 20,
    };
    console.log(report.lines.join("\n"));
    console.log(`one at a time (median / p95 / max ms): ${[...kindQueries.keys()].map((k) => `${k} ${perKind[k].median.toFixed(0)} / ${perKind[k].p95.toFixed(0)} / ${perKind[k].max.toFixed(0)} ("${perKind[k].slowest}", ${perKind[k].hits} found)`).join("; ")}`);
    console.log(`resident memory: ${result.rssMb === null ? "not measured" : `${result.rssMb.toFixed(0)} MB, peak ${(result.peakRssMb ?? 0).toFixed(0)} MB`}`);
    return { result, perKind, examples: search.measuredQueries.slice(0, 20), total: data.total };
  } catch (error) {
    if (server.log().trim()) console.error(`Server output (last lines):\n${server.log()}`);
    throw new CaseFailure(error instanceof Error ? error.message : String(error), server.log());
  } finally {
    await stop(server, exit);
  }
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/**
 * Spawns the server on `database` and times it from the spawn to the first search answered; the
 * index's own line (built, or loaded from its snapshot) comes from its log.
 */
async function startTimed(database: string, env: Record<string, string>, probe: string, systemKey: Record<string, string>) {
  const server = await startBenchServer(database, env);
  const spawned = performance.now();
  let exited = false;
  const exit = new Promise<void>((resolve) => server.process.once("exit", () => ((exited = true), resolve())));
  let pending = "";
  let built: IndexBuilt | null = null;
  server.process.stdout?.on("data", (chunk: Buffer) => {
    if (built) return;
    pending += chunk.toString("utf8");
    const end = pending.lastIndexOf("\n");
    if (end < 0) return;
    built = parseIndexBuilt(pending.slice(0, end));
    pending = pending.slice(end + 1);
  });
  const ready = (async () => {
    await firstSearch(probe, systemKey, () => exited);
    const readyMs = performance.now() - spawned;
    for (let i = 0; i < 100 && !built; i++) await new Promise((r) => setTimeout(r, 100));
    const index = built as IndexBuilt | null;
    if (!index) throw new Error('the server answered a search but wrote no "product search index built" line');
    return { readyMs, index };
  })();
  // Awaited by the caller; a failure before then is not unhandled.
  ready.catch(() => undefined);
  return { server, exit, ready };
}

/** Stops a bench server and waits for it to exit (the next one takes the same port). */
async function stop(server: BenchServer, exit: Promise<void>): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill("SIGTERM");
  const killer = setTimeout(() => server.process.kill("SIGKILL"), 15_000);
  await exit;
  clearTimeout(killer);
}

/** Runs the measurement; answers the exit code (0: every target met, 1: one missed, 2: PostgreSQL unreachable). */
export async function searchScaleMain(): Promise<number> {
  if (!(await serverReachable(ADMIN_DATABASE_URL))) {
    console.error(`search-scale needs PostgreSQL: nothing answers at ${ADMIN_DATABASE_URL.replace(/\/\/[^@/]*@/, "//")} (bash scripts/pg-local.sh start).`);
    return 2;
  }
  const systemKey = { "System-Key": getConfig().systemKey };
  // The heap cap every instance runs with (scripts/lib/build.ts), unless NODE_OPTIONS sets another.
  const heap = withHeapCap(process.env.NODE_OPTIONS).match(/--max-old-space-size=(\d+)/)?.[0] ?? "";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-bench-search-scale-"));
  try {
    const cases = [];
    // A catalog whose server fails (it exits, or never answers) is reported and the others still run.
    const failures: { case: ScaleCase; error: string; serverLog: string }[] = [];
    for (const c of SCALE_CASES) {
      try {
        cases.push(await runCase(c, systemKey, dataDir));
      } catch (error) {
        const failure = error instanceof CaseFailure ? error : null;
        console.error(`${caseName(c)} FAILED: ${error instanceof Error ? error.message : String(error)}`);
        failures.push({ case: c, error: error instanceof Error ? error.message : String(error), serverLog: failure?.serverLog ?? "" });
      }
    }
    const results = cases.map((x) => x.result);
    const checks: Check[] = [...scaleChecks(results), ...failures.map((f) => ({ what: `${caseName(f.case)}: ran`, value: 0, target: "ran to the end", ok: false }))];
    const ok = checks.every((x) => x.ok);

    console.log(`\nserver's V8 heap: ${heap}`);
    console.log(`${CONNECTIONS} connections, ${ROUNDS} alternating rounds (ping ${ROUND_SECONDS} s, then the round's share of ${SEARCH_QUERIES} distinct queries, seed ${SEARCH_SEED}), client: ${hasWrk ? "wrk" : "fetch loop"}\n`);
    console.log(scaleTable(results));
    console.log("");
    for (const x of checks) console.log(`${x.what}: ${x.value.toFixed(2)} (target ${x.target}) ${x.ok ? "OK" : "MISSED"}${x.beside ? `; ${x.beside}` : ""}`);

    const file = path.join(ROOT, "bench-results", "latest-search-scale.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const json = {
      at: new Date().toISOString(),
      node: process.version,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      roundSeconds: ROUND_SECONDS,
      distinctQueries: SEARCH_QUERIES,
      heap,
      seed: SEARCH_SEED,
      cases: cases.map((x) => ({ ...x.result, totalProducts: x.total, examples: x.examples, perKind: x.perKind })),
      failures,
      checks,
      ok,
    };
    fs.writeFileSync(file, JSON.stringify(json, null, 2));
    console.log(`\nWritten: ${path.relative(ROOT, file)}`);
    return ok ? 0 : 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
