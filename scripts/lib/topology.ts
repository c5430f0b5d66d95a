/**
 * The production topology of deploy/ started natively, for tests and for trying it out without
 * Docker: PostgreSQL (scripts/pg-local.sh, or the one TOPOLOGY_POSTGRES_URL / TEST_POSTGRES_URL
 * names), Debian's redis-server, N app instances (the production server, scripts/lib/build.ts
 * startServer) on one fresh database and one Redis, and Debian's nginx in front with the
 * deploy/nginx template, run as an ordinary process in a temporary folder.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { getConfig } from "../../lib/platform/config";
import { openDatabase, type DbHandle } from "../../lib/platform/db/connection";
import { postgresReachable } from "../../lib/testing/databases";
import { createStaff } from "../../lib/testing/staff";
import { ensureBuild, freePort, ROOT, startServer, waitForServer } from "./build";
import { nginxBinary, writeNativeNginxConfig } from "./nginx-config";
import { prepareDatabase } from "./prepare";

export type Instance = {
  name: string;
  url: string;
  port: number;
  /** Process id of the running instance, undefined while it is down. */
  pid: () => number | undefined;
  /** Sends the signal (SIGTERM by default) and waits for the process to end. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** Starts the instance again (after kill) and waits until it answers. */
  restart: () => Promise<void>;
  /** The last 64 KB the instance printed. */
  output: () => string;
};

export type Topology = {
  nginxUrl: string;
  instances: Instance[];
  databaseUrl: string;
  redisUrl: string;
  /** A personal API token of the topology's owner (every permission): Authorization: Bearer for /api/v2/admin/*. */
  adminToken: string;
  systemKey: string;
  /** Folder of nginx's files: access.log, error.log. */
  nginxDir: string;
  stop: () => Promise<void>;
};

export type TopologyOptions = {
  /** App instances behind nginx (2 by default). */
  instances?: number;
  /** nginx listens here, the instances on the following ports; free ports when unset. */
  basePort?: number;
  redisPort?: number;
  /** Extra environment for the instances. */
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** Runs on the prepared database before the instances start (settings they cache, test data). */
  prepare?: (handle: DbHandle) => Promise<void>;
};

/** What is missing to start the topology here, or null when everything is installed. */
export function missingTools(): string | null {
  const missing: string[] = [];
  if (!nginxBinary()) missing.push("nginx");
  if (!redisBinary()) missing.push("redis-server");
  return missing.length ? `${missing.join(" and ")} not installed (apt-get install ${missing.join(" ")})` : null;
}

