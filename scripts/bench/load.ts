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

/** Parses the RESULT line of a wrk run. */
export function wrkResult(stdout: string, stderr: string): Run {
  const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`wrk failed: ${stderr || stdout}`);
  const [requests, errors, p50, p95, p99, micros] = line.split(" ").slice(1).map(Number) as [number, number, number, number, number, number];
  return { requests, errors, rps: requests / (micros / 1e6), p50, p95, p99 };
}

/** One wrk run of the Lua script `script` (a file) against `origin`, at CONNECTIONS connections for `seconds`. */
export async function runWrk(origin: string, script: string, headers: Record<string, string>, seconds: number, env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  const args = [`-t${WRK_THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, "-s", script, "-H", "Accept-Encoding: gzip, deflate, br"];
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
 * CONNECTIONS concurrent keep-alive connections for `seconds`, sending `traffic`. Uses wrk when
 * present, so the client takes little of the machine's two cores; otherwise a fetch loop in this
 * process. Any answer other than 2xx/3xx (wrk) or 200 (fetch loop) counts as an error.
 */
export async function load(origin: string, traffic: Traffic, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Run> {
  if (hasWrk) {
    const script = path.join(os.tmpdir(), `furnish-bench-${process.pid}.lua`);
    fs.writeFileSync(script, traffic.lua);
    const out = await runWrk(origin, script, headers, seconds, traffic.env);
    return wrkResult(out.stdout, out.stderr);
  }
  return fetchLoad(origin, CONNECTIONS, seconds, (i) => {
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
