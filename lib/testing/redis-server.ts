import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";

/**
 * A throwaway redis-server (Debian's package) for tests: in memory only, on a free port of
 * REDIS_TEST_PORT_BASE..+9 (6390 by default), stopped by the test that started it.
 */
export type TestRedis = { url: string; port: number; stop: () => Promise<void> };

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN || "redis-server";

/** Whether redis-server can be run here. */
export function redisServerAvailable(): boolean {
  return spawnSync(REDIS_SERVER_BIN, ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Why the Redis tests cannot run, or null when they can. Outside CI a machine without
 * redis-server skips them (with this message); in CI (CI set) the tests fail instead, so a
 * missing install step never passes unnoticed.
 */
export function redisSkipReason(): string | null {
  if (redisServerAvailable()) return null;
  const message = `redis-server not found (${REDIS_SERVER_BIN}); install Debian's redis-server package to run the Redis tests`;
  if (process.env.CI) throw new Error(`${message}. CI must run them.`);
  console.warn(`Skipping: ${message}.`);
  return message;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function waitReady(child: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    let out = "";
    const done = (ok: boolean) => {
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("Ready to accept connections")) done(true);
      else if (/Address already in use|Could not create server TCP listening socket/i.test(out)) done(false);
    };
    const onExit = () => done(false);
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const base = Number(process.env.REDIS_TEST_PORT_BASE || 6390);
  for (let port = base; port < base + 10; port++) {
    if (!(await portFree(port))) continue;
    const child = spawn(REDIS_SERVER_BIN, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (!(await waitReady(child))) {
      child.kill("SIGKILL");
      continue;
    }
    child.stdout?.resume();
    child.stderr?.resume();
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    };
  }
  throw new Error(`No free port for redis-server in ${base}..${base + 9} (set REDIS_TEST_PORT_BASE).`);
}
