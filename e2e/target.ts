/**
 * The store the journeys run against. With E2E_BASE_URL set (QA against a deployed store, or CI
 * through nginx), that URL, and no server is started; without it, the e2e server
 * (scripts/e2e-server.ts) that Playwright starts on E2E_PORT.
 */
const deployed = process.env.E2E_BASE_URL?.trim().replace(/\/+$/, "") || undefined;

/** The deployed store's URL, or undefined when the journeys start their own server. */
export const DEPLOYED_BASE_URL: string | undefined = deployed;

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export const BASE_URL = deployed ?? `http://127.0.0.1:${E2E_PORT}`;

/**
 * The System-Key the store's API wants (lib/platform/config.ts SYSTEM_KEY; the browser gets it from the
 * page). E2E_SYSTEM_KEY names a deployed store's key; the local server uses SYSTEM_KEY or its default.
 */
export const SYSTEM_KEY = process.env.E2E_SYSTEM_KEY || process.env.SYSTEM_KEY || "furnish-local-system-key";

/** Tags of the journeys (`test(title, { tag }, …)`); `--grep @readonly` selects by them. */
export const TAG = {
  /** Writes or reads the e2e server's database (or its mail folder) directly: skipped against E2E_BASE_URL. */
  db: "@db",
  /** Only reads: no sign-up, no cart, order, wishlist, newsletter or enquiry stored. Safe on a live store, and run on the phone too. */
  readonly: "@readonly",
  /** Pins a viewport wider than a phone (or resizes from desktop): the phone project leaves it out. */
  desktop: "@desktop",
  /** A journey at the phone's width: the phone project runs it (with @db too: the e2e server's, not through nginx), the desktop project leaves it out. */
  phone: "@phone",
  /**
   * Compares two reads that a change made meanwhile would split (the API's product list against
   * the sitemap): npm test runs it in the desktop-db lane, one at a time with the @db journeys,
   * never beside them (playwright.config.ts). Safe on a live store like any @readonly journey.
   */
  alone: "@alone",
} as const;
