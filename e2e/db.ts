import path from "node:path";
import { openDatabase, type DbHandle } from "../lib/db/connection";
import { ROOT } from "../scripts/lib/build";

/** The e2e server's database (scripts/e2e-server.ts), read directly so journeys check pages against real rows. */
export async function withE2eDb<T>(read: (db: DbHandle["db"]) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dialect: "sqlite", file: path.join(ROOT, "data", "e2e.db") });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

/** Parses every JSON-LD block of the page. */
export async function jsonLdOf(page: import("@playwright/test").Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((t) => {
    const parsed = JSON.parse(t) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}