function redisBinary(): string | null {
  const candidates = [process.env.REDIS_SERVER_BIN, "/usr/bin/redis-server", "/usr/local/bin/redis-server"].filter((c): c is string => Boolean(c));
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function waitForPort(port: number, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child && child.exitCode !== null) return reject(new Error(`process exited with code ${child.exitCode} before listening on ${port}`));
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on port ${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Sends a signal and waits for the end; SIGKILL after `graceMs`. */
async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals, graceMs = 30_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await done;
  clearTimeout(timer);
}

/** Keeps the tail of a process's output (a full pipe would stall it). */
function capture(child: ChildProcess): () => string {
  let text = "";
  const add = (chunk: Buffer) => {
    text = (text + chunk.toString("utf8")).slice(-65_536);
  };
  child.stdout?.on("data", add);
  child.stderr?.on("data", add);
  return () => text;
}

/** PostgreSQL: the given URL, or scripts/pg-local.sh (PGLOCAL_PORT, PGLOCAL_DIR). */
async function postgres(log: (line: string) => void): Promise<{ url: string; stop: () => void }> {
  const given = process.env.TOPOLOGY_POSTGRES_URL || process.env.TEST_POSTGRES_URL;
  if (given) {
    if (!(await postgresReachable(given))) throw new Error(`PostgreSQL is not reachable at ${given}`);
    return { url: given, stop: () => undefined };
  }
  const script = path.join(ROOT, "scripts", "pg-local.sh");
  const started = spawnSync("bash", [script, "start"], { encoding: "utf8" });
  if (started.status !== 0) throw new Error(`scripts/pg-local.sh start failed: ${started.stderr}`);
  const url = started.stdout.trim().split("\n").pop() as string;
  log(`PostgreSQL: ${url} (scripts/pg-local.sh)`);
  // Left running, as the test scripts leave it: bash scripts/pg-local.sh stop ends it.
  return { url, stop: () => undefined };
}

async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `furnish_topology_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const log = options.log ?? (() => undefined);
  const missing = missingTools();
  if (missing) throw new Error(`The native topology needs ${missing}.`);
  const count = options.instances ?? 2;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-topology-"));
  // nginx's workers drop to an unprivileged user when nginx is started by root: they must be
  // able to reach their cache below this folder.
  fs.chmodSync(dir, 0o755);
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`cleanup: ${String(error)}`);
      }
    }
  };

  try {
    // PostgreSQL, a fresh database, migrated and loaded with the demo catalog (as npm start does
    // on the embedded default).
    const pgServer = await postgres(log);
    cleanups.push(pgServer.stop);
    const database = await freshDatabase(pgServer.url);
    cleanups.push(database.drop);
    const handle = await openDatabase({ dialect: "postgres", url: database.url });
    let adminToken: string;
    try {
      await prepareDatabase(handle, { demoData: true, log });
      // The admin API's caller: an owner with a personal API token (PostgreSQL gets no demo owner).
      const owner = await createStaff(handle, { email: "topology-owner@example.com", password: `Topology-${randomBytes(12).toString("base64url")}`, name: "Topology Owner", role: "owner" });
      adminToken = owner.token as string;
      await options.prepare?.(handle);
    } finally {
      await handle.close();
    }

    // Redis, in memory only.
    const redisPort = options.redisPort ?? (await freePort());
    const redis = spawn(redisBinary() as string, ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: ["ignore", "pipe", "pipe"] });
    const redisOutput = capture(redis);
    cleanups.push(() => stopProcess(redis, "SIGTERM", 5000));
    await waitForPort(redisPort, 10_000, redis).catch((error: unknown) => {
      throw new Error(`redis-server did not start: ${String(error)}\n${redisOutput()}`);
    });
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    log(`Redis: ${redisUrl}`);

    // The build the instances serve (built when missing or older than the sources).
    await ensureBuild(process.env, log);

    const nginxPort = options.basePort ?? (await freePort());
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(options.basePort ? options.basePort + 1 + i : await freePort());
    const uploads = path.join(dir, "uploads");
    fs.mkdirSync(uploads);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      UPLOADS_DIR: uploads,
      // One proxy (nginx) in front: the client is the address nginx appends to X-Forwarded-For.
      TRUSTED_PROXIES: "1",
      PAYMENTS_SANDBOX: "1",
      HOST: "127.0.0.1",
      HOSTNAME: "127.0.0.1",
      ...options.env,
    };
    // No SMTP server: mail goes to the outbox table.
    delete env.SMTP_URL;

    const instances: Instance[] = ports.map((port, i) => {
      let child: ChildProcess | undefined;
      let output = () => "";
      const url = `http://127.0.0.1:${port}`;
      const instance: Instance = {
        name: String.fromCharCode(65 + i),
        url,
        port,
        pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
        kill: (signal = "SIGTERM") => stopProcess(child, signal),
        restart: async () => {
          if (instance.pid()) throw new Error(`instance ${instance.name} is running`);
          child = startServer(port, env, { quiet: true });
          output = capture(child);
          try {
            await waitForServer(`${url}/api/v2/ping`, 90_000);
          } catch (error) {
            throw new Error(`instance ${instance.name} did not start: ${String(error)}\n${output()}`);
          }
        },
        output: () => output(),
      };
      return instance;
    });
    cleanups.push(() => Promise.all(instances.map((instance) => instance.kill("SIGTERM"))).then(() => undefined));
    await Promise.all(instances.map((instance) => instance.restart()));
    for (const instance of instances) log(`Instance ${instance.name}: ${instance.url}`);

    // nginx, not as a daemon, everything it writes in the temporary folder.
    const nginxDir = path.join(dir, "nginx");
    const conf = writeNativeNginxConfig({ dir: nginxDir, port: nginxPort, upstreams: ports.map((p) => `127.0.0.1:${p}`) });
    const nginx = spawn(nginxBinary() as string, ["-p", nginxDir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
    const nginxOutput = capture(nginx);
    // SIGQUIT: finish the requests in flight, then stop.
    cleanups.push(() => stopProcess(nginx, "SIGQUIT", 10_000));
    await waitForPort(nginxPort, 10_000, nginx).catch((error: unknown) => {
      const errorLog = path.join(nginxDir, "error.log");
      throw new Error(`nginx did not start: ${String(error)}\n${nginxOutput()}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : ""}`);
    });
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;
    await waitForServer(`${nginxUrl}/api/v2/ping`, 30_000);
    log(`nginx: ${nginxUrl} (logs in ${nginxDir})`);

    return { nginxUrl, instances, databaseUrl: database.url, redisUrl, adminToken, systemKey: getConfig().systemKey, nginxDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export { sleep };
