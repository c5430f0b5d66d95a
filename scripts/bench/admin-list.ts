/**
 * npm run bench -- admin-list: the back office's product list (/admin/products, a page rendered on
 * the server for each request, nothing cached) on 100,000 products on PostgreSQL, at 5
 * connections, signed in as an owner. Target: p95 under 300 ms (issue 24).
 *
 * Its own server and database (./admin-list-data.ts: furnish_bench_admin on the local PostgreSQL
 * of scripts/pg-local.sh, filled on first use), so it runs only on request and alone (cli.ts). The
 * traffic is an owner's mix (./admin-mix.ts): searches by words and SKUs, filters with sorts, and
 * far pages, BENCH_ADMIN_REQUESTS distinct URLs in all, each sent once. Like the other
 * measurements it alternates in BENCH_ROUNDS rounds with GET /api/v2/ping on the same server at
 * the same 5 connections, and reports the throughput ratio to ping (the median of the rounds'); the
 * p95 held against the target is the median of the rounds' p95s (a round that the shared machine
 * slowed spoils only itself), with the worst round's beside it. Afterwards, a few more requests of
 * each kind one at a time say which kind is slow. Writes bench-results/latest-admin-list.json.
 */
import { randomInt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getConfig } from "../../lib/platform/config";
import { ROOT, waitForServer } from "../lib/build";
import { ADMIN_DATABASE_URL, ADMIN_PRODUCTS, BENCH_OWNER, prepareAdminDatabase, serverReachable } from "./admin-list-data";
import { adminListMix, MIX, type MixKind } from "./admin-mix";
import { hasWrk, load, loadEach, merge, pathsTraffic, printTable, roundRatios, roundsText, type Run } from "./load";
import { startBenchServer } from "./server";
import { BASE, ROUNDS, ROUND_SECONDS } from "./settings";

export const ADMIN_CONNECTIONS = 5;
const TARGET_P95_MS = 300;
/** Distinct list URLs of the measured runs, split over the rounds. */
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 1000);
/** Longest admin-list run of a round: its share of the URLs is sent by then (or the rest is left out). */
const RUN_SECONDS = Number(process.env.BENCH_ADMIN_SECONDS ?? 15);
/** More URLs, not measured, that warm the page up (compiled, statements planned, the pool filled). */
const WARMUP_REQUESTS = 100;
/** Requests of each kind sent one at a time after the rounds. */
const PER_KIND = 15;
const SEED = Number(process.env.BENCH_ADMIN_SEED ?? randomInt(2 ** 31));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

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

