/**
 * npm run build — the production build as npm start makes it: `next build`, then the compile
 * hints on the script chunks (scripts/lib/compile-hints.ts), and the source stamp, so that a
 * following npm start or npm run serve uses this build as it is.
 *
 * `next build` prerenders pages and the sitemap index from the database DATABASE_URL names, so
 * that database is migrated first (schema only: no demo data, no settings), which is what lets
 * `npm run build` work on a fresh clone before anything else has run.
 */
import { getConfig } from "../lib/platform/config";
import { openDatabase } from "../lib/platform/db/connection";
import { migrateToLatest } from "../lib/platform/db/migrate";
import { ensureBuild } from "./lib/build";

async function main() {
  const handle = await openDatabase(getConfig().database);
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
  await ensureBuild(process.env, console.log, { force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
