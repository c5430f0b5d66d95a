import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The project's import graph, read statically with TypeScript's parser (no code runs), and the
 * rules lib/platform/architecture.test.ts holds it to. Only the project's own modules are nodes;
 * a package ("zod", "server-only") is an edge to null that keeps its specifier.
 */

export const ROOT = path.resolve(__dirname, "../..");

/** lib/<name>/ folders that are domains: an index.ts (the server API), pure files, server/. */
export const DOMAINS = ["catalog", "cart", "orders", "accounts", "content", "seo"] as const;
/** lib/<name>/ folders that are not domains: shared by every domain, or tools. */
export const SHARED = ["platform", "api"] as const;
export const TOOLS = ["seed", "testing"] as const;

export type Edge = {
  from: string;
  /** The project file imported, or null for a package (or a path that does not exist). */
  to: string | null;
  spec: string;
  /** `import type`, or every name imported marked `type`: nothing of it is in the JavaScript. */
  typeOnly: boolean;
};

export type Graph = { files: ReadonlySet<string>; edges: ReadonlyMap<string, Edge[]>; sources: ReadonlyMap<string, string> };

const SOURCE_EXT = /\.(ts|tsx|mts|mjs)$/;
const SKIP_DIRS = new Set(["node_modules", ".next", "data", "public", "test-results", "playwright-report"]);

/** Every source file of app/, components/, lib/ and the top-level middleware and instrumentation, by path from the root. */
export function projectSources(root = ROOT): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(rel);
      } else if (SOURCE_EXT.test(entry.name) && !entry.name.endsWith(".d.mts") && !entry.name.endsWith(".d.ts")) {
        out.set(rel, fs.readFileSync(path.join(root, rel), "utf8"));
      }
    }
  };
  for (const dir of ["app", "components", "lib"]) walk(dir);
  for (const file of ["middleware.ts", "instrumentation.ts"]) {
    if (fs.existsSync(path.join(root, file))) out.set(file, fs.readFileSync(path.join(root, file), "utf8"));
  }
  return out;
}

export const isTest = (file: string) => /\.(test|spec|api\.test|unit\.test)\.(ts|tsx)$/.test(file) || file.startsWith("app/api/v2/_tests/");
export const isTool = (file: string) => TOOLS.some((t) => file.startsWith(`lib/${t}/`));
/** The domain a file belongs to, or null. */
export const domainOf = (file: string): string | null => DOMAINS.find((d) => file.startsWith(`lib/${d}/`)) ?? null;

function resolve(from: string, spec: string, files: ReadonlySet<string>): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  base = base.replace(/\/$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

const parsed = new Map<string, { text: string; imports: { spec: string; typeOnly: boolean }[] }>();

function importsOf(file: string, text: string): { spec: string; typeOnly: boolean }[] {
  const cached = parsed.get(file);
  if (cached && cached.text === text) return cached.imports;
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const imports: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = Boolean(clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly))));
      imports.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      imports.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || Boolean(named && named.length > 0 && named.every((e) => e.isTypeOnly)) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      imports.push({ spec: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, { text, imports });
  return imports;
}

export function buildGraph(sources: ReadonlyMap<string, string>): Graph {
  const files = new Set(sources.keys());
  const edges = new Map<string, Edge[]>();
  for (const [file, text] of sources) {
    edges.set(
      file,
      importsOf(file, text).map(({ spec, typeOnly }) => ({ from: file, to: resolve(file, spec, files), spec, typeOnly })),
    );
  }
  return { files, edges, sources };
}

/* ---------------------------------------------------------------------------------------------
 * The rules. Each returns its violations, one readable line each; none is the expected answer.
 * ------------------------------------------------------------------------------------------- */

/** (a) Import cycles among lib/'s modules, by value imports (type-only imports run nothing). */
export function importCycles(graph: Graph): string[] {
  const inScope = (f: string) => f.startsWith("lib/") && !isTest(f);
  const next = (f: string) => (graph.edges.get(f) ?? []).filter((e) => !e.typeOnly && e.to && inScope(e.to)).map((e) => e.to as string);
  // Tarjan's strongly connected components; each one with a cycle is reported once, as one cycle through it.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const strongConnect = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indexOf.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next(v).includes(v)) components.push(component);
    }
  };
  for (const file of [...graph.files].filter(inScope).sort()) if (!indexOf.has(file)) strongConnect(file);
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    // Shortest way back to the start inside the component.
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      for (const w of next(v).filter((x) => members.has(x))) {
        if (w === start) {
          const chain = [v];
          while (chain[0] !== start) chain.unshift(previous.get(chain[0]!)!);
          return `import cycle: ${[...chain, start].join(" → ")}`;
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return `import cycle among ${component.sort().join(", ")}`;
  });
}

