import fs from "node:fs";
import path from "node:path";

/**
 * V8's explicit compile hint (Chrome 136+): a script that starts with this comment has all its
 * functions compiled eagerly, on the background thread that streams the download, instead of
 * lazily on the main thread when each is first called. Other browsers read it as a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Marks the framework chunks for eager compilation: the ones every page runs at start-up (React
 * DOM, the App Router, the Turbopack runtime), which the build manifest lists as rootMainFiles.
 * Without it, a phone spent most of the first script task parsing and compiling React lazily on
 * the main thread (see docs/measurements/). Page chunks, the store's own client code and the
 * legacy polyfills are left alone. Throws when the manifest names no framework chunk (a Next
 * upgrade that renamed it must not silently drop the hints). Idempotent; keeps any source map in
 * step with the line it adds. Returns the files it changed, relative to `distDir`.
 */
export function addCompileHints(distDir: string): string[] {
  const manifestFile = path.join(distDir, "build-manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error(`Compile hints: no ${manifestFile}; run next build first.`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { rootMainFiles?: unknown };
  const framework = (Array.isArray(manifest.rootMainFiles) ? manifest.rootMainFiles : []).filter(
    (rel): rel is string => typeof rel === "string" && rel.startsWith("static/chunks/") && rel.endsWith(".js") && fs.existsSync(path.join(distDir, rel)),
  );
  if (framework.length === 0) throw new Error(`Compile hints: ${manifestFile} names no framework chunk (rootMainFiles); the build's layout changed.`);
  const changed: string[] = [];
  for (const rel of [...framework].sort()) {
    const file = path.join(distDir, rel);
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
