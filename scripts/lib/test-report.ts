import fs from "node:fs";

/** One stage of npm test (scripts/test.ts) and its counts. */
export type Stage = { name: string; passed: number; failed: number; flaky?: number; skipped?: string; ok: boolean; /** How long it ran (printed in the summary, to keep CI fast). */ seconds?: number };

type PlaywrightStats = { expected: number; unexpected: number; flaky: number };

/**
 * A Playwright run's counts from its JSON report. A flaky test (failed, then passed on a retry) is
 * counted apart, not as passed, and makes the stage fail: a retry that hides a race today is a
 * red build tomorrow.
 */
export function playwrightStage(name: string, exitedOk: boolean, report: string): Stage {
  if (!fs.existsSync(report)) return { name, passed: 0, failed: exitedOk ? 0 : 1, ok: exitedOk };
  const { stats } = JSON.parse(fs.readFileSync(report, "utf8")) as { stats: PlaywrightStats };
  return {
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
  return [...lines, "", `${total((s) => s.passed)} passed, ${total((s) => s.failed)} failed, ${total((s) => s.flaky ?? 0)} flaky`];
}
