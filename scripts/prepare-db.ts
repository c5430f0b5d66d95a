/**
 * npm run db:prepare — what npm start does to the database before it serves, alone: migrate the
 * database DATABASE_URL names, then load the demo catalog into an empty one when demo data is on
 * (the embedded default, or DEMO_DATA=1), else only the shop's essentials (locations, settings).
 * For deployments where the servers start without it: the compose file's one-off `migrate`
 * service runs it before the app instances start (deploy/compose.yaml).
 */
import { getConfig } from "../lib/platform/config";
import { openDatabase } from "../lib/platform/db/connection";
import { prepareDatabase } from "./lib/prepare";

async function main() {
  const config = getConfig();
  const handle = await openDatabase(config.database);
  try {
    const done = await prepareDatabase(handle, { demoData: config.demoData, log: (line) => console.log(line) });
    console.log(`Database ${config.database.dialect === "sqlite" ? config.database.file : "PostgreSQL"} is migrated (${done}).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
