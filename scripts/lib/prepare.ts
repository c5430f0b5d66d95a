import type { DbHandle } from "../../lib/platform/db/connection";
import { migrateToLatest } from "../../lib/platform/db/migrate";
import { isCatalogEmpty, seedDatabase, seedEssentials } from "../../lib/seed";

/**
 * What npm start does to the database before serving: migrate, then either load the demo catalog
 * and demo customer into an empty database (the embedded default, or DEMO_DATA=1), or only the
 * essentials a real shop needs (India's locations, the business settings). A real shop's
 * database never gets the demo customer, whose password is published, unless someone runs
 * npm run db:seed on purpose.
 */
export async function prepareDatabase(handle: DbHandle, options: { demoData: boolean; mediaDir?: string; log?: (line: string) => void }): Promise<"demo" | "essentials" | "as-is"> {
  const log = options.log ?? (() => undefined);
  await migrateToLatest(handle);
  return loadData(handle, options.demoData, options.mediaDir, log);
}

async function loadData(handle: DbHandle, demoData: boolean, mediaDir: string | undefined, log: (line: string) => void): Promise<"demo" | "essentials" | "as-is"> {
  if (!demoData) {
    await seedEssentials(handle, { mediaDir, log });
    return "essentials";
  }
  if (!(await isCatalogEmpty(handle))) return "as-is";
  log("Empty database: loading the demo catalog...");
  await seedDatabase(handle, { mediaDir, log });
  return "demo";
}
