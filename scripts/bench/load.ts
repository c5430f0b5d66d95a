/**
 * The load generator of npm run bench: a run of wrk (a C load generator: apt-get install wrk) with
 * a Lua script, or a fetch loop in this process where wrk is missing; what a run gives (Run), and
 * how runs of several rounds are merged and compared.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { CONNECTIONS, SECONDS } from "./settings";

export type Run = { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number };

/** What a measurement prints and records: rows of the table, lines under it, its targets met, its part of latest.json. */
export type Report = { rows: (readonly [string, Run])[]; lines: string[]; ok: boolean; json: Record<string, unknown> };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The Lua end of every wrk run: one line with the totals, parsed by wrkResult(). */
export const WRK_RESULT = `
local function result(summary, latency)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %.3f %.3f %.3f %d\\n", summary.requests, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, summary.duration))
end
`;
export const WRK_DONE = `${WRK_RESULT}
done = function(summary, latency, requests) result(summary, latency) end
`;

/** GET requests cycling through BENCH_PATHS. */
const PATHS_SCRIPT = `
local paths = {}
for p in string.gmatch(os.getenv("BENCH_PATHS"), "[^\\n]+") do paths[#paths + 1] = p end
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
${WRK_DONE}`;

/** A request of the fetch loop. */
export type FetchRequest = { path: string; init?: RequestInit };

/**
 * What a run sends: the wrk Lua script with its environment, and the same traffic for the
 * fallback client (request number → request).
 */
export type Traffic = { lua: string; env: Record<string, string>; request: (i: number) => FetchRequest };

/** GET requests cycling through `urls` (their paths, on the origin the run is given). */
export function pathsTraffic(urls: string[]): Traffic {
  const paths = urls.map((u) => new URL(u).pathname + new URL(u).search);
  return { lua: PATHS_SCRIPT, env: { BENCH_PATHS: paths.join("\n") }, request: (i) => ({ path: paths[i % paths.length] as string }) };
}

export const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;
export const WRK_THREADS = 2;

/**
 * wrk's threads for `connections`: each thread gets connections / threads of them, rounded down,
 * so 5 connections on 2 threads were 4. One thread when they do not divide (a wrk thread keeps
 * up with thousands of requests a second).
 */
export const wrkThreads = (connections: number) => (connections % WRK_THREADS === 0 ? WRK_THREADS : 1);

/** Parses the RESULT line of a wrk run. */
export function wrkResult(stdout: string, stderr: string): Run {
  const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`wrk failed: ${stderr || stdout}`);
  const [requests, errors, p50, p95, p99, micros] = line.split(" ").slice(1).map(Number) as [number, number, number, number, number, number];
  return { requests, errors, rps: requests / (micros / 1e6), p50, p95, p99 };
}

/** One wrk run of the Lua script `script` (a file) against `origin`, at `connections` (CONNECTIONS) connections for `seconds`. */
export async function runWrk(origin: string, script: string, headers: Record<string, string>, seconds: number, env: Record<string, string>, connections = CONNECTIONS): Promise<{ stdout: string; stderr: string }> {
  const args = [`-t${wrkThreads(connections)}`, `-c${connections}`, `-d${seconds}s`, "-s", script, "-H", "Accept-Encoding: gzip, deflate, br"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push(origin);
  const { stdout, stderr } = spawnSync("wrk", args, { encoding: "utf8", env: { ...process.env, ...env } });
  // spawnSync blocked this process's event loop: let it see the keep-alive connections the
  // server closed meanwhile (Next's server closes idle ones after 5 s), so the next fetch does
  // not pick one of them from its pool and fail with "other side closed".
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { stdout, stderr };
}

/**
 * `connections` (CONNECTIONS) concurrent keep-alive connections for `seconds`, sending `traffic`.
 * Uses wrk when present, so the client takes little of the machine's two cores; otherwise a fetch
 * loop in this process. Any answer other than 2xx/3xx (wrk) or 200 (fetch loop) counts as an error.
 */
export async function load(origin: string, traffic: Traffic, headers: Record<string, string> = {}, seconds = SECONDS, connections = CONNECTIONS): Promise<Run> {
  if (hasWrk) {
    const script = path.join(os.tmpdir(), `furnish-bench-${process.pid}.lua`);
    fs.writeFileSync(script, traffic.lua);
    const out = await runWrk(origin, script, headers, seconds, traffic.env, connections);
    return wrkResult(out.stdout, out.stderr);
  }
  return fetchLoad(origin, connections, seconds, (i) => {
    const { path: target, init = {} } = traffic.request(i);
    return { path: target, init: { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } } };
  });
}

