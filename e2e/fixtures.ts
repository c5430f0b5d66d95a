import { test as base, type Page } from "@playwright/test";
import { DEPLOYED_BASE_URL, TAG } from "./target";

export { expect, type Page } from "@playwright/test";
export { TAG } from "./target";

/**
 * Playwright's `test`, with one rule: a journey tagged @db (it writes or reads the e2e server's
 * database or mail folder directly) is skipped, saying why, when the journeys run against a
 * deployed store (E2E_BASE_URL), whose database they cannot reach.
 */
export const test = base.extend<{ dbOnlyLocally: void }>({
  dbOnlyLocally: [
    async ({}, use, testInfo) => {
      if (DEPLOYED_BASE_URL && testInfo.tags.includes(TAG.db)) {
        testInfo.skip(true, `${TAG.db}: this journey reads or writes the e2e server's database (or its mail folder) directly, which a deployed store (E2E_BASE_URL=${DEPLOYED_BASE_URL}) does not expose`);
      }
      await use();
    },
    { auto: true },
  ],
});

/** Parses every JSON-LD block of the page. */
export async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((t) => {
    const parsed = JSON.parse(t) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

/**
 * Readies a page for an axe scan: transitions and animations off, as for a shopper who asked for
 * reduced motion (app/globals.css). axe scrolls the deferred footer (content-visibility: auto)
 * into view to read its colours, and Chromium may then run a button's colour transition from
 * the initial colours; on a busy machine a scan once read the newsletter button half faded in.
 */
export async function readyForAxe(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: "reduce" });
}
