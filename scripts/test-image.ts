/**
 * npm run test:image — the container image (deploy/Dockerfile) built and run alone on SQLite, as
 * deploy/README.md runs it:
 *   1. podman, buildah, runc and debootstrap from Debian when missing (as root);
 *   2. the Node base image: NODE_IMAGE, the official node:22-bookworm-slim when it is here or can be
 *      pulled, else one made here (scripts/lib/image.ts) and kept as localhost/kesar-node:22-bookworm-slim;
 *   3. podman build of deploy/Dockerfile (layers cached between runs);
 *   4. the image on a fresh volume without STORE_MIGRATE: /api/health 503 (schema missing), the
 *      image's HEALTHCHECK unhealthy;
 *   5. the same volume with STORE_MIGRATE=1 (the one line of deploy/README.md): migrated and the demo catalog
 *      loaded, /api/health 200, HEALTHCHECK healthy, / and a product page 200, the logo's text drawn
 *      with its font (pixels compared with the logo drawn from the npm package's DejaVu), the server
 *      PID 1 as user node, the database and media owned by node, Node 22;
 *   6. `node prepare-db.js` as a one-off container on another fresh volume: its files owned by node;
 *      then `node staff-create.js` on it makes the first owner and prints the password link.
 * The containers share the host's network (no port publishing, so no CNI or iptables needed).
 * Prints each step's time. Without the tools and no way to install them it says SKIPPED (and
 * fails in CI).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MEDIA } from "../lib/seed/content";
import { logoSvg } from "../lib/seed/scenes";
import { freePort, ROOT } from "./lib/build";
import {
  alphaMismatch,
  decodeAlpha,
  DEJAVU_NPM_FONTS,
  ensureNodeImage,
  imageTestUnavailable,
  installImageTools,
  podman,
  podmanLive,
  podmanOk,
  renderSvgAlpha,
  STORE_TEST_IMAGE,
  ulimitFlags,
  writeImageStamp,
} from "./lib/image";

const SYSTEM_KEY = process.env.SYSTEM_KEY || "furnish-local-system-key";
/** Share of the logo's pixels that may differ from the reference (empty boxes instead of text: about 0.1). */
const LOGO_TOLERANCE = 0.02;

const log = (line: string) => console.log(line);
const timings: { step: string; seconds: number }[] = [];
const passed: string[] = [];

async function step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings.push({ step: name, seconds: (Date.now() - started) / 1000 });
  }
}

function expectThat(condition: boolean, what: string, detail = ""): void {
  if (!condition) throw new Error(`FAILED: ${what}${detail ? ` (${detail})` : ""}`);
  passed.push(what);
  console.log(`  ok  ${what}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A proxy that re-signs TLS (this sandbox's, a company's) is trusted on the host through
 * NODE_EXTRA_CA_CERTS; npm in the build needs the same certificate. It is mounted into the build's
 * steps only (podman build --volume), with a global npmrc naming it: nothing of it ends in a layer.
 */
function caVolumes(work: string): string[] {
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  if (!ca || !fs.existsSync(ca)) return [];
  const npmrc = path.join(work, "npmrc");
  fs.writeFileSync(npmrc, "cafile=/run/host-ca.pem\n");
  return ["--volume", `${ca}:/run/host-ca.pem:ro`, "--volume", `${npmrc}:/usr/local/etc/npmrc:ro`];
}

type Store = { name: string; url: string };

function startStore(volume: string, port: number, env: Record<string, string>): Store {
  const name = `kesar-test-${randomBytes(4).toString("hex")}`;
  const envFlags = Object.entries({ PORT: String(port), HOSTNAME: "127.0.0.1", ...env }).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  podmanOk(["run", "-d", "--name", name, ...ulimitFlags(), "--network", "host", "-v", `${volume}:/app/data`, ...envFlags, STORE_TEST_IMAGE]);
  return { name, url: `http://127.0.0.1:${port}` };
}

function running(store: Store): boolean {
  return podman(["container", "inspect", "--format", "{{.State.Running}}", store.name]).stdout.trim() === "true";
}

/** Waits until the server answers `path` with `status` (any answer when undefined). */
async function waitFor(store: Store, urlPath: string, status: number | undefined, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (!running(store)) throw new Error(`the container stopped:\n${podman(["logs", "--tail", "40", store.name]).stdout}`);
    try {
      const res = await fetch(`${store.url}${urlPath}`, { signal: AbortSignal.timeout(5000) });
      if (status === undefined || res.status === status) return res;
      last = `status ${res.status}`;
      await res.body?.cancel();
    } catch (error) {
      last = String(error);
    }
    await sleep(500);
  }
  throw new Error(`${urlPath} did not answer ${status ?? "at all"} within ${timeoutMs / 1000} s (${last}):\n${podman(["logs", "--tail", "40", store.name]).stdout}`);
}

