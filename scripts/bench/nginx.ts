/**
 * Through nginx with the production configuration of deploy/nginx (rendered by
 * scripts/lib/nginx-config.ts, the native topology's renderer; its cache in front of the bench
 * server, its one upstream): the product pages of pages.ts, cached by nginx, against a file the
 * same nginx serves from disk (a second server block, the baseline "static file served by nginx";
 * target ≥ 0.9). Skipped, with a message, when nginx or the renderer is missing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { getBytes, load, merge, pathsTraffic, roundRatios, roundsText, type Report, type Run, type Traffic } from "./load";
import { processTreeMemory } from "./memory";
import { PORT, ROUND_SECONDS } from "./settings";

/** nginx's ports: the store configuration, and the server block with the static file. */
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? PORT + 1);
const NGINX_STATIC_PORT = Number(process.env.BENCH_NGINX_STATIC_PORT ?? PORT + 2);
const TARGET = 0.9;

type NginxConfigModule = {
  writeNativeNginxConfig(options: { dir: string; port: number; upstreams: string[] }): string;
  nginxBinary(): string | null;
};

export type BenchNginx = {
  /** nginx with the store's configuration (cache, gzip, ...) in front of the bench server. */
  origin: string;
  /** The same nginx serving BENCH_STATIC_FILE from disk. */
  staticOrigin: string;
  /** Path of the static file on staticOrigin. */
  staticPath: string;
  process: ChildProcess;
  stop(): Promise<void>;
};

/** The renderer of deploy/nginx, where the topology work put it; null while it is not there. */
async function loadRenderer(): Promise<NginxConfigModule | null> {
  const file = path.join(__dirname, "..", "lib", "nginx-config.ts");
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<NginxConfigModule> & { default?: Partial<NginxConfigModule> };
  const api = typeof mod.writeNativeNginxConfig === "function" ? mod : mod.default;
  if (typeof api?.writeNativeNginxConfig !== "function" || typeof api.nginxBinary !== "function") return null;
  return api as NginxConfigModule;
}

async function waitFor(url: string, child: ChildProcess, log: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}: ${log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`nginx did not answer ${url} within ${timeoutMs} ms: ${log()}`);
}

/**
 * Starts Debian's nginx (no root needed, nothing written outside `dir`) on 127.0.0.1:`port` in
 * front of `upstream` (host:port), and on `staticPort` a server block that serves `staticFile`
 * (its gzip copy beside it, gzip_static, so nginx sends stored bytes as its cache does). Returns a
 * reason instead when nginx or the renderer is not available.
 */
