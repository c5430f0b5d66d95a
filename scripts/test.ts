/**
 * npm test — every check of the project, in order:
 * lint, types, unit tests, API tests on SQLite and PostgreSQL (side by side), the kill -9 crash
 * test on both, two instances behind nginx (deploy/topology.test.ts), Playwright journeys, and the
 * container image built and run alone (scripts/test-image.ts).
 * Without a reachable PostgreSQL the PostgreSQL run is skipped with a plain notice (in CI it fails).
 * Without Chromium the journeys are skipped the same way. Ends with "N passed, N failed, N flaky".
 * A flaky test (failed, then passed on a retry) is not counted as passed and fails the run, in CI
 * and locally: a retry that hides a race today is a red build tomorrow.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { postgresReachable, TEST_POSTGRES_URL } from "../lib/testing/databases";
import { buildIsCurrent, ROOT } from "./lib/build";
import { imageInputsHash, imageTestUnavailable, testedImageHash } from "./lib/image";
import { missingTools, startTopology } from "./lib/topology";
import { formatDuration, playwrightStage, summaryLines, type Stage, unhandledError, vitestFailures } from "./lib/test-report";

const CI = Boolean(process.env.CI);
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-test-"));

const stages: Stage[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function vitestArgs(project: string, report: string): string[] {
  // No retries: Vitest's JSON report would not tell a test that passed on a retry from one that
  // passed outright, so a flaky test must fail here instead.
  return ["run", "--project", project, "--retry=0", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
}

function vitestStage(name: string, ok: boolean, report: string, output?: string): Stage {
  let passed = 0;
  let failed = ok ? 0 : 1;
  let failures: string[] = [];
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number } & Parameters<typeof vitestFailures>[0];
    passed = json.numPassedTests;
    failed = Math.max(json.numFailedTests, ok ? 0 : 1);
    failures = vitestFailures(json);
  }
  // Vitest fails a run on an unhandled error even when every test passed; its report names none.
  if (!ok && !failures.length) {
    const unhandled = output === undefined ? undefined : unhandledError(output);
    failures = [unhandled ?? "the run failed with no failed test (an unhandled error, or the run itself crashed): see the stage's log"];
  }
  return { name, passed, failed, ok, failures };
}

const reportFile = (name: string) => path.join(tmp, `${name.replace(/\W+/g, "-")}.json`);

const since = (started: number) => (Date.now() - started) / 1000;

function vitest(name: string, project: string, env: Record<string, string> = {}) {
  const report = reportFile(name);
  const started = Date.now();
  const ok = run(name, bin("vitest"), vitestArgs(project, report), env);
  stages.push({ ...vitestStage(name, ok, report), seconds: since(started) });
}

/**
 * Runs Vitest suites at the same time, each with its own server and database, and prints each
 * one's output when it ends. The API suites spend most of their time waiting (on password
 * hashing in the server, on mail delivery), so two of them side by side take little longer than
 * one; run one after the other they were a third of the whole test run.
 */
type SuiteRun = { name: string; project: string; env: Record<string, string> };

/** Runs a command with its output kept, to print in one piece when it ends. */
function spawnCaptured(command: string, args: string[], env: Record<string, string>): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env, FORCE_COLOR: "1" } });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("close", (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString("utf8"), seconds: since(started) }));
    child.on("error", (error) => resolve({ ok: false, output: String(error), seconds: since(started) }));
  });
}

const runCaptured = (run: SuiteRun) => spawnCaptured(bin("vitest"), vitestArgs(run.project, reportFile(run.name)), run.env);

/**
 * The kill -9 test (scripts/crash-test.ts) on each database at once, each with its own server:
 * 10 kills each here (npm run test:crash makes 20). A violation fails the stage.
 */
async function crashTests(postgres: boolean) {
  const runs = [{ name: "crash test (kill -9) on SQLite", args: [] as string[] }];
  if (postgres) runs.push({ name: "crash test (kill -9) on PostgreSQL", args: ["--postgres"] });
  const env = { CRASH_KILLS: "10", CRASH_SECONDS: "75" };
  const results = await Promise.all(runs.map((r) => spawnCaptured(bin("tsx"), [path.join(ROOT, "scripts", "crash-test.ts"), ...r.args], env)));
  runs.forEach((r, i) => {
    const result = results[i] as { ok: boolean; output: string; seconds: number };
    console.log(`\n=== ${r.name} ===\n${result.output.trim()}`);
    stages.push({ name: r.name, passed: result.ok ? 1 : 0, failed: result.ok ? 0 : 1, ok: result.ok, seconds: result.seconds });
  });
}

/** Resolves once `done()` holds, checked every two seconds, or after `limitMs`. */
function until(done: () => boolean, limitMs: number): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    const check = () => (done() || Date.now() - started > limitMs ? resolve() : setTimeout(check, 2000));
    check();
  });
}

async function vitestTogether([first, ...others]: SuiteRun[]) {
  if (!first) return;
  let firstEnded = false;
  const firstResult = runCaptured(first).finally(() => (firstEnded = true));
  // The first run's global setup builds the store when the sources changed; the others start once
  // that build is there, so two builds never run at once.
  const otherResults = others.map(async (run) => {
    await until(() => firstEnded || buildIsCurrent(process.env), 15 * 60_000);
    return runCaptured(run);
  });
  const results = await Promise.all([firstResult, ...otherResults]);
  [first, ...others].forEach((run, i) => {
    const result = results[i] as { ok: boolean; output: string; seconds: number };
    console.log(`\n=== ${run.name} ===\n${result.output}`);
    stages.push({ ...vitestStage(run.name, result.ok, reportFile(run.name), result.output), seconds: result.seconds });
  });
}

