/**
 * The server Playwright journeys run against: a fresh SQLite database with the demo catalog,
 * the production build, on E2E_PORT (default 3100). Its mail goes to a real SMTP server started
 * here (lib/testing/mail-receiver.ts), which writes each mail into data/e2e-mail/ for the
 * journeys to read (a sign-in code, a reset link).
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../lib/platform/db/connection";
import { migrateToLatest } from "../lib/platform/db/migrate";
import { seedDatabase } from "../lib/seed";
import { startMailReceiver } from "../lib/testing/mail-receiver";
import { E2E_MAIL_DIR, ensureBuild, ROOT, startServer } from "./lib/build";

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
  const mail = await startMailReceiver(E2E_MAIL_DIR);
  const uploads = path.join(ROOT, "data", "e2e-uploads");
  fs.rmSync(uploads, { recursive: true, force: true });
  const child = startServer(port, { ...env, SMTP_URL: mail.url, UPLOADS_DIR: uploads, PAYMENTS_SANDBOX: "1" });
  const stop = () => child.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => void mail.stop().finally(() => process.exit(code ?? 0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
