/**
 * The server Playwright journeys run against: a fresh SQLite database with the demo catalog,
 * the production build, on E2E_PORT (default 3100).
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../lib/db/connection";
import { migrateToLatest } from "../lib/db/migrate";
import { seedDatabase } from "../lib/seed";
import { ensureBuild, ROOT, startServer } from "./lib/build";

async function main() {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const file = path.join(ROOT, "data", "e2e.db");
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const handle = await openDatabase({ dialect: "sqlite", file });
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { log: () => undefined });
  } finally {
    await handle.close();
  }
  const env = { ...process.env, DATABASE_URL: file, HOST: "127.0.0.1" };
  await ensureBuild(env);
  const child = startServer(port, env);
  const stop = () => child.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
