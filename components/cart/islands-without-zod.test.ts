import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

/**
 * The client islands of every catalog page: the header (with the cart button), product cards with
 * their Add to Cart, the product page's purchase panel, variant picker and gallery, and the mini cart. zod is 30 KB of gzipped
 * JavaScript; one import of a lib/validation module from any of these put it on every product
 * page (the cart work's first build did, through AddToCart's MAX_QUANTITY). Forms that validate
 * with the shared schemas (sign-in, profile) load it on their own pages only.
 */
const ISLANDS = [
  "components/layout/Header.tsx",
  "components/catalog/ProductCard.tsx",
  "components/product/PurchasePanel.tsx",
  "components/product/VariantPicker.tsx",
  "components/product/Gallery.tsx",
  "components/cart/AddToCart.tsx",
  "components/cart/CartButton.tsx",
  "components/cart/MiniCart.tsx",
];

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** Chains of project modules from `entry` to an import of zod (type-only imports ship nothing). */
function chainsToZod(entry: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm)) {
      const spec = (m[1] ?? m[2]) as string;
      const here = [...chain, path.relative(ROOT, file)];
      if (spec === "zod" || spec.startsWith("zod/")) found.push(here.join(" > "));
      if (spec.startsWith("@/") || spec.startsWith(".")) {
        const next = resolveImport(file, spec);
        if (next) walk(next, here);
      }
    }
  };
  walk(path.join(ROOT, entry), []);
  return found;
}

describe("catalog page islands", () => {
  it.each(ISLANDS)("%s reaches no zod import", (entry) => {
    expect(chainsToZod(entry)).toEqual([]);
  });

  it("would notice an island that imports a validation module", () => {
    expect(chainsToZod("lib/cart/schemas.ts")).toEqual(["lib/cart/schemas.ts"]);
  });
});