export async function startBenchNginx(options: {
  dir: string;
  port: number;
  staticPort: number;
  upstream: string;
  staticFile: { name: string; body: Buffer; gzip: Buffer };
}): Promise<BenchNginx | { skipped: string }> {
  const renderer = await loadRenderer();
  if (!renderer) return { skipped: "no nginx configuration renderer (scripts/lib/nginx-config.ts from the deploy/nginx work) in this checkout" };
  const bin = renderer.nginxBinary();
  if (!bin) return { skipped: "nginx is not installed (apt-get install nginx, or NGINX_BIN)" };
  const { dir } = options;
  fs.mkdirSync(dir, { recursive: true });
  const conf = renderer.writeNativeNginxConfig({ dir, port: options.port, upstreams: [options.upstream] });
  // nginx's workers run as an unprivileged user when started by root: everything they read must be readable.
  // (`dir` and the bench's temporary folder it is in, which mkdtemp makes private.)
  for (const d of [dir, path.dirname(dir)]) fs.chmodSync(d, 0o755);
  const staticDir = path.join(dir, "static");
  fs.mkdirSync(staticDir, { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(staticDir, options.staticFile.name), options.staticFile.body, { mode: 0o644 });
  fs.writeFileSync(path.join(staticDir, `${options.staticFile.name}.gz`), options.staticFile.gzip, { mode: 0o644 });
  // Same access log format and file writes as the store's server block, so both sides pay for logging.
  fs.writeFileSync(
    path.join(dir, "bench-static.conf"),
    `# Written by scripts/bench/nginx.ts: a file from disk, npm run bench's baseline for pages through nginx.
server {
    listen 127.0.0.1:${options.staticPort};
    server_tokens off;
    access_log ${path.join(dir, "static-access.log")} store_json;
    root ${staticDir};
    gzip_static on;
    # The same file-descriptor cache as the store's server block, so the baseline is as tuned as the store.
    open_file_cache max=10000 inactive=30s;
    open_file_cache_valid 1s;
    add_header X-Request-Id $request_id always;
    location / {
        try_files $uri =404;
    }
}
`,
  );
  const main = fs.readFileSync(conf, "utf8");
  const include = /^(\s*)include\s+\S*store\.conf;\s*$/m;
  if (!include.test(main)) return { skipped: `the rendered ${conf} has no "include …store.conf;" line to add the static server beside` };
  fs.writeFileSync(conf, main.replace(include, (line, indent: string) => `${line}\n${indent}include ${path.join(dir, "bench-static.conf")};`));

  const child = spawn(bin, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const errorLog = () => {
    const file = path.join(dir, "error.log");
    return `${output}${fs.existsSync(file) ? fs.readFileSync(file, "utf8").slice(-2000) : ""}`;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGQUIT"); // graceful: workers finish, master removes its pid file
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  const origin = `http://127.0.0.1:${options.port}`;
  const staticOrigin = `http://127.0.0.1:${options.staticPort}`;
  try {
    await waitFor(`${origin}/nginx-health`, child, errorLog);
    await waitFor(`${staticOrigin}/${options.staticFile.name}`, child, errorLog);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, staticOrigin, staticPath: `/${options.staticFile.name}`, process: child, stop };
}

/**
 * `productPaths`: the product pages' URLs on the bench server (pages.ts's); `dataDir`: the run's
 * temporary folder, where nginx's configuration, cache and logs go.
 */
export function nginxBench(productPaths: string[], dataDir: string) {
  let nginx: BenchNginx | null = null;
  let skipped: { skipped: string; failed?: true } | null = null;
  let staticBytes = 0;
  let memory: ReturnType<typeof processTreeMemory> = null;
  const productTraffic = pathsTraffic(productPaths);
  let staticTraffic: Traffic | null = null;
  const runs = { static: [] as Run[], product: [] as Run[] };
  return {
    /**
     * Starts nginx with the store's configuration in front of the bench server, and a copy of a
     * product page's HTML (with its gzip, as nginx's cache holds the page) as the file it serves
     * from disk; then warms both up.
     */
    async warmUp() {
      const pageHtml = await getBytes(productPaths[0] as string);
      staticBytes = pageHtml.length;
      const started = await startBenchNginx({
        dir: path.join(dataDir, "nginx"),
        port: NGINX_PORT,
        staticPort: NGINX_STATIC_PORT,
        upstream: `127.0.0.1:${PORT}`,
        staticFile: { name: "product-page.html", body: pageHtml, gzip: zlib.gzipSync(pageHtml) },
      }).catch((error: unknown) => ({ skipped: `nginx did not start: ${error instanceof Error ? error.message : String(error)}`, failed: true as const }));
      if ("skipped" in started) {
        skipped = started;
        console.log(`nginx figures skipped: ${started.skipped}`);
        return;
      }
      nginx = started;
      staticTraffic = pathsTraffic([`${nginx.staticOrigin}${nginx.staticPath}`]);
      for (const p of productPaths) await fetch(`${nginx.origin}${new URL(p).pathname}`, { headers: { "Accept-Encoding": "gzip" } }).then((r) => r.arrayBuffer());
      await load(nginx.staticOrigin, staticTraffic, {}, 2);
      await load(nginx.origin, productTraffic, {}, 2);
    },
    async round() {
      if (!nginx || !staticTraffic) return;
      runs.static.push(await load(nginx.staticOrigin, staticTraffic, {}, ROUND_SECONDS));
      runs.product.push(await load(nginx.origin, productTraffic, {}, ROUND_SECONDS));
    },
    /** nginx's own resident memory after the runs (beside the store's, not part of it). */
    measureMemory() {
      memory = nginx?.process.pid === undefined ? null : processTreeMemory(nginx.process.pid);
    },
    /** The line under the store's memory figure, when nginx ran. */
    memoryLine: () => (memory ? `  nginx beside it (not the store's): ${(memory.rssKb / 1024).toFixed(0)} MB in ${memory.processes.length} processes` : null),
    report(): Report {
      if (!nginx) {
        return {
          rows: [],
          lines: [`nginx: not measured (${skipped?.skipped ?? "unknown reason"})`],
          ok: !skipped?.failed,
          json: { nginx: { skipped: skipped?.skipped ?? null } },
        };
      }
      const staticRun = merge(runs.static);
      const productRun = merge(runs.product);
      const ratio = roundRatios(runs.product, runs.static);
      const ok = ratio.ratio >= TARGET && productRun.errors === 0;
      return {
        rows: [
          ["nginx: static file (gzip_static)", staticRun],
          ["nginx: product pages (cache)", productRun],
        ],
        lines: [`nginx: product page (cache) / static file: ${ratio.ratio.toFixed(2)} (${roundsText(ratio)}), ${productRun.errors} errors (target ≥ ${TARGET.toFixed(2)}) ${ok ? "OK" : "BELOW TARGET"}`],
        ok,
        json: { nginx: { static: staticRun, product: productRun, ratio, staticBytes, target: TARGET, memoryKb: memory?.rssKb ?? null } },
      };
    },
    async stop() {
      await nginx?.stop();
    },
  };
}
