/**
 * The bench's server: the store as npm start runs it (Next's standalone server), on the bench's
 * database. Its output is read (a full pipe would stall it) and its last lines kept for a failure.
 */
import { ensureBuild, startServer } from "../lib/build";
import { PORT } from "./settings";

/**
 * Builds the store if its sources changed, then starts it on PORT with DATABASE_URL `database` (a
 * SQLite file or a postgres:// URL) and `extra` in its environment.
 */
export async function startBenchServer(database: string, extra: Record<string, string> = {}) {
  const env = { ...process.env, ...extra, DATABASE_URL: database, HOST: "127.0.0.1" };
  await ensureBuild(env);
  const server = startServer(PORT, { ...env, PAYMENTS_SANDBOX: "1" }, { quiet: true });
  let log = "";
  const keepLog = (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-4000);
  };
  server.stdout?.on("data", keepLog);
  server.stderr?.on("data", keepLog);
  server.on("exit", (code, signal) => keepLog(Buffer.from(`\n[server exited: code ${code}, signal ${signal}]\n`)));
  return { process: server, log: () => log };
}
