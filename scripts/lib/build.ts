import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { addCompileHints } from "./compile-hints";

const ROOT = path.resolve(__dirname, "../..");
const STAMP = path.join(ROOT, ".next", "source-hash.txt");
/** Where the journeys' SMTP server (scripts/e2e-server.ts) writes the mail it receives. */
export const E2E_MAIL_DIR = path.join(ROOT, "data", "e2e-mail");
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = ["middleware.ts", "next.config.ts", "package.json", "package-lock.json", "tsconfig.json", "postcss.config.mjs"];
const SKIP = /(^|\/)(media|_tests)(\/|$)|\.test\.tsx?$/;

function walk(dir: string, out: string[]) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(ROOT, full);
    if (SKIP.test(rel)) continue;
    if (entry.isDirectory()) walk(full, out);
    else out.push(rel);
  }
}

/** Settings that prerendered pages carry (canonical URLs, the API key client code sends). */
const BUILD_ENV = ["SITE_URL", "SYSTEM_KEY"] as const;

/**
 * A hash of everything that goes into `next build`: sources, config, lockfile and the build-time
 * settings; not tests or generated media.
 */
export function sourceHash(env: NodeJS.ProcessEnv = process.env): string {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(path.join(ROOT, dir), files);
  for (const file of SOURCE_FILES) if (fs.existsSync(path.join(ROOT, file))) files.push(file);
  files.sort();
  const hash = createHash("sha256");
  for (const key of BUILD_ENV) hash.update(`${key}=${env[key] ?? ""}\0`);
  for (const file of files) {
    hash.update(file);
    hash.update("\0");
    hash.update(fs.readFileSync(path.join(ROOT, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export function buildIsCurrent(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")) || !fs.existsSync(STANDALONE_SERVER)) return false;
  return fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8").trim() === sourceHash(env);
}

const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...args], { cwd: ROOT, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next ${args[0]} exited with code ${code}`))));
  });
}

/**
 * Runs `next build` unless the last build was made from the same sources (or `force`), then marks
 * the script chunks for eager compilation (./compile-hints.ts). Returns whether it built.
 */
export async function ensureBuild(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log, options: { force?: boolean } = {}): Promise<boolean> {
  if (!options.force && buildIsCurrent(env)) return false;
  log(options.force ? "Building the store..." : "Building the store (first run or sources changed)...");
  const hash = sourceHash(env);
  await run(["build"], { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
  addCompileHints(path.join(ROOT, ".next"));
  completeStandalone();
  fs.writeFileSync(STAMP, `${hash}\n`);
  return true;
}

/** Next's standalone server, made by `next build` with output: "standalone" (next.config.ts). */
export const STANDALONE_SERVER = path.join(ROOT, ".next", "standalone", "server.js");

/**
 * `next build` leaves the browser assets and public/ out of .next/standalone (a CDN or the image
 * may serve them). To run it in place, as npm start and the tests do, the build's static assets
 * are copied in and public/ is linked, so media the seed writes later are served too.
 * deploy/Dockerfile copies both into the image instead.
 */
function completeStandalone() {
  const standalone = path.dirname(STANDALONE_SERVER);
  if (!fs.existsSync(STANDALONE_SERVER)) throw new Error(`next build made no ${path.relative(ROOT, STANDALONE_SERVER)}: is output: "standalone" set in next.config.ts?`);
  const staticDir = path.join(standalone, ".next", "static");
  fs.rmSync(staticDir, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, ".next", "static"), staticDir, { recursive: true });
  const publicLink = path.join(standalone, "public");
  fs.rmSync(publicLink, { recursive: true, force: true });
  fs.symlinkSync(path.join("..", "..", "public"), publicLink, "dir");
}

/**
 * The V8 heap cap every instance runs with (scripts/start.sh and deploy/Dockerfile set the same):
 * without one, V8 sizes its heap from the machine's memory (about 4 GB here) and collects lazily,
 * so a server that kept about 130 MB alive sat at 430-560 MB resident after npm run bench. With
 * 256 MB it stays under 350 MB (docs/measurements/). NODE_OPTIONS with its own
 * --max-old-space-size wins.
 */
export const HEAP_CAP_MB = 256;

export function withHeapCap(nodeOptions: string | undefined): string {
  if (nodeOptions?.includes("max-old-space-size")) return nodeOptions;
  return `${nodeOptions ? `${nodeOptions} ` : ""}--max-old-space-size=${HEAP_CAP_MB}`;
}

/**
 * Starts one instance of the store: Next's standalone server (.next/standalone/server.js) on
 * `port`. It changes into its own folder, so relative paths in the settings are resolved against
 * the project folder (STORE_ROOT, lib/platform/config.ts).
 */
export function startServer(port: number, env: NodeJS.ProcessEnv, options: { quiet?: boolean } = {}): ChildProcess {
  return spawn(process.execPath, [STANDALONE_SERVER], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_OPTIONS: withHeapCap(env.NODE_OPTIONS),
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOSTNAME: env.HOST ?? "0.0.0.0",
      STORE_ROOT: env.STORE_ROOT ?? ROOT,
    },
    stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
  });
}

export async function waitForServer(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return;
      lastError = new Error(`status ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Server at ${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}

export { ROOT };

/** A TCP port nothing listens on right now, for a throwaway server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
