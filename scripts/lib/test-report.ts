import fs from "node:fs";

/** One stage of npm test (scripts/test.ts) and its counts. */
export type Stage = {
  name: string;
  passed: number;
  failed: number;
  flaky?: number;
  skipped?: string;
  ok: boolean;
  /** How long it ran (printed in the summary, to keep CI fast). */
  seconds?: number;
  /** "test name: first line of its error" for each failed or flaky test, printed after the summary. */
  failures?: string[];
};

/** One line of a failure: the test's name and the first line of its error, at most 500 characters. */
const failureLine = (title: string, message: string | undefined) => `${title}: ${firstLine(message) ?? "(no message)"}`.slice(0, 500);

type VitestReport = { testResults?: { assertionResults?: { fullName?: string; title?: string; status?: string; failureMessages?: string[] }[]; message?: string; name?: string; status?: string }[] };

/**
 * The first unhandled error of a Vitest run's output, in one line: its message and the test file
 * Vitest blames, for the summary (which is often all of a CI log that is kept).
 */
export function unhandledError(output: string): string | undefined {
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const start = plain.indexOf("Unhandled Error");
  if (start < 0) return undefined;
  const lines = plain.slice(start).split("\n").map((l) => l.trim());
  const message = lines.find((l, i) => i > 0 && l && !/^(⎯|Vitest caught|This might cause)/.test(l) && !/Unhandled|Uncaught|Rejection/.test(l));
  const origin = lines.find((l) => l.startsWith("This error originated in"))?.match(/"([^"]+)"/)?.[1];
  return message ? `unhandled error: ${message.slice(0, 300)}${origin ? ` (during ${origin})` : ""}` : undefined;
}

/** The failed tests of a Vitest JSON report (a file that failed to load counts as one). */
export function vitestFailures(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) lines.push(failureLine(a.fullName ?? a.title ?? "?", a.failureMessages?.[0]));
    if (!failed.length && file.status === "failed") lines.push(failureLine(file.name ?? "?", file.message));
  }
  return lines;
}

type PlaywrightError = { message?: string; location?: { file?: string; line?: number } };
type PlaywrightSuite = { title?: string; suites?: PlaywrightSuite[]; specs?: { title: string; tests?: { projectName?: string; status?: string; results?: { error?: PlaywrightError; errors?: PlaywrightError[] }[] }[] }[] };

const firstLine = (message: string | undefined) => (message ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).find(Boolean);

/**
 * A failed journey's errors in one line: a test timeout comes with a second error naming the step
 * that was waiting (locator.check, page.waitForURL) and its line, which says far more than the
 * timeout alone.
 */
function journeyError(result: { error?: PlaywrightError; errors?: PlaywrightError[] } | undefined): string | undefined {
  const errors = result?.errors?.length ? result.errors : result?.error ? [result.error] : [];
  const parts = errors.slice(0, 3).map((e) => {
    const where = e.location?.file && e.location.line ? ` (${e.location.file.split("/").pop()}:${e.location.line})` : "";
    return `${firstLine(e.message) ?? "(no message)"}${where}`;
  });
  return parts.length ? parts.join(" | ") : undefined;
}

/** The journeys of a Playwright JSON report that failed or were flaky. */
export function playwrightFailures(report: { suites?: PlaywrightSuite[] }): string[] {
  const lines: string[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = journeyError(test.results?.find((r) => r.error || r.errors?.length));
        lines.push(failureLine(`${[...here, spec.title].join(" › ")} [${test.projectName ?? ""}${test.status === "flaky" ? ", flaky" : ""}]`, error));
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return lines;
}

type PlaywrightStats = { expected: number; unexpected: number; flaky: number };

/**
 * A Playwright run's counts from its JSON report. A flaky test (failed, then passed on a retry) is
 * counted apart, not as passed, and makes the stage fail: a retry that hides a race today is a
 * red build tomorrow.
 */
export function playwrightStage(name: string, exitedOk: boolean, report: string): Stage {
  if (!fs.existsSync(report)) return { name, passed: 0, failed: exitedOk ? 0 : 1, ok: exitedOk };
  const json = JSON.parse(fs.readFileSync(report, "utf8")) as { stats: PlaywrightStats; suites?: PlaywrightSuite[] };
  const { stats } = json;
  return {
    failures: playwrightFailures(json),
    name,
    passed: stats.expected,
    // A failed exit with nothing unexpected or flaky (a crash, a bad config) still counts once.
    failed: Math.max(stats.unexpected, exitedOk || stats.flaky ? 0 : 1),
    flaky: stats.flaky,
    ok: exitedOk && stats.flaky === 0,
  };
}

/** 75 → "1 min 15 s", 9 → "9 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** The summary npm test ends with: a line per stage, then "N passed, N failed, N flaky". */
export function summaryLines(stages: readonly Stage[]): string[] {
  const lines = stages.map((s) => {
    const state = s.skipped ? "SKIPPED" : s.ok ? "ok" : "FAILED";
    const took = s.seconds === undefined ? "" : ` (${formatDuration(s.seconds)})`;
    return `${state.padEnd(8)} ${s.name}: ${s.passed} passed, ${s.failed} failed${s.flaky ? `, ${s.flaky} flaky` : ""}${took}`;
  });
  const total = (count: (s: Stage) => number) => stages.reduce((n, s) => n + count(s), 0);
  const failures = stages.flatMap((s) => (s.failures ?? []).map((f) => `${s.name} › ${f}`));
  return [
    ...lines,
    "",
    `${total((s) => s.passed)} passed, ${total((s) => s.failed)} failed, ${total((s) => s.flaky ?? 0)} flaky`,
    ...(failures.length ? ["", "Failed:", ...failures.map((f) => `  ${f}`)] : []),
  ];
}
