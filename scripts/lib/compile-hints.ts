import fs from "node:fs";
import path from "node:path";

/**
 * V8's explicit compile hint (Chrome 136+): a script that starts with this comment has all its
 * functions compiled eagerly, on the background thread that streams the download, instead of
 * lazily on the main thread when each is first called. Other browsers read it as a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Marks the browser's JavaScript chunks for eager compilation: the framework chunks every page
 * runs at start-up (React DOM, the App Router, the Turbopack runtime) and the store's own client
 * chunks, which run as soon as they arrive too. Without it, a phone spent most of the first
 * script task parsing and compiling React lazily on the main thread (a 490 ms task at 4× CPU
 * slowdown became 127 ms; see README "Measurements"). Legacy polyfills (`nomodule`, never run by
 * browsers that read the hint) are left alone. Idempotent; keeps any source map in step with the
 * line it adds. Returns the files it changed, relative to `distDir`.
 */
export function addCompileHints(distDir: string): string[] {
  const manifestFile = path.join(distDir, "build-manifest.json");
  const chunkDir = path.join(distDir, "static", "chunks");
  if (!fs.existsSync(manifestFile) || !fs.existsSync(chunkDir)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { polyfillFiles?: unknown };
  const polyfills = new Set(Array.isArray(manifest.polyfillFiles) ? manifest.polyfillFiles : []);
  const files = fs
    .readdirSync(chunkDir)
    .filter((name) => name.endsWith(".js"))
    .map((name) => `static/chunks/${name}`)
    .filter((rel) => !polyfills.has(rel))
    .sort();
  const changed: string[] = [];
  for (const rel of files) {
    const file = path.join(distDir, rel);
    if (!fs.existsSync(file)) continue;
    const source = fs.readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(file, `${COMPILE_HINT}\n${source}`);
    shiftSourceMap(file, source);
    changed.push(rel);
  }
  return changed;
}

type SourceMap = { mappings?: string; sections?: { offset: { line: number; column: number } }[] };

/** The chunk gained one line at the top: move its source map's generated lines down by one. */
function shiftSourceMap(file: string, source: string) {
  const ref = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(source)?.[1];
  if (!ref || ref.startsWith("data:")) return;
  const mapFile = path.join(path.dirname(file), ref);
  if (!fs.existsSync(mapFile)) return;
  const map = JSON.parse(fs.readFileSync(mapFile, "utf8")) as SourceMap;
  if (Array.isArray(map.sections)) for (const section of map.sections) section.offset.line += 1;
  else if (typeof map.mappings === "string") map.mappings = `;${map.mappings}`;
  else return;
  fs.writeFileSync(mapFile, JSON.stringify(map));
}