function check(name: string, command: string, args: string[]) {
  const started = Date.now();
  const ok = run(name, command, args);
  stages.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok, seconds: since(started) });
}

function skip(name: string, reason: string, mandatory: boolean) {
  console.log(`\n=== ${name} ===\n${reason}`);
  stages.push({ name, passed: 0, failed: mandatory ? 1 : 0, skipped: reason, ok: !mandatory });
}

/**
 * QA against a deployed store, once: the journeys that only read (@readonly), in the phone project
 * (390 px), through nginx against two instances on PostgreSQL and Redis (scripts/lib/topology.ts),
 * with E2E_BASE_URL set, so Playwright starts no server of its own.
 */
async function journeysThroughNginx() {
  const name = "Playwright journeys through nginx (phone, @readonly, two instances)";
  const report = path.join(tmp, "e2e-nginx.json");
  let topology: Awaited<ReturnType<typeof startTopology>> | undefined;
  const started = Date.now();
  try {
    topology = await startTopology({ instances: 2, log: () => undefined });
    const ok = run(name, bin("playwright"), ["test", "--project", "phone", "--fail-on-flaky-tests"], {
      E2E_BASE_URL: topology.nginxUrl,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      PLAYWRIGHT_HTML_OUTPUT_DIR: path.join(ROOT, "playwright-report", "nginx"),
    });
    stages.push({ ...playwrightStage(name, ok, report), seconds: since(started) });
  } catch (error) {
    console.log(`\n=== ${name} ===\n${String(error)}`);
    stages.push({ name, passed: 0, failed: 1, ok: false });
  } finally {
    await topology?.stop();
  }
}

async function main() {
  const started = Date.now();
  check("lint (eslint)", bin("eslint"), ["."]);
  check("types (tsc --noEmit)", bin("tsc"), ["--noEmit", "-p", "."]);
  vitest("unit tests", "unit");
  const apiRuns: SuiteRun[] = [{ name: "API tests on SQLite", project: "api", env: { TEST_DB: "sqlite" } }];
  if (await postgresReachable()) {
    apiRuns.push({ name: "API tests on PostgreSQL", project: "api", env: { TEST_DB: "postgres" } });
  } else {
    skip(
      "API tests on PostgreSQL",
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL}: the PostgreSQL API run is SKIPPED. ` +
        "Start one with scripts/pg-local.sh start, or set TEST_POSTGRES_URL.",
      CI,
    );
  }
  await vitestTogether(apiRuns);
  await crashTests(apiRuns.length > 1);

  // Two instances on one PostgreSQL and one Redis behind nginx (deploy/topology.test.ts).
  const missingTopology = missingTools();
  if (missingTopology) skip("two instances behind nginx", `${missingTopology}: the two-instance test is SKIPPED.`, CI);
  else if (apiRuns.length < 2) skip("two instances behind nginx", "No PostgreSQL: the two-instance test is SKIPPED.", CI);
  else vitest("two instances behind nginx (PostgreSQL, Redis)", "topology");

  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) {
    const report = path.join(tmp, "e2e.json");
    // CI retries a failed journey once (playwright.config.ts) to tell flaky from broken; a journey
    // that needed the retry still fails the run (--fail-on-flaky-tests, and the count below).
    const started = Date.now();
    // Two lanes (playwright.config.ts): the @db journeys one at a time, the others beside them.
    const ok = run("Playwright journeys (Chromium, desktop)", bin("playwright"), ["test", "--project", "desktop-db", "--project", "desktop-rest", "--fail-on-flaky-tests"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      E2E_LANES: "1",
    });
    stages.push({ ...playwrightStage("Playwright journeys (Chromium, desktop)", ok, report), seconds: since(started) });
    // The phone project on the e2e server: the @phone journeys that write to its database
    // (signed-in pages at 390 px, @db), which cannot run through nginx below; the read-only ones run there.
    const phoneReport = path.join(tmp, "e2e-phone.json");
    const phoneName = "Playwright journeys (Chromium, phone, signed in: @phone)";
    const phoneStarted = Date.now();
    const phoneOk = run(phoneName, bin("playwright"), ["test", "--project", "phone", "--grep", "(?=.*@phone)(?=.*@db)", "--fail-on-flaky-tests"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: phoneReport,
      PLAYWRIGHT_HTML_OUTPUT_DIR: path.join(ROOT, "playwright-report", "phone"),
    });
    stages.push({ ...playwrightStage(phoneName, phoneOk, phoneReport), seconds: since(phoneStarted) });
    if (!missingTopology && apiRuns.length > 1) await journeysThroughNginx();
  } else {
    skip("Playwright journeys (Chromium)", `No Chromium at ${chromium}: the journeys are SKIPPED (apt-get install chromium).`, CI);
  }

  // The image of deploy/Dockerfile built with podman and run alone on SQLite (scripts/test-image.ts);
  // podman and the rest come from Debian when missing, which needs root.
  // It runs when the image's own inputs changed since it last passed (deploy/image-tested.txt).
  const noImage = imageTestUnavailable();
  const imageName = "container image (podman, alone on SQLite)";
  if (testedImageHash() === imageInputsHash()) {
    skip(imageName, "The image's inputs (deploy/, packages, build settings) are those it last passed with (deploy/image-tested.txt): not rebuilt. npm run test:image runs it.", false);
  } else if (noImage) skip(imageName, `${noImage}: the image test is SKIPPED.`, CI);
  else check(imageName, bin("tsx"), [path.join(ROOT, "scripts", "test-image.ts")]);

  console.log(`\n=== Summary (${formatDuration(since(started))} in all) ===\n${summaryLines(stages).join("\n")}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(stages.every((s) => s.ok) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
