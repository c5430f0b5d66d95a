import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild, freePort, startServer, waitForServer } from "../../scripts/lib/build";
import { getConfig } from "../platform/config";
import { openDatabase } from "../platform/db/connection";
import { migrateToLatest } from "../platform/db/migrate";
import { seedDatabase } from "../seed";
import { createTestDatabase, type TestDatabase } from "./databases";
import { startMailReceiver } from "./mail-receiver";
import { createStaff } from "./staff";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dialect: "sqlite" | "postgres";
    systemKey: string;
    /** A personal API token of the tests' owner, with every permission (Authorization: Bearer). */
    adminToken: string;
    /** The tests' owner: signs in to the back office with this email and password (no second factor). */
    owner: { id: number; email: string; password: string };
    /** Folder where the test SMTP server writes the mails it receives (./mail-receiver.ts). */
    mailDir: string;
  }
}



let server: ChildProcess | undefined;
let database: TestDatabase | undefined;
let mail: Awaited<ReturnType<typeof startMailReceiver>> | undefined;
let uploads: string | undefined;

/**
 * API tests run against the real production server on a fresh database of the dialect TEST_DB
 * names (sqlite by default, postgres for the second run), migrated and seeded with the demo catalog.
 */
export async function setup(project: TestProject) {
  const dialect = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
  database = await createTestDatabase(dialect, "api");
  const handle = await openDatabase(database.target);
  const ownerLogin = { email: "api-owner@example.com", password: "Api-Owner-Pass-2026!", name: "API Test Owner", role: "owner" as const };
  let owner: Awaited<ReturnType<typeof createStaff>>;
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { log: () => undefined });
    // The admin API's caller in the tests: an owner with a personal API token (the Admin-Key is gone).
    owner = await createStaff(handle, ownerLogin);
  } finally {
    await handle.close();
  }

  // The server keeps the build's SYSTEM_KEY and PORT settings so the build made here serves npm start too.
  const env = { ...process.env, DATABASE_URL: database.url, HOST: "127.0.0.1" };
  await ensureBuild(env);
  const port = await freePort();
  mail = await startMailReceiver();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-uploads-"));
  // Run-time settings only (they do not change the build): mail goes to the test SMTP server;
  // one trusted proxy lets a test speak for different client addresses through X-Forwarded-For;
  // the payment-deadline sweep runs every 2 s, so a test sees it work without waiting a minute.
  server = startServer(port, { ...env, SMTP_URL: mail.url, MAIL_FROM: "Kesar Home <care@kesarhome.in>", TRUSTED_PROXIES: "1", UPLOADS_DIR: uploads, PAYMENTS_SANDBOX: "1", SWEEP_INTERVAL_SECONDS: "2" }, { quiet: true });
  let output = "";
  // API_SERVER_LOG=<file> keeps the server's own log there, to see what a 500 was.
  const keep = process.env.API_SERVER_LOG ? fs.createWriteStream(process.env.API_SERVER_LOG, { flags: "a" }) : null;
  server.stdout?.on("data", (chunk: Buffer) => ((output += chunk.toString()), keep?.write(chunk)));
  server.stderr?.on("data", (chunk: Buffer) => ((output += chunk.toString()), keep?.write(chunk)));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseUrl}/api/v2/unknown-path`);
  } catch (error) {
    console.error(output);
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("databaseUrl", database.url);
  project.provide("dialect", dialect);
  project.provide("systemKey", getConfig().systemKey);
  project.provide("adminToken", owner.token as string);
  project.provide("owner", { id: owner.userId, email: ownerLogin.email, password: ownerLogin.password });
  project.provide("mailDir", mail.dir);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
  }
  await database?.drop();
  await mail?.stop();
  if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
}
