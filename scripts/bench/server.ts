/**
 * The bench's server: the store as npm start runs it (Next's standalone server), on the bench's
 * database. Its output is read (a full pipe would stall it) and its last lines kept for a failure.
 */
import net from "node:net";
import { ensureBuild, startServer } from "../lib/build";
import { PORT } from "./settings";

/** Whether something already answers on 127.0.0.1:`port` (a server left by an interrupted run). */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Builds the store if its sources changed, then starts it on PORT with DATABASE_URL `database` (a
 * SQLite file or a postgres:// URL) and `extra` in its environment.
 */
export async function startBenchServer(database: string, extra: Record<string, string> = {}) {
  const env = { ...process.env, ...extra, DATABASE_URL: database, HOST: "127.0.0.1" };
  // Else the run would measure that server, on whatever database it has.
  if (await portTaken(PORT)) throw new Error(`port ${PORT} is taken, by a server of an earlier run? Stop it first (its process is named "next-server": ss -ltnp | grep ${PORT}), or set BENCH_PORT.`);
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
