import "server-only";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The DejaVu TTFs of the dejavu-fonts-ttf package, found at run time in node_modules (never
 * bundled; next.config.ts traces DejaVuSans.ttf and DejaVuSans-Bold.ttf into the standalone
 * output). Used by the invoice PDFs and by share images drawn without a logo; a container needs
 * no system fonts for either.
 */
export const DEJAVU = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;

let fontDir: string | undefined;

/** The folder of the DejaVu TTFs: the package as Node resolves it from the app's folder. */
export function dejavuFontDir(): string {
  if (fontDir) return fontDir;
  const cwd = process.cwd();
  const candidates: string[] = [path.join(/*turbopackIgnore: true*/ cwd, "node_modules", "dejavu-fonts-ttf", "ttf")];
  try {
    const require = createRequire(path.join(/*turbopackIgnore: true*/ cwd, "package.json"));
    candidates.push(path.join(/*turbopackIgnore: true*/ path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf"));
  } catch {
    // Not resolvable from here; the first candidate may still be there.
  }
  // The folder is found at run time, in node_modules (never bundled): the comments keep Turbopack
  // from tracing the whole project for these calls.
  const found = candidates.find(
    (dir) => fs.existsSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, DEJAVU.regular)) && fs.existsSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, DEJAVU.bold)),
  );
  if (!found) throw new Error(`DejaVu fonts not found (looked in ${candidates.join(", ")}); install dejavu-fonts-ttf`);
  fontDir = found;
  return found;
}