const isEdgeFile = (f: string) => (f.startsWith("app/") || f.startsWith("components/") || f === "middleware.ts" || f === "instrumentation.ts") && !isTest(f);

/**
 * (b) A page, component, route handler or the middleware importing the database module
 * (lib/platform/db/**) itself, even for a type. They reach data through a domain's index; that
 * the domains use the database below it is the point, so this rule looks at direct imports only.
 */
export function databaseImports(graph: Graph): string[] {
  const out: string[] = [];
  for (const file of [...graph.files].filter(isEdgeFile).sort()) {
    for (const e of graph.edges.get(file) ?? []) {
      if (e.to?.startsWith("lib/platform/db/")) out.push(`${file} imports the database module (${e.spec}); use a domain's index`);
    }
  }
  return out;
}

/**
 * (c) Imports that go around a domain's public API, or that name nothing:
 *  - from outside a domain, into its server/ folder (its index.ts is the server API; its other
 *    files are the pure modules anyone may import);
 *  - from lib/platform or lib/api (what every domain uses) into any domain, except
 *    lib/platform/lifecycle.ts, the server process's start-up that runs the domains' sweeps, and
 *    the table types (lib/platform/db/schema.ts), which take the names of their status columns
 *    from a domain's pure module by a type-only import (no code of the domain runs);
 *  - to a project path that does not exist (a folder that was moved: "@/lib/server/cart");
 *  - into a folder of lib/ that is neither a domain nor shared nor a tool.
 * Tests and the tools (lib/seed, lib/testing) may import any module.
 */
const SCHEMA = "lib/platform/db/schema.ts";

export function deepImports(graph: Graph): string[] {
  const out: string[] = [];
  const known = new Set<string>([...DOMAINS, ...SHARED, ...TOOLS]);
  for (const file of [...graph.files].sort()) {
    if (file.startsWith("lib/")) {
      const folder = file.split("/")[1]!;
      if (file.split("/").length > 2 && !known.has(folder)) out.push(`${file} is in lib/${folder}/, which is not a declared domain (lib/testing/import-graph.ts DOMAINS)`);
    }
    if (isTest(file) || isTool(file)) continue;
    const own = domainOf(file);
    for (const e of graph.edges.get(file) ?? []) {
      if (!e.to) {
        const asset = /\.(css|json|svg|png|jpe?g|webp|woff2?)$/.test(e.spec);
        if ((e.spec.startsWith("@/") || e.spec.startsWith(".")) && !asset) out.push(`${file} imports ${e.spec}, which does not exist`);
        continue;
      }
      const target = domainOf(e.to);
      if (!target || target === own) continue;
      if (e.to.startsWith(`lib/${target}/server/`)) out.push(`${file} reaches into ${e.to}; import it from "@/lib/${target}"`);
      else if (file === SCHEMA && e.typeOnly) continue;
      else if ((file.startsWith("lib/platform/") && file !== "lib/platform/lifecycle.ts") || file.startsWith("lib/api/")) {
        out.push(`${file} (shared by every domain) imports the ${target} domain (${e.spec})`);
      }
    }
  }
  return out;
}

/** The modules whose code runs in browsers too, so must never reach `server-only`. */
export function pureModules(graph: Graph): string[] {
  return [...graph.files]
    .filter((f) => !isTest(f))
    .filter((f) => {
      const domain = domainOf(f);
      if (domain) return f !== `lib/${domain}/index.ts` && !f.startsWith(`lib/${domain}/server/`);
      if (f.startsWith("lib/api/") || f.startsWith("lib/platform/client/")) return true;
      return (f.startsWith("components/") || f.startsWith("app/")) && /^\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use client["']/.test(graph.sources.get(f) ?? "");
    })
    .sort();
}

/**
 * (d) A pure module (a domain's top-level file or client/ helper, lib/api, lib/platform/client, a
 * "use client" component) that reaches `server-only` through value imports, with the chain.
 */
export function serverOnlyReach(graph: Graph, entries = pureModules(graph)): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const seen = new Set<string>([entry]);
    const queue: string[][] = [[entry]];
    let found: string[] | null = null;
    while (queue.length && !found) {
      const chain = queue.shift()!;
      const file = chain[chain.length - 1]!;
      for (const e of graph.edges.get(file) ?? []) {
        if (e.typeOnly) continue;
        if (e.spec === "server-only") {
          found = chain;
          break;
        }
        if (e.to && !seen.has(e.to)) {
          seen.add(e.to);
          queue.push([...chain, e.to]);
        }
      }
    }
    if (found) out.push(`${entry} reaches server-only: ${found.join(" > ")}`);
  }
  return out;
}
