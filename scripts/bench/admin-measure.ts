/**
 * How the back-office measurements run (npm run bench -- admin-list, admin-orders): the store on
 * its own PostgreSQL database, an owner signed in, then BENCH_ROUNDS rounds that alternate GET
 * /api/v2/ping with the round's share of the distinct list URLs, both at 5 connections. The p95
 * held against the target is the median of the rounds' p95s (a round the shared machine slowed
 * spoils only itself), the worst round's beside it; afterwards a few requests of each kind one at
 * a time say which kind is slow. Writes bench-results/latest-{name}.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getConfig } from "../../lib/platform/config";
import { ROOT, waitForServer } from "../lib/build";
import { BENCH_OWNER } from "./admin-list-data";
import { hasWrk, load, loadEach, merge, pathsTraffic, printTable, roundRatios, roundsText, type Run } from "./load";
import { startBenchServer } from "./server";
import { BASE, ROUNDS, ROUND_SECONDS } from "./settings";

export const ADMIN_CONNECTIONS = 5;
/** Longest run of a round: its share of the URLs is sent by then (or the rest is left out). */
const RUN_SECONDS = Number(process.env.BENCH_ADMIN_SECONDS ?? 15);
/** Requests of each kind sent one at a time after the rounds. */
const PER_KIND = 15;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export type AdminMeasure<Kind extends string> = {
  /** "admin-list": the results file's name and wrk's label. */
  name: string;
  /** "admin list": how the report names the pages. */
  label: string;
  databaseUrl: string;
  /** What every answered page must contain (the list's pager label), so a sign-in page is not counted. */
  pageText: string;
  /** The list's plain path, asked once before the rounds. */
  firstPath: string;
  /** Distinct paths: the measured ones, then warm-up, then per-kind ones. */
  measured: { path: string; kind: Kind }[];
  warmUp: string[];
  rest: { path: string; kind: Kind }[];
  mix: Record<Kind, number>;
  seed: number;
  targetP95Ms: number;
  /** The report's line about the data (100000 products on PostgreSQL). */
  dataLine: string;
  /** Facts for the JSON beside the measured run. */
  facts: Record<string, unknown>;
  /** More measured after the rounds with the same session (the packing slips of 100 orders): its facts go in the JSON, false fails the run. */
  after?: (cookie: string) => Promise<{ ok: boolean; facts: Record<string, unknown> }>;
};

/** Signs the bench owner in through the admin API and answers the Cookie header of the session. */
async function signIn(systemKey: string): Promise<string> {
  const res = await fetch(`${BASE}/api/v2/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "System-Key": systemKey, "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify({ email: BENCH_OWNER.email, password: BENCH_OWNER.password }),
  });
  const body = (await res.json()) as { two_factor_required?: boolean; message?: string };
  if (res.status !== 200 || body.two_factor_required !== false) throw new Error(`signing in as ${BENCH_OWNER.email} answered ${res.status}: ${JSON.stringify(body)}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0] as string);
  if (!cookies.length) throw new Error("signing in set no cookie");
  return cookies.join("; ");
}

