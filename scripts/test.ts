/**
 * npm test — every check of the project, in order:
 * lint, types, unit tests, API tests on SQLite, API tests on PostgreSQL, Playwright journeys.
 * Without a reachable PostgreSQL the PostgreSQL run is skipped with a plain notice (in CI it fails).
 * Without Chromium the journeys are skipped the same way. Ends with "N passed, N failed, N flaky".
 * A flaky test (failed, then passed on a retry) is not counted as passed and fails the run, in CI
 * and locally: a retry that hides a race today is a red build tomorrow.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { postgresReachable, TEST_POSTGRES_URL } from "../lib/testing/databases";
import { ROOT } from "./lib/build";
import { playwrightStage, summaryLines, type Stage } from "./lib/test-report";

const CI = Boolean(process.env.CI);
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-test-"));

const stages: Stage[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function vitest(name: string, project: string, env: Record<string, string> = {}) {
  const report = path.join(tmp, `${name.replace(/\W+/g, "-")}.json`);
  // No retries: Vitest's JSON report would not tell a test that passed on a retry from one that
  // passed outright, so a flaky test must fail here instead.
  const ok = run(name, bin("vitest"), ["run", "--project", project, "--retry=0", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], env);
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number };
    passed = json.numPassedTests;
    failed = Math.max(json.numFailedTests, ok ? 0 : 1);
  }
  stages.push({ name, passed, failed, ok });
}

function check(name: string, command: string, args: string[]) {
  const ok = run(name, command, args);
  stages.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok });
}

function skip(name: string, reason: string, mandatory: boolean) {
  console.log(`\n=== ${name} ===\n${reason}`);
  stages.push({ name, passed: 0, failed: mandatory ? 1 : 0, skipped: reason, ok: !mandatory });
}

async function main() {
  check("lint (eslint)", bin("eslint"), ["."]);
  check("types (tsc --noEmit)", bin("tsc"), ["--noEmit", "-p", "."]);
  vitest("unit tests", "unit");
  vitest("API tests on SQLite", "api", { TEST_DB: "sqlite" });

  if (await postgresReachable()) {
    vitest("API tests on PostgreSQL", "api", { TEST_DB: "postgres" });
  } else {
    skip(
      "API tests on PostgreSQL",
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL}: the PostgreSQL API run is SKIPPED. ` +
        "Start one with scripts/pg-local.sh start, or set TEST_POSTGRES_URL.",
      CI,
    );
  }

  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) {
    const report = path.join(tmp, "e2e.json");
    // CI retries a failed journey once (playwright.config.ts) to tell flaky from broken; a journey
    // that needed the retry still fails the run (--fail-on-flaky-tests, and the count below).
    const ok = run("Playwright journeys (Chromium)", bin("playwright"), ["test", "--fail-on-flaky-tests"], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
    stages.push(playwrightStage("Playwright journeys (Chromium)", ok, report));
  } else {
    skip("Playwright journeys (Chromium)", `No Chromium at ${chromium}: the journeys are SKIPPED (apt-get install chromium).`, CI);
  }

  console.log(`\n=== Summary ===\n${summaryLines(stages).join("\n")}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(stages.every((s) => s.ok) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
