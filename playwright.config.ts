import { defineConfig, devices, type ReporterDescription } from "@playwright/test";
import { BASE_URL, DEPLOYED_BASE_URL, E2E_PORT, TAG } from "./e2e/target";

/**
 * Journeys run in Debian's Chromium (Playwright cannot download its own browser here).
 *
 * Two ways to run them:
 * - Without E2E_BASE_URL: Playwright starts the e2e server (scripts/e2e-server.ts: fresh SQLite
 *   database with the demo catalog, production build) on E2E_PORT, and every journey runs.
 * - With E2E_BASE_URL (QA against a deployed store, or CI through nginx): nothing is started, every
 *   journey runs against that URL, and the @db journeys (which need the e2e server's database or
 *   mail folder) are skipped, saying so (e2e/fixtures.ts). `--grep @readonly` keeps to the
 *   journeys that store nothing, safe on a live store.
 *
 * Projects: "desktop" (1280 px) runs every journey but the @phone ones; "phone" (390 px, touch,
 * mobile viewport) runs the @readonly and @phone ones, leaving out those that pin a desktop width
 * themselves (@desktop).
 */
const reporters: ReporterDescription[] = [
  ["list"],
  // scripts/test.ts reads the counts from this file.
  ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["json"] as ReporterDescription] : []),
  // The run's artifact: every journey, with the trace, screenshots and video of each failure.
  // PLAYWRIGHT_HTML_OUTPUT_DIR moves it.
  ["html", { outputFolder: "playwright-report", open: "never" }],
];

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
};

const desktop = { ...devices["Desktop Chrome"], channel: undefined };
const LANES = process.env.E2E_LANES === "1";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // One journey at a time, but for npm test's two lanes (below).
  workers: LANES ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: reporters,
  use: {
    baseURL: BASE_URL,
    // A step that cannot happen (a disabled button, a page that never comes) fails within a
    // minute naming itself, instead of waiting out the journey's whole timeout.
    actionTimeout: 45_000,
    navigationTimeout: 45_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    // The @phone journeys are the phone project's (real phone emulation): not run again at 390 px here.
    { name: "desktop", grepInvert: new RegExp(TAG.phone), use: desktop },
    // The desktop journeys in two lanes, for `npm test` (E2E_LANES=1, two workers): the @db ones one
    // at a time, since they write the e2e server's shared database and settings, with the @alone
    // ones that a write meanwhile would upset; the others beside them. Defined only then, so a plain `playwright test` runs each journey once.
    ...(LANES
      ? [
          { name: "desktop-db", grep: new RegExp(`${TAG.db}|${TAG.alone}`), grepInvert: new RegExp(TAG.phone), workers: 1, use: desktop },
          { name: "desktop-rest", grepInvert: new RegExp(`${TAG.db}|${TAG.alone}|${TAG.phone}`), use: desktop },
        ]
      : []),
    {
      name: "phone",
      grep: new RegExp(`${TAG.readonly}|${TAG.phone}`),
      grepInvert: new RegExp(TAG.desktop),
      // An Android phone in Chrome, 390 px wide (the width the layout is designed for).
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 }, channel: undefined },
    },
  ],
  webServer: DEPLOYED_BASE_URL
    ? undefined
    : {
        command: `npx tsx scripts/e2e-server.ts`,
        // Any answer counts as ready; 403 (no System-Key) is one Playwright accepts.
        url: `${BASE_URL}/api/v2/categories`,
        reuseExistingServer: !process.env.CI,
        timeout: 600_000,
        stdout: "pipe",
        stderr: "pipe",
        env: { E2E_PORT: String(E2E_PORT) },
      },
});
