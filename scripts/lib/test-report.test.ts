import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { playwrightFailures, playwrightStage, summaryLines, unhandledError, vitestFailures } from "./test-report";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-report-"));
afterEach(() => fs.rmSync(path.join(dir, "e2e.json"), { force: true }));

function report(stats: { expected: number; unexpected: number; flaky: number }): string {
  const file = path.join(dir, "e2e.json");
  fs.writeFileSync(file, JSON.stringify({ stats: { ...stats, skipped: 0 } }));
  return file;
}

describe("npm test's Playwright counts", () => {
  it("counts a flaky journey apart from the passed ones and fails the stage, even when Playwright exited 0", () => {
    const stage = playwrightStage("journeys", true, report({ expected: 40, unexpected: 0, flaky: 2 }));
    expect(stage).toMatchObject({ passed: 40, failed: 0, flaky: 2, ok: false });
    expect(summaryLines([stage])).toEqual(["FAILED   journeys: 40 passed, 0 failed, 2 flaky", "", "40 passed, 0 failed, 2 flaky"]);
  });

  it("passes a clean run and fails one with unexpected results", () => {
    expect(playwrightStage("journeys", true, report({ expected: 42, unexpected: 0, flaky: 0 }))).toMatchObject({ passed: 42, failed: 0, flaky: 0, ok: true });
    expect(playwrightStage("journeys", false, report({ expected: 41, unexpected: 1, flaky: 0 }))).toMatchObject({ passed: 41, failed: 1, ok: false });
  });

  it("counts a failed run without a report as one failure", () => {
    expect(playwrightStage("journeys", false, path.join(dir, "missing.json"))).toMatchObject({ passed: 0, failed: 1, ok: false });
  });

  it("ends with the totals of every stage", () => {
    const lines = summaryLines([
      { name: "unit tests", passed: 10, failed: 0, ok: true },
      { name: "journeys", passed: 5, failed: 1, flaky: 1, ok: false },
      { name: "PostgreSQL", passed: 0, failed: 0, skipped: "no server", ok: true },
    ]);
    expect(lines.at(-1)).toBe("15 passed, 1 failed, 1 flaky");
    expect(summaryLines([{ name: "journeys", passed: 5, failed: 0, ok: true, seconds: 312.4 }])[0]).toBe("ok       journeys: 5 passed, 0 failed (5 min 12 s)");
    expect(summaryLines([{ name: "lint", passed: 1, failed: 0, ok: true, seconds: 8.6 }])[0]).toBe("ok       lint: 1 passed, 0 failed (9 s)");
    expect(lines[2]).toBe("SKIPPED  PostgreSQL: 0 passed, 0 failed");
  });

  it("names each failed test and the first line of its error after the totals, so a CI log's tail says what broke", () => {
    const failures = vitestFailures({
      testResults: [
        {
          name: "deploy/topology.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "two instances › loses no GET", status: "failed", failureMessages: ["\u001b[31mAssertionError: expected [ '/: 502' ] to deeply equal []\u001b[39m\n    at topology.test.ts:300"] },
            { fullName: "two instances › keeps a customer signed in", status: "passed" },
          ],
        },
        { name: "app/api/v2/_tests/broken.api.test.ts", status: "failed", message: "SyntaxError: Unexpected token", assertionResults: [] },
      ],
    });
    expect(failures).toEqual(["two instances › loses no GET: AssertionError: expected [ '/: 502' ] to deeply equal []", "app/api/v2/_tests/broken.api.test.ts: SyntaxError: Unexpected token"]);
    const journeys = playwrightFailures({
      suites: [
        {
          title: "checkout.spec.ts",
          specs: [
            { title: "pays online", tests: [{ projectName: "desktop", status: "flaky", results: [{ error: { message: "Timed out 5000ms waiting for expect(locator).toBeVisible()" } }, {}] }] },
            { title: "places COD", tests: [{ projectName: "desktop", status: "expected", results: [{}] }] },
          ],
        },
      ],
    });
    expect(journeys).toEqual(["checkout.spec.ts › pays online [desktop, flaky]: Timed out 5000ms waiting for expect(locator).toBeVisible()"]);
    // A test timeout names the step that was waiting, with its line.
    const timedOut = playwrightFailures({
      suites: [
        {
          title: "admin-commerce.spec.ts",
          specs: [
            {
              title: "a coupon",
              tests: [
                {
                  projectName: "desktop-db",
                  status: "unexpected",
                  results: [
                    {
                      error: { message: "Test timeout of 180000ms exceeded." },
                      errors: [
                        { message: "Test timeout of 180000ms exceeded." },
                        { message: "Error: locator.check: Test timeout of 180000ms exceeded.\nCall log:\n  - waiting for getByRole('radio')", location: { file: "/repo/e2e/admin-commerce.spec.ts", line: 115 } },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(timedOut).toEqual(["admin-commerce.spec.ts › a coupon [desktop-db]: Test timeout of 180000ms exceeded. | Error: locator.check: Test timeout of 180000ms exceeded. (admin-commerce.spec.ts:115)"]);
    const lines = summaryLines([{ name: "two instances", passed: 4, failed: 1, ok: false, failures }]);
    expect(lines.slice(-3)).toEqual(["Failed:", `  two instances › ${failures[0]}`, `  two instances › ${failures[1]}`]);
    expect(summaryLines([{ name: "unit", passed: 3, failed: 0, ok: true, failures: [] }]).at(-1)).toBe("3 passed, 0 failed, 0 flaky");
  });
});

describe("npm test's line for a Vitest run that failed with no failed test", () => {
  it("names the unhandled error's message and the file Vitest blames, without colours", () => {
    const output = [
      "\u001b[31m⎯⎯⎯⎯⎯⎯\u001b[39m\u001b[1m\u001b[41m Unhandled Errors \u001b[49m\u001b[22m\u001b[31m⎯⎯⎯⎯⎯⎯\u001b[39m",
      "Vitest caught 1 unhandled error during the test run.",
      "This might cause false positive tests. Resolve unhandled errors to make sure your tests are not affected.",
      "",
      "⎯⎯⎯⎯⎯ Uncaught Exception ⎯⎯⎯⎯⎯",
      "\u001b[31m\u001b[1mError\u001b[22m: read ECONNRESET\u001b[39m",
      " ❯ TCP.onStreamRead node:internal/stream_base_commons:216:20",
      'This error originated in "lib/orders/refund-crash.api.test.ts" test file.',
    ].join("\n");
    expect(unhandledError(output)).toBe("unhandled error: Error: read ECONNRESET (during lib/orders/refund-crash.api.test.ts)");
  });

  it("says nothing when the output has no unhandled error", () => {
    expect(unhandledError("Test Files 3 passed (3)")).toBeUndefined();
  });
});
