/** npm run db:migrate — brings the database DATABASE_URL names to the latest schema. */
import { getConfig } from "../lib/platform/config";
import { openDatabase } from "../lib/platform/db/connection";
import { migrateToLatest } from "../lib/platform/db/migrate";

async function main() {
  const config = getConfig();
  const handle = await openDatabase(config.database);
  try {
    const result = await migrateToLatest(handle);
    const applied = result.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
    const where = config.database.dialect === "sqlite" ? config.database.file : "PostgreSQL";
    console.log(applied.length ? `Migrated ${where}: ${applied.join(", ")}` : `Database ${where} is up to date.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
