/**
 * npm run bench -- import: the back office's CSV import of 10,000 rows (BENCH_IMPORT_ROWS), timed
 * end to end through POST /api/v2/admin/products/import as the import page sends it (a signed-in
 * owner's session), on SQLite and on PostgreSQL, each on a fresh database of its own (migrated and
 * seeded with the demo catalog) and the store as npm start runs it. Issue 24's target: 10,000 rows
 * apply in under a minute. Three runs each: the dry run of a file of new products, its apply (every
 * row a product.create, its opening stock through the ledger and their audit rows), then the apply
 * of a file updating all of them (price and stock). PostgreSQL is skipped with a notice when the
 * local server of scripts/pg-local.sh does not answer. Writes bench-results/latest-import.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { insertUserWithPassword } from "../../lib/accounts/server/user-rows";
import { openDatabase } from "../../lib/platform/db/connection";
import { migrateToLatest } from "../../lib/platform/db/migrate";
import { getConfig, parseDatabaseUrl } from "../../lib/platform/config";
import { seedDatabase } from "../../lib/seed";
import { ROOT, waitForServer } from "../lib/build";
import { BENCH_OWNER, serverReachable } from "./admin-list-data";
import { startBenchServer } from "./server";
import { BASE } from "./settings";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const TARGET_SECONDS = 60;
const PG_URL = process.env.BENCH_IMPORT_DATABASE_URL ?? "postgres://postgres@127.0.0.1:54329/furnish_bench_import";
const CATEGORIES = ["cushion-covers", "bedsheets", "block-print-curtains", "roller-blinds"];

type Timed = { seconds: number; counts: Record<string, number> };
type DialectResult = { dialect: "sqlite" | "postgres"; rows: number; dryRun: Timed; create: Timed; update: Timed; ok: boolean };

function csv(rows: number, tag: string, update: boolean): string {
  const lines = ["sku,name,category,price,compare_at_price,stock,hsn_code,published"];
  for (let i = 1; i <= rows; i++) {
    const price = 499 + (i % 50) * 20 + (update ? 100 : 0);
    lines.push(`BI-${tag}-${i},Bench Import Cushion ${tag} ${i},${CATEGORIES[i % CATEGORIES.length]},${price},${price + 300},${update ? 40 + (i % 7) : 20 + (i % 9)},6304,yes`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

async function recreatePostgres(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_IMPORT_DATABASE_URL: "${name}" must be lower case letters, digits and _`);
  target.pathname = "/postgres";
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** A fresh database with the demo catalog and the bench's owner. */
async function prepare(database: string): Promise<void> {
  const handle = await openDatabase(parseDatabaseUrl(database));
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { log: () => undefined });
    await handle.db.transaction().execute((trx) => insertUserWithPassword(trx, handle.dialect, { ...BENCH_OWNER, at: new Date().toISOString() }));
  } finally {
    await handle.close();
  }
}

async function signIn(systemKey: string): Promise<string> {
  const res = await fetch(`${BASE}/api/v2/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "System-Key": systemKey, "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify({ email: BENCH_OWNER.email, password: BENCH_OWNER.password }),
  });
  if (res.status !== 200) throw new Error(`signing in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .join("; ");
}

/** One import call, timed from the request to the last line of its answer. */
async function timedImport(mode: "dry_run" | "apply", body: string, cookie: string, systemKey: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(`${BASE}/api/v2/admin/products/import?mode=${mode}`, {
    method: "POST",
    headers: { cookie, "content-type": "text/csv", "System-Key": systemKey, "X-Requested-With": "XMLHttpRequest" },
    body,
  });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`${mode} answered ${res.status}: ${text.slice(0, 500)}`);
  if (mode === "dry_run") return { seconds, counts: (JSON.parse(text) as { data: { counts: Record<string, number> } }).data.counts };
  const last = JSON.parse(text.trim().split("\n").at(-1) as string) as { result?: Record<string, unknown>; error?: string };
  if (!last.result) throw new Error(`apply did not finish: ${last.error ?? text.slice(-300)}`);
  const { rows: _rows, ...counts } = last.result;
  void _rows;
  return { seconds, counts: counts as Record<string, number> };
}

async function runOn(dialect: "sqlite" | "postgres", database: string): Promise<DialectResult> {
  console.log(`\n${dialect}: preparing a fresh database (${dialect === "sqlite" ? database : PG_URL.replace(/\/\/[^@]*@/, "//")})`);
  await prepare(database);
  const server = await startBenchServer(database);
  try {
    await waitForServer(`${BASE}/api/v2/unknown-path`, 120_000);
    const systemKey = getConfig().systemKey;
    const cookie = await signIn(systemKey);
    const tag = Date.now().toString(36).toUpperCase();
    const create = csv(ROWS, tag, false);
    const dryRun = await timedImport("dry_run", create, cookie, systemKey);
    const created = await timedImport("apply", create, cookie, systemKey);
    const updated = await timedImport("apply", csv(ROWS, tag, true), cookie, systemKey);
    const ok = created.counts.created === ROWS && updated.counts.updated === ROWS && created.seconds < TARGET_SECONDS && updated.seconds < TARGET_SECONDS;
    console.log(`${dialect}: dry run ${dryRun.seconds.toFixed(1)} s, apply (create) ${created.seconds.toFixed(1)} s, apply (update) ${updated.seconds.toFixed(1)} s for ${ROWS} rows ${ok ? "OK" : "MISSED"}`);
    return { dialect, rows: ROWS, dryRun, create: created, update: updated, ok };
  } catch (error) {
    if (server.log().trim()) console.error(`Server output (last lines):\n${server.log()}`);
    throw error;
  } finally {
    server.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export async function importMain(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-bench-import-"));
  const results: DialectResult[] = [];
  try {
    results.push(await runOn("sqlite", path.join(dir, "import.db")));
    if (await serverReachable(PG_URL)) {
      await recreatePostgres(PG_URL);
      results.push(await runOn("postgres", PG_URL));
    } else {
      console.log(`\npostgres: skipped, nothing answers at ${PG_URL} (bash scripts/pg-local.sh start)`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n| Database | Dry run | Apply: ${ROWS} new | Apply: ${ROWS} updated |\n|---|---|---|---|`);
  for (const r of results) console.log(`| ${r.dialect} | ${r.dryRun.seconds.toFixed(1)} s | ${r.create.seconds.toFixed(1)} s | ${r.update.seconds.toFixed(1)} s |`);
  const file = path.join(ROOT, "bench-results", "latest-import.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, targetSeconds: TARGET_SECONDS, results }, null, 2));
  console.log(`\nWritten: ${path.relative(ROOT, file)}`);
  return results.every((r) => r.ok) ? 0 : 1;
}