/** The image's HEALTHCHECK, run once: "healthy" or "unhealthy". */
function healthcheck(store: Store): string {
  const result = podman(["healthcheck", "run", store.name]);
  return result.status === 0 ? "healthy" : result.stdout.trim() || result.stderr.trim() || `exit ${result.status}`;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

async function main() {
  const started = Date.now();
  const unavailable = imageTestUnavailable();
  if (unavailable) {
    console.log(`SKIPPED: ${unavailable}.`);
    process.exit(process.env.CI ? 1 : 0);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kesar-image-test-"));
  const volumes: string[] = [];
  const stores: Store[] = [];
  const volume = () => {
    const name = `kesar-test-${randomBytes(4).toString("hex")}`;
    podmanOk(["volume", "create", name]);
    volumes.push(name);
    return name;
  };
  try {
    await step("tools (podman, buildah, runc, debootstrap)", () => installImageTools(log));
    const base = await step("Node base image", () => ensureNodeImage(log));
    console.log(`  NODE_IMAGE=${base}`);

    await step("podman build -f deploy/Dockerfile", async () => {
      const code = await podmanLive([
        "build", "--network", "host", "--format", "docker", ...ulimitFlags(), ...caVolumes(work),
        "--ignorefile", path.join(ROOT, "deploy", "Dockerfile.dockerignore"),
        "-f", path.join(ROOT, "deploy", "Dockerfile"),
        "--build-arg", `NODE_IMAGE=${base}`,
        "-t", STORE_TEST_IMAGE,
        ROOT,
      ]);
      if (code !== 0) throw new Error(`podman build failed (exit ${code})`);
      const size = Number(podmanOk(["image", "inspect", "--format", "{{.Size}}", STORE_TEST_IMAGE]).trim());
      console.log(`  ${STORE_TEST_IMAGE}: ${(size / 1e6).toFixed(0)} MB`);
    });

    const data = volume();
    await step("before the database is prepared", async () => {
      const store = startStore(data, await freePort(), {});
      stores.push(store);
      const res = await waitFor(store, "/api/health", undefined, 60_000);
      const body = (await res.json()) as { schema?: string };
      expectThat(res.status === 503 && body.schema === "missing", "/api/health answers 503, schema missing", `${res.status} ${JSON.stringify(body)}`);
      const check = healthcheck(store);
      expectThat(check !== "healthy", "the image's HEALTHCHECK reports unhealthy", check);
      podmanOk(["rm", "-f", store.name]);
    });

    const store = await step("STORE_MIGRATE=1 on the same volume (migrate, demo catalog, serve)", async () => {
      const store = startStore(data, await freePort(), { STORE_MIGRATE: "1" });
      stores.push(store);
      const res = await waitFor(store, "/api/health", 200, 300_000);
      expectThat(true, "/api/health answers 200 once migrated", JSON.stringify(await res.json()));
      const check = healthcheck(store);
      expectThat(check === "healthy", "the image's HEALTHCHECK reports healthy", check);
      return store;
    });

    await step("pages, logo, user", async () => {
      const home = await fetch(`${store.url}/`);
      const homeHtml = await home.text();
      expectThat(home.status === 200 && homeHtml.includes("Kesar Home"), "/ answers 200 with the shop's name", `status ${home.status}`);

      const featured = (await (await fetch(`${store.url}/api/v2/products/featured`, { headers: { "System-Key": SYSTEM_KEY } })).json()) as { data?: { slug: string; name: string }[] };
      const product = featured.data?.[0];
      expectThat(Boolean(product), "the demo catalog is loaded (a featured product)");
      const page = await fetch(`${store.url}/products/${product?.slug}`);
      const pageHtml = await page.text();
      expectThat(page.status === 200 && pageHtml.includes(escapeHtml(product?.name ?? "")), `a product page answers 200 with its name (/products/${product?.slug})`, `status ${page.status}`);

      const logo = await fetch(`${store.url}${MEDIA.headerLogo}`);
      expectThat(logo.status === 200, `the logo is served (${MEDIA.headerLogo})`, `status ${logo.status}`);
      const reference = renderSvgAlpha(logoSvg("header").svg, DEJAVU_NPM_FONTS);
      const mismatch = alphaMismatch(reference, await decodeAlpha(Buffer.from(await logo.arrayBuffer())));
      expectThat(mismatch < LOGO_TOLERANCE, "the logo's text is drawn with its font, not blank or boxes", `${(mismatch * 100).toFixed(1)}% of its pixels differ from the reference`);

      const processes = podmanOk(["top", store.name, "pid", "user"]).trim().split("\n").slice(1).map((line) => line.trim().split(/\s+/));
      expectThat(processes.length > 0 && processes.every(([, user]) => user === "node") && processes.some(([pid]) => pid === "1"), "the server runs as user node, as PID 1", JSON.stringify(processes));
      const owners = podmanOk(["exec", store.name, "stat", "-c", "%U", "/app/data/store.db", `/app/data/media/brand/${path.basename(MEDIA.headerLogo)}`]).trim().split("\n");
      expectThat(owners.every((owner) => owner === "node"), "the database and the media on the volume belong to node", owners.join(", "));
      const version = podmanOk(["exec", store.name, "node", "--version"]).trim();
      expectThat(version.startsWith("v22."), "the image runs Node 22", version);
    });

    await step("node prepare-db.js and node staff-create.js as one-off containers (another fresh volume)", () => {
      const other = volume();
      const run = podman(["run", "--rm", ...ulimitFlags(), "--network", "host", "-e", "DEMO_DATA=0", "-v", `${other}:/app/data`, STORE_TEST_IMAGE, "node", "prepare-db.js"]);
      expectThat(run.status === 0 && run.stdout.includes("is migrated (essentials)"), "node prepare-db.js migrates and loads the essentials", (run.stdout + run.stderr).trim().slice(-400));
      const owners = podmanOk(["run", "--rm", ...ulimitFlags(), "-v", `${other}:/app/data`, STORE_TEST_IMAGE, "stat", "-c", "%U", "/app/data/store.db", "/app/data/media/brand"]).trim().split("\n");
      expectThat(owners.every((owner) => owner === "node"), "the files it made belong to node", owners.join(", "));
      // The shop's first owner on that volume (deploy/README.md): a one-time link that sets the password.
      const owner = podman(["run", "--rm", ...ulimitFlags(), "--network", "host", "-v", `${other}:/app/data`, STORE_TEST_IMAGE, "node", "staff-create.js", "--email", "owner@example.in"]);
      expectThat(owner.status === 0 && /owner@example\.in is owner/.test(owner.stdout) && /reset-password\?token=[A-Za-z0-9_-]{20,}/.test(owner.stdout), "node staff-create.js makes the first owner and prints the link", (owner.stdout + owner.stderr).trim().slice(-400));
    });
  } finally {
    for (const store of stores) podman(["rm", "-f", store.name]);
    for (const name of volumes) podman(["volume", "rm", "-f", name]);
    fs.rmSync(work, { recursive: true, force: true });
    console.log("\n=== Times ===");
    for (const t of timings) console.log(`  ${t.seconds.toFixed(0).padStart(5)} s  ${t.step}`);
    console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
  }
  writeImageStamp();
  console.log(`\n${passed.length} passed, 0 failed (deploy/image-tested.txt records the inputs it passed with)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.log(`\n${passed.length} passed, 1 failed`);
  process.exit(1);
});