/** `connections` concurrent fetch loops for `seconds` (or until `request` has nothing left); `ok` is the expected status. */
export async function fetchLoad(origin: string, connections: number, seconds: number, request: (i: number) => FetchRequest | null, ok = 200): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const r = request(next++);
        if (!r) return;
        const t = performance.now();
        try {
          const res = await fetch(`${origin}${r.path}`, r.init);
          await res.arrayBuffer();
          if (res.status !== ok) errors++;
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/**
 * Each path once (the search and admin-list runs): BENCH_QUERY_FILE holds one request path a
 * line; wrk's thread n of BENCH_THREADS sends lines n, n + BENCH_THREADS, ... and, once its last
 * query is out, its connections wait (delay) until its last answer is in, and it stops (an idle
 * connection the server closes after its keep-alive time would count as a read error, and be
 * opened again with a request sent twice). Throughput is counted per thread from its first
 * request until its last query went out (STEADY: answers received by then / that time), while
 * all its connections were busy; the rest of the run is left out. When a thread did not get
 * through its queries in time, STEADY is 0 and the run's plain rate counts. OTHER counts the
 * answers other than 200 that wrk does not count as errors (1xx-3xx: a redirect to the sign-in
 * page is not a page of the list).
 */
const EACH_ONCE_SCRIPT = `
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *ts);
]]
local ts = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, ts)
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) / 1e9
end
local threads, nthreads = {}, 0
setup = function(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
  threads[#threads + 1] = thread
end
local mine, verifying = {}, false
sent, received, t0, t1, n1, other = 0, 0, nil, nil, 0, 0
init = function(args)
  local n, k = tonumber(os.getenv("BENCH_THREADS")), 0
  for line in io.lines(os.getenv("BENCH_QUERY_FILE")) do
    if k % n == tid then mine[#mine + 1] = line end
    k = k + 1
  end
  verifying = tid == 0
end
request = function()
  -- wrk calls thread 0's request() once after init to check the script, and sends nothing:
  -- that call must not use up a query (it was never sent, nor answered).
  if verifying then
    verifying = false
    return wrk.format("GET", mine[1])
  end
  if t0 == nil then t0 = now() end
  if sent < #mine then sent = sent + 1 end
  if sent == #mine and t1 == nil then
    t1 = now()
    n1 = received
  end
  return wrk.format("GET", mine[sent])
end
delay = function()
  if sent >= #mine then return 3600000 end
  return 0
end
response = function(status, headers, body)
  received = received + 1
  if status ~= 200 and status < 400 then other = other + 1 end
  if received >= #mine then wrk.thread:stop() end
end
${WRK_RESULT}
done = function(summary, latency, requests)
  local rate, window, others = 0, 0, 0
  for _, t in ipairs(threads) do others = others + t:get("other") end
  io.write(string.format("OTHER %d\\n", others))
  for _, t in ipairs(threads) do
    local a, b, n = t:get("t0"), t:get("t1"), t:get("n1")
    if a and b and b > a then
      rate = rate + n / (b - a)
      window = math.max(window, b - a)
    else
      rate, window = 0, 0
      break
    end
  end
  local e = summary.errors
  io.write(string.format("STEADY %.3f %.3f\\n", rate, window))
  io.write(string.format("ERRORS connect %d, read %d, write %d, status %d, timeout %d\\n", e.connect, e.read, e.write, e.status, e.timeout))
  result(summary, latency)
end
`;

/**
 * Each of `paths` requested once, at `connections` (CONNECTIONS) connections (EACH_ONCE_SCRIPT
 * with wrk, for `seconds`; else the fetch loop until all are answered). `rps` is the throughput while every
 * connection was busy (wrk; the fetch loop counts the whole run, tail included); `requests` are
 * all answers, at most paths.length; every answer but a 200 is an error.
 */
export async function loadEach(origin: string, paths: string[], headers: Record<string, string>, dir: string, seconds: number, connections = CONNECTIONS, what = "search"): Promise<Run> {
  if (!hasWrk) return fetchLoad(origin, connections, 600, (i) => (i < paths.length ? { path: paths[i] as string, init: { headers } } : null));
  const script = path.join(dir, "each-once.lua");
  const queryFile = path.join(dir, "queries.txt");
  fs.writeFileSync(script, EACH_ONCE_SCRIPT);
  fs.writeFileSync(queryFile, `${paths.join("\n")}\n`);
  const { stdout, stderr } = await runWrk(origin, script, headers, seconds, { BENCH_QUERY_FILE: queryFile, BENCH_THREADS: String(wrkThreads(connections)) }, connections);
  const parsed = wrkResult(stdout, stderr);
  const other = Number(stdout.split("\n").find((l) => l.startsWith("OTHER "))?.split(" ")[1] ?? 0);
  const run = { ...parsed, errors: parsed.errors + other };
  if (run.errors) console.log(`Warning: ${run.errors} errors in a ${what} run (${stdout.split("\n").find((l) => l.startsWith("ERRORS "))?.slice(7) ?? "?"}, other than 200 below 400 ${other}).`);
  const steady = stdout.split("\n").find((l) => l.startsWith("STEADY "));
  const rate = steady ? Number(steady.split(" ")[1]) : 0;
  return rate > 0 ? { ...run, rps: rate } : run;
}

/** The runs of all rounds as one: requests and errors summed, rates and p50 averaged, the worst p95 and p99. */
export const merge = (runs: Run[]): Run => ({
  requests: runs.reduce((n, r) => n + r.requests, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
  rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
  p50: runs.reduce((n, r) => n + r.p50, 0) / runs.length,
  p95: Math.max(...runs.map((r) => r.p95)),
  p99: Math.max(...runs.map((r) => r.p99)),
});

export type RoundRatios = { ratio: number; rounds: number[] };

/** The rounds' ratios of `runs` to `base` (same round), sorted, and their median. */
export function roundRatios(runs: Run[], base: Run[]): RoundRatios {
  const rounds = runs.map((r, i) => r.rps / (base[i] as Run).rps).sort((a, b) => a - b);
  return { ratio: rounds[Math.floor(rounds.length / 2)] as number, rounds };
}

/** The rounds' ratios as printed: "0.71, 0.74, 0.80". */
export const roundsText = (r: RoundRatios) => r.rounds.map((x) => x.toFixed(2)).join(", ");

/** A GET on a connection of its own, uncompressed (no Accept-Encoding): the bytes as built. */
export function getBytes(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url} answered ${res.statusCode}`))));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The table of runs npm run bench prints. */
export function printTable(rows: (readonly [string, Run])[]) {
  console.log("what".padEnd(34) + "req/s".padStart(9) + "p50 ms".padStart(9) + "p95 ms".padStart(9) + "p99 ms".padStart(9) + "errors".padStart(8));
  for (const [name, r] of rows) {
    console.log(name.padEnd(34) + r.rps.toFixed(0).padStart(9) + r.p50.toFixed(1).padStart(9) + r.p95.toFixed(1).padStart(9) + r.p99.toFixed(1).padStart(9) + String(r.errors).padStart(8));
  }
}
