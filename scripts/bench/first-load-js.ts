/**
 * A product page's first-load JavaScript (gzip), against a baseline build: one served at
 * BENCH_BASELINE_URL now (whose figure is then stored in bench-results/js-baseline.json), else the
 * stored figure (target: at most 15 KB gzip added). Measured right after the server starts.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { DbHandle } from "../../lib/platform/db/connection";
import { ROOT } from "../lib/build";
import { getBytes, type Report } from "./load";
import { BASE } from "./settings";

/** A stored first-load JS figure of an earlier build (see docs/measurements). */
const JS_BASELINE_FILE = path.join(ROOT, "bench-results", "js-baseline.json");
const TARGET_ADDED = 15 * 1024;

type JsChunk = { src: string; bytes: number; gzip: number };
type FirstLoadJs = { origin: string; path: string; bytes: number; gzip: number; chunks: JsChunk[] };
type JsBaseline = FirstLoadJs & { commit?: string; note?: string; measuredAt?: string };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The JavaScript a browser loads with a page: every <script src> of its HTML (not the nomodule
 * polyfills, which current browsers skip), each fetched and gzipped at level 9 (as gzip-size and
 * Next's build output count it). Lazy chunks (the mini cart, loaded when it first opens) are not
 * in the HTML and do not count.
 */
async function firstLoadJs(origin: string, pagePath: string): Promise<FirstLoadJs> {
  const html = (await getBytes(`${origin}${pagePath}`)).toString("utf8");
  const srcs = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (/\bnomodule\b/i.test(tag)) continue;
    const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
    if (src) srcs.add(src.replaceAll("&amp;", "&"));
  }
  const chunks: JsChunk[] = [];
  for (const src of srcs) {
    const body = await getBytes(new URL(src, origin).href);
    chunks.push({ src, bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  }
  return { origin, path: pagePath, bytes: chunks.reduce((n, c) => n + c.bytes, 0), gzip: chunks.reduce((n, c) => n + c.gzip, 0), chunks };
}

/** The stored baseline, read before anything runs. */
export function storedJsBaseline(): JsBaseline | null {
  return fs.existsSync(JS_BASELINE_FILE) ? (JSON.parse(fs.readFileSync(JS_BASELINE_FILE, "utf8")) as JsBaseline) : null;
}

/**
 * The page measured: the same page across builds, the stored baseline's, else the first product
 * in stock (a demo product, so a build of an older commit with the demo seed has it).
 */
export async function jsPagePath(handle: DbHandle, stored: JsBaseline | null): Promise<string> {
  const firstInStock = await handle.db.selectFrom("products").select("slug").where("published", "=", 1).where("availability", "=", "in_stock").orderBy("id").executeTakeFirstOrThrow();
  return stored?.path ?? `/products/${firstInStock.slug}`;
}

/** This build's figure for `page`, and the baseline's (measured now at BENCH_BASELINE_URL and stored, else `stored`). */
export async function firstLoadJsBench(page: string, stored: JsBaseline | null) {
  const js = await firstLoadJs(BASE, page);
  let baseline: JsBaseline | null = stored;
  if (process.env.BENCH_BASELINE_URL) {
    const measured = await firstLoadJs(new URL(process.env.BENCH_BASELINE_URL).origin, page);
    baseline = {
      ...measured,
      commit: process.env.BENCH_BASELINE_COMMIT,
      note: `The baseline build, served at ${measured.origin}, measured by npm run bench (BENCH_BASELINE_URL).`,
      measuredAt: new Date().toISOString(),
    };
    fs.mkdirSync(path.dirname(JS_BASELINE_FILE), { recursive: true });
    fs.writeFileSync(JS_BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
  }
  return {
    report(): Report {
      const lines = [`first-load JS of ${page}: ${kb(js.gzip)} gzip (${kb(js.bytes)} raw, ${js.chunks.length} scripts)`];
      let ok = true;
      if (baseline) {
        const added = js.gzip - baseline.gzip;
        ok = added <= TARGET_ADDED;
        const before = new Set(baseline.chunks.map((c) => c.src));
        const changed = js.chunks.filter((c) => !before.has(c.src));
        lines.push(
          `  baseline${baseline.commit ? ` (commit ${baseline.commit})` : ""}${process.env.BENCH_BASELINE_URL ? `, measured at ${baseline.origin}` : `, ${path.relative(ROOT, JS_BASELINE_FILE)}`}: ${kb(baseline.gzip)} gzip; added ${kb(added)} (target ≤ ${kb(TARGET_ADDED)}) ${ok ? "OK" : "ABOVE TARGET"}`,
          `  scripts not in the baseline: ${changed.map((c) => `${c.src.split("/").pop()} ${kb(c.gzip)}`).join(", ") || "none"}`,
        );
      } else {
        lines.push("  no baseline (bench-results/js-baseline.json or BENCH_BASELINE_URL), nothing to compare with");
      }
      return { rows: [], lines, ok, json: { js: { after: js, baseline, addedGzip: baseline ? js.gzip - baseline.gzip : null } } };
    },
  };
}