/** Runs one measurement; answers the exit code (0: target met, 1: missed). */
export async function measureAdminPages<Kind extends string>(m: AdminMeasure<Kind>): Promise<number> {
  const timedPage = async (pathname: string, cookie: string): Promise<number> => {
    const started = performance.now();
    const res = await fetch(`${BASE}${pathname}`, { headers: { cookie, "accept-encoding": "gzip, deflate, br" }, redirect: "manual" });
    const html = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200 || !html.includes(m.pageText)) throw new Error(`${pathname} answered ${res.status}${res.headers.get("location") ? ` (to ${res.headers.get("location")})` : ""}, not the ${m.label}`);
    return ms;
  };
  const kinds = Object.keys(m.mix) as Kind[];
  const requests = m.measured.length;
  const perKindPaths = new Map(kinds.map((k) => [k, m.rest.filter((r) => r.kind === k).slice(0, PER_KIND).map((r) => r.path)]));
  const roundPaths = Array.from({ length: ROUNDS }, (_, r) => m.measured.slice(Math.round((r * requests) / ROUNDS), Math.round(((r + 1) * requests) / ROUNDS)).map((x) => x.path));

  const systemKey = getConfig().systemKey;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `furnish-bench-${m.name}-`));
  const server = await startBenchServer(m.databaseUrl);
  try {
    await waitForServer(`${BASE}/api/v2/categories`);
    const cookie = await signIn(systemKey);
    await timedPage(m.firstPath, cookie);
    const session = { Cookie: cookie };
    const ping = pathsTraffic([`${BASE}/api/v2/ping`]);
    const pingHeaders = { "System-Key": systemKey };

    await load(BASE, ping, pingHeaders, 2, ADMIN_CONNECTIONS);
    await loadEach(BASE, m.warmUp, session, dataDir, RUN_SECONDS, ADMIN_CONNECTIONS, m.name);
    const pingRuns: Run[] = [];
    const listRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      pingRuns.push(await load(BASE, ping, pingHeaders, ROUND_SECONDS, ADMIN_CONNECTIONS));
      listRuns.push(await loadEach(BASE, roundPaths[round] as string[], session, dataDir, RUN_SECONDS, ADMIN_CONNECTIONS, m.name));
    }
    // Which kind of request is slow: a few more of each, one at a time, on the idle server.
    const perKind: Record<string, { median: number; max: number; requests: number; slowest: string }> = {};
    for (const kind of kinds) {
      const timed: { path: string; ms: number }[] = [];
      for (const p of perKindPaths.get(kind) ?? []) timed.push({ path: p, ms: await timedPage(p, cookie) });
      const slowest = timed.reduce((a, b) => (b.ms > a.ms ? b : a), { path: "", ms: 0 });
      perKind[kind] = { median: timed.length ? median(timed.map((t) => t.ms)) : 0, max: slowest.ms, requests: timed.length, slowest: slowest.path };
    }

    const extra = m.after ? await m.after(cookie) : null;

    const list = merge(listRuns);
    const pingRun = merge(pingRuns);
    const ratio = roundRatios(listRuns, pingRuns);
    const p95 = median(listRuns.map((r) => r.p95));
    const p50 = median(listRuns.map((r) => r.p50));
    const answered = listRuns.reduce((n, r) => n + r.requests, 0);
    const ok = p95 < m.targetP95Ms && list.errors === 0 && answered > 0 && (extra?.ok ?? true);
    const shares = kinds.map((k) => `${k} ${Math.round(m.mix[k] * 100)}%`).join(", ");

    console.log(`\n${ADMIN_CONNECTIONS} connections, ${ROUNDS} alternating rounds (ping ${ROUND_SECONDS} s, then the round's share of the list URLs), ${m.dataLine}, client: ${hasWrk ? "wrk" : "fetch loop"}`);
    console.log(`${m.name}: ${requests} distinct ${m.firstPath} URLs (seed ${m.seed}: ${shares}), e.g.\n  ${m.measured.slice(0, 4).map((x) => x.path).join("\n  ")}\n`);
    printTable([
      ["GET /api/v2/ping (baseline)", pingRun],
      [`${m.label}, ${answered} distinct pages`, list],
    ]);
    console.log(`\n${m.label} p95 ${p95.toFixed(0)} ms (median of the rounds; worst round ${list.p95.toFixed(0)} ms), p50 ${p50.toFixed(0)} ms, ${answered} of ${requests} pages answered, ${list.errors} errors (target p95 < ${m.targetP95Ms} ms) ${ok ? "OK" : "MISSED"}`);
    console.log(`${m.label} / ping, throughput: ${ratio.ratio.toFixed(3)} (${roundsText(ratio)}); ${list.rps.toFixed(1)} pages a second against ${pingRun.rps.toFixed(0)} pings`);
    console.log(`one at a time, by kind (median / max ms): ${kinds.map((k) => `${k} ${perKind[k]?.median.toFixed(0)} / ${perKind[k]?.max.toFixed(0)}`).join(", ")}`);
    console.log(`the slowest of each kind: ${kinds.map((k) => perKind[k]?.slowest).join("  ")}`);

    const file = path.join(ROOT, "bench-results", `latest-${m.name}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const json = {
      at: new Date().toISOString(),
      node: process.version,
      database: "postgres",
      ...m.facts,
      connections: ADMIN_CONNECTIONS,
      rounds: ROUNDS,
      roundSeconds: ROUND_SECONDS,
      [m.name]: {
        requests: answered,
        distinctRequests: requests,
        seed: m.seed,
        mix: m.mix,
        examples: m.measured.slice(0, 20).map((x) => x.path),
        p95,
        p50,
        worstRoundP95: list.p95,
        run: list,
        rounds: listRuns,
        ratio,
        perKind,
        targetP95Ms: m.targetP95Ms,
        ok,
      },
      ...(extra ? { after: extra.facts } : {}),
      ping: pingRun,
      pingRounds: pingRuns,
    };
    fs.writeFileSync(file, JSON.stringify(json, null, 2));
    console.log(`\nWritten: ${path.relative(ROOT, file)}`);
    return ok ? 0 : 1;
  } catch (error) {
    if (server.log().trim()) console.error(`Server output (last lines):\n${server.log()}`);
    throw error;
  } finally {
    server.process.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The measured, warm-up and per-kind slices of one drawn list (measured first). */
export function splitDrawn<Kind extends string>(all: { path: string; kind: Kind }[], requests: number, warmUp: number) {
  return { measured: all.slice(0, requests), warmUp: all.slice(requests, requests + warmUp).map((x) => x.path), rest: all.slice(requests + warmUp) };
}

export const PER_KIND_REQUESTS = PER_KIND;