/** One GET with the session, timed; throws unless it is a page of the product list. */
async function timedPage(pathname: string, cookie: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${BASE}${pathname}`, { headers: { cookie, "accept-encoding": "gzip, deflate, br" }, redirect: "manual" });
  const html = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200 || !html.includes("Product pages")) throw new Error(`${pathname} answered ${res.status}${res.headers.get("location") ? ` (to ${res.headers.get("location")})` : ""}, not the product list`);
  return ms;
}

/** Runs the measurement; answers the exit code (0: target met, 1: missed, 2: PostgreSQL unreachable). */
export async function adminListMain(): Promise<number> {
  if (!(await serverReachable())) {
    console.error(`admin-list needs PostgreSQL: nothing answers at ${ADMIN_DATABASE_URL.replace(/\/\/[^@/]*@/, "//")} (bash scripts/pg-local.sh start, or set BENCH_ADMIN_DATABASE_URL).`);
    return 2;
  }
  const catalog = await prepareAdminDatabase();
  const all = adminListMix(catalog, REQUESTS + WARMUP_REQUESTS + PER_KIND * Object.keys(MIX).length * 3, SEED);
  const measured = all.slice(0, REQUESTS);
  const warmUp = all.slice(REQUESTS, REQUESTS + WARMUP_REQUESTS).map((m) => m.path);
  const rest = all.slice(REQUESTS + WARMUP_REQUESTS);
  const kinds = Object.keys(MIX) as MixKind[];
  const perKindPaths = new Map(kinds.map((k) => [k, rest.filter((m) => m.kind === k).slice(0, PER_KIND).map((m) => m.path)]));
  const roundPaths = Array.from({ length: ROUNDS }, (_, r) => measured.slice(Math.round((r * REQUESTS) / ROUNDS), Math.round(((r + 1) * REQUESTS) / ROUNDS)).map((m) => m.path));

  const systemKey = getConfig().systemKey;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-bench-admin-"));
  const server = await startBenchServer(ADMIN_DATABASE_URL);
  try {
    await waitForServer(`${BASE}/api/v2/categories`);
    const cookie = await signIn(systemKey);
    await timedPage("/admin/products", cookie);
    const session = { Cookie: cookie };
    const ping = pathsTraffic([`${BASE}/api/v2/ping`]);
    const pingHeaders = { "System-Key": systemKey };

    await load(BASE, ping, pingHeaders, 2, ADMIN_CONNECTIONS);
    await loadEach(BASE, warmUp, session, dataDir, RUN_SECONDS, ADMIN_CONNECTIONS, "admin-list");
    const pingRuns: Run[] = [];
    const listRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      pingRuns.push(await load(BASE, ping, pingHeaders, ROUND_SECONDS, ADMIN_CONNECTIONS));
      listRuns.push(await loadEach(BASE, roundPaths[round] as string[], session, dataDir, RUN_SECONDS, ADMIN_CONNECTIONS, "admin-list"));
    }
    // Which kind of request is slow: a few more of each, one at a time, on the idle server.
    const perKind: Record<string, { median: number; max: number; requests: number; slowest: string }> = {};
    for (const kind of kinds) {
      const timed: { path: string; ms: number }[] = [];
      for (const p of perKindPaths.get(kind) ?? []) timed.push({ path: p, ms: await timedPage(p, cookie) });
      const slowest = timed.reduce((a, b) => (b.ms > a.ms ? b : a), { path: "", ms: 0 });
      perKind[kind] = { median: median(timed.map((t) => t.ms)), max: slowest.ms, requests: timed.length, slowest: slowest.path };
    }

    const list = merge(listRuns);
    const pingRun = merge(pingRuns);
    const ratio = roundRatios(listRuns, pingRuns);
    const p95 = median(listRuns.map((r) => r.p95));
    const p50 = median(listRuns.map((r) => r.p50));
    const answered = listRuns.reduce((n, r) => n + r.requests, 0);
    const ok = p95 < TARGET_P95_MS && list.errors === 0 && answered > 0;
    const shares = kinds.map((k) => `${k} ${Math.round(MIX[k] * 100)}%`).join(", ");

    console.log(`\n${ADMIN_CONNECTIONS} connections, ${ROUNDS} alternating rounds (ping ${ROUND_SECONDS} s, then the round's share of the list URLs), ${catalog.products.length} products on PostgreSQL, client: ${hasWrk ? "wrk" : "fetch loop"}`);
    console.log(`admin-list: ${REQUESTS} distinct /admin/products URLs (seed ${SEED}: ${shares}), e.g.\n  ${measured.slice(0, 4).map((m) => m.path).join("\n  ")}\n`);
    printTable([
      ["GET /api/v2/ping (baseline)", pingRun],
      [`admin list, ${answered} distinct pages`, list],
    ]);
    console.log(`\nadmin list p95 ${p95.toFixed(0)} ms (median of the rounds; worst round ${list.p95.toFixed(0)} ms), p50 ${p50.toFixed(0)} ms, ${answered} of ${REQUESTS} pages answered, ${list.errors} errors (target p95 < ${TARGET_P95_MS} ms) ${ok ? "OK" : "MISSED"}`);
    console.log(`admin list / ping, throughput: ${ratio.ratio.toFixed(3)} (${roundsText(ratio)}); ${list.rps.toFixed(1)} pages a second against ${pingRun.rps.toFixed(0)} pings`);
    console.log(`one at a time, by kind (median / max ms): ${kinds.map((k) => `${k} ${perKind[k]?.median.toFixed(0)} / ${perKind[k]?.max.toFixed(0)}`).join(", ")}`);
    console.log(`the slowest of each kind: ${kinds.map((k) => perKind[k]?.slowest).join("  ")}`);

    const file = path.join(ROOT, "bench-results", "latest-admin-list.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const json = {
      at: new Date().toISOString(),
      node: process.version,
      database: "postgres",
      products: catalog.products.length,
      targetProducts: ADMIN_PRODUCTS,
      variants: catalog.variantSkus.length,
      connections: ADMIN_CONNECTIONS,
      rounds: ROUNDS,
      roundSeconds: ROUND_SECONDS,
      adminList: {
        requests: answered,
        distinctRequests: REQUESTS,
        seed: SEED,
        mix: MIX,
        examples: measured.slice(0, 20).map((m) => m.path),
        p95,
        p50,
        worstRoundP95: list.p95,
        run: list,
        rounds: listRuns,
        ratio,
        perKind,
        targetP95Ms: TARGET_P95_MS,
        ok,
      },
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
