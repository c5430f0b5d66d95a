import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isTest, projectSources } from "@/lib/testing/import-graph";
import { CACHE_MANIFEST, cacheLifetime, cacheTagEntry, cacheTags, type CacheTagEntry, type CacheTagName } from "./cache-manifest";

const NAMES = new Set(Object.keys(CACHE_MANIFEST));
/** The one module allowed to call Next's cache functions: it is where cachedRead and expireTags live. */
const CACHE_MODULE = "lib/platform/cache.ts";

type Scan = { violations: string[]; expired: Map<string, Set<string>> };

/**
 * Reads every cachedRead(…), expireTags(…) and expireTagsAfterCommit(…) call of the project's code
 * statically (the last asks the outbox to expire the tags after the commit): the tags must
 * be `cacheTags.<name>` of the manifest (never a string), and Next's revalidateTag, revalidatePath
 * and unstable_cache are called only by lib/platform/cache.ts. Returns what each module expires.
 */
function scanCacheCalls(sources: ReadonlyMap<string, string>): Scan {
  const violations: string[] = [];
  const expired = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    if (isTest(file) || file.endsWith(".mjs") || !text.includes("(")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    /** The manifest names an expression's `cacheTags.x` reach, and a violation for any string in it. */
    const tagsIn = (arg: ts.Node, what: string): string[] => {
      const names: string[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
          const inTagCall = ts.isCallExpression(node.parent) && ts.isPropertyAccessExpression(node.parent.expression) && node.parent.expression.expression.getText() === "cacheTags";
          if (!inTagCall) violations.push(`${where(node)}: ${what} names a tag as a string (${node.getText()}); use cacheTags from the cache manifest`);
        }
        if (ts.isPropertyAccessExpression(node) && node.expression.getText() === "cacheTags") {
          const name = node.name.text;
          if (!NAMES.has(name)) violations.push(`${where(node)}: ${what} uses cacheTags.${name}, which the manifest does not name`);
          names.push(name);
        }
        ts.forEachChild(node, visit);
      };
      visit(arg);
      if (names.length === 0) violations.push(`${where(arg)}: ${what} has no tag from the cache manifest (${arg.getText()})`);
      return names;
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const callee = node.expression.text;
        if (callee === "cachedRead" && file !== CACHE_MODULE) {
          const tags = node.arguments[2];
          if (!tags || !ts.isArrayLiteralExpression(tags)) violations.push(`${where(node)}: cachedRead's tags must be an array of cacheTags`);
          else tagsIn(tags, "cachedRead");
        } else if ((callee === "expireTags" || callee === "expireTagsAfterCommit") && file !== CACHE_MODULE) {
          const arg = node.arguments[0];
          if (!arg) violations.push(`${where(node)}: ${callee} without tags`);
          else {
            if (!expired.has(file)) expired.set(file, new Set());
            for (const name of tagsIn(arg, callee)) expired.get(file)!.add(name);
          }
        } else if (["revalidateTag", "revalidatePath", "unstable_cache"].includes(callee) && file !== CACHE_MODULE) {
          violations.push(`${where(node)}: calls ${callee} itself; read with cachedRead and expire with expireTags (lib/platform/cache.ts)`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { violations: violations.sort(), expired };
}

/** Every module that expires a tag is named under it in the manifest, and every module named there expires it. */
function invalidationMismatches(expired: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const out: string[] = [];
  for (const [file, names] of expired) {
    for (const name of names) {
      const entry: CacheTagEntry = CACHE_MANIFEST[name as CacheTagName];
      if (!entry.invalidatedBy.some((i) => i.in === file)) out.push(`${file} expires "${name}" but the manifest's invalidatedBy for it does not name the module`);
    }
  }
  for (const [name, entry] of Object.entries(CACHE_MANIFEST) as [string, CacheTagEntry][]) {
    for (const i of entry.invalidatedBy) {
      if (!expired.get(i.in)?.has(name)) out.push(`the manifest says ${i.in} expires "${name}" (${i.change}), but it does not`);
    }
  }
  return out.sort();
}

describe("the cache manifest", () => {
  const scan = scanCacheCalls(projectSources());

  it("names every tag that cachedRead and expireTags use, and nothing else calls Next's cache", () => {
    expect(scan.violations).toEqual([]);
    expect(scan.expired.size).toBeGreaterThan(0);
  });

  it("names, for every tag, exactly the modules that expire it", () => {
    expect(invalidationMismatches(scan.expired)).toEqual([]);
  });

  it("gives each tag one entry, and a read the shortest lifetime of its tags", () => {
    const all = Object.values(CACHE_MANIFEST).map((e: CacheTagEntry) => (typeof e.tag === "string" ? e.tag : e.tag("")));
    expect(new Set(all).size).toBe(all.length);
    for (const [name, entry] of Object.entries(CACHE_MANIFEST) as [string, CacheTagEntry][]) {
      const tag = typeof entry.tag === "string" ? entry.tag : entry.tag("ikat-cushion");
      expect(cacheTagEntry(tag), name).toBe(entry);
      expect(cacheLifetime([tag])).toBe(entry.lifetime);
      expect(entry.lifetime).toBeGreaterThan(0);
    }
    expect(cacheTags.product("ikat-cushion")).toBe("product:ikat-cushion");
    expect(cacheTagEntry("products")).toBe(CACHE_MANIFEST.products);
    expect(cacheLifetime([cacheTags.locations])).toBe(86_400);
    expect(cacheLifetime([cacheTags.locations, cacheTags.products])).toBe(3600);
    expect(() => cacheLifetime(["product-list"])).toThrow(/not in the cache manifest/);
    expect(() => cacheLifetime(["product:"])).toThrow(/not in the cache manifest/);
    expect(() => cacheLifetime([])).toThrow();
  });

  it("would notice a tag written as a string, a call to revalidateTag, and an expiry the manifest does not name", () => {
    const bad = scanCacheCalls(
      new Map([
        ["lib/catalog/server/bad.ts", `cachedRead("listThings", [], ["products"], read);\nrevalidateTag("product:" + slug, { expire: 0 });`],
        ["lib/content/server/bad.ts", `expireTags([cacheTags.blogs]);\nexpireTags([\`blog:\${slug}\`]);\ncachedRead("x", [], [cacheTags.nothing], read);\nawait outbox.add(trx, expireTagsAfterCommit(slugs.map((s) => "page:" + s)));`],
      ]),
    );
    expect(bad.violations).toEqual([
      expect.stringMatching(/^lib\/catalog\/server\/bad\.ts:1: cachedRead has no tag from the cache manifest/),
      expect.stringMatching(/^lib\/catalog\/server\/bad\.ts:1: cachedRead names a tag as a string \("products"\)/),
      expect.stringMatching(/^lib\/catalog\/server\/bad\.ts:2: calls revalidateTag itself/),
      expect.stringMatching(/^lib\/content\/server\/bad\.ts:2: expireTags has no tag from the cache manifest/),
      expect.stringMatching(/^lib\/content\/server\/bad\.ts:2: expireTags names a tag as a string/),
      expect.stringMatching(/^lib\/content\/server\/bad\.ts:3: cachedRead uses cacheTags\.nothing, which the manifest does not name/),
      expect.stringMatching(/^lib\/content\/server\/bad\.ts:4: expireTagsAfterCommit has no tag from the cache manifest/),
      expect.stringMatching(/^lib\/content\/server\/bad\.ts:4: expireTagsAfterCommit names a tag as a string/),
    ]);
    expect(invalidationMismatches(bad.expired)).toContain(`lib/content/server/bad.ts expires "blogs" but the manifest's invalidatedBy for it does not name the module`);
    expect(invalidationMismatches(new Map())).toContain(
      `the manifest says lib/catalog/server/catalog-admin.ts expires "products" (a merchant edits a product (PATCH /admin/products/{slug})), but it does not`,
    );
  });
});
