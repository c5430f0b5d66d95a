import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The manual stays true (README "Developer guide"): the configuration table of docs/operations.md
 * names exactly the environment variables the code reads, docs/api-v2.md documents exactly the
 * route handlers under app/, and the README stays a short front page whose links all lead somewhere.
 */

const ROOT = path.resolve(__dirname, "..", "..");
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");

/** Files under `dir` (relative to the root) whose names pass `keep`; node_modules and .next are skipped. */
function walk(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return out;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === ".next") continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(rel, keep, out);
    else if (keep(entry.name)) out.push(rel);
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------
 * 1. Configuration: the variables the code reads against docs/operations.md's table.
 * ---------------------------------------------------------------------------------------------- */

const NAME = "[A-Z_][A-Z0-9_]*";
/** Not a write: `X = …` (but `X == …` and `X === …` are reads). */
const NOT_ASSIGNED = "(?!\\s*=(?!=))";

/**
 * Environment variables a JavaScript or TypeScript source reads: `process.env.X`,
 * `process.env["X"]`, `const { X } = process.env`, and `env.X` / `env["X"]` on an object named
 * env (the parsed schema of the config module, or a copy of process.env handed to a helper).
 * Writes (`process.env.X = …`, `delete env.X`) are not reads. Where a file reads
 * `process.env[name]` or `env[key]` with a variable, the SCREAMING_SNAKE string literals that are
 * the only argument of a call or the items of an array are taken as the names it reads
 * (scripts/topology.ts's number("TOPOLOGY_PORT"), the build stamp's ["SITE_URL", "SYSTEM_KEY"]).
 */
export function envReadsInCode(source: string): Set<string> {
  const found = new Set<string>();
  // Starts at `process` or at a bare `env` (never inside `process.env`, nor after `delete `).
  const start = "(?<![\\w.$])(?<!delete\\s+)(?:process\\.)?env";
  const patterns = [
    new RegExp(`${start}\\??\\.(${NAME})\\b${NOT_ASSIGNED}`, "g"),
    new RegExp(`${start}\\[\\s*["'\`](${NAME})["'\`]\\s*\\]${NOT_ASSIGNED}`, "g"),
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.add(m[1] as string);
  for (const m of source.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
    for (const part of (m[1] as string).split(",")) {
      const name = part.split(/[:=]/)[0]?.trim() ?? "";
      if (new RegExp(`^${NAME}$`).test(name)) found.add(name);
    }
  }
  if (/(?<![\w.$])(?<!delete\s+)(?:process\.)?env\[\s*[a-z_$][\w$]*\s*\]/.test(source)) {
    const literal = `["'\`]([A-Z][A-Z0-9]*_[A-Z0-9_]+)["'\`]`;
    // The only argument of a call (number("TOPOLOGY_PORT")), or an item of an array of such names.
    for (const m of source.matchAll(new RegExp(`\\b[\\w$]+\\(\\s*${literal}\\s*\\)`, "g"))) found.add(m[1] as string);
    for (const m of source.matchAll(new RegExp(`\\[\\s*${literal}(?:\\s*,\\s*${literal})*\\s*,?\\s*\\]`, "g"))) {
      for (const n of m[0].matchAll(new RegExp(literal, "g"))) found.add(n[1] as string);
    }
  }
  return found;
}

/** Variables a shell script reads: `$X`, `${X}`, `${X:-default}` (comment lines left out). */
export function envReadsInShell(source: string): Set<string> {
  const found = new Set<string>();
  const code = source
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n");
  for (const m of code.matchAll(new RegExp(`\\$\\{?(${NAME})`, "g"))) found.add(m[1] as string);
  return found;
}

/** The Dockerfile's build arguments (ARG) and the environment its image sets (ENV), plus what its RUN lines read. */
export function envInDockerfile(source: string): Set<string> {
  const found = envReadsInShell(source);
  for (const m of source.matchAll(new RegExp(`^\\s*ARG\\s+(${NAME})`, "gm"))) found.add(m[1] as string);
  for (const m of source.matchAll(/^\s*ENV\s+((?:[^\n]*\\\n)*[^\n]*)/gm)) {
    for (const n of (m[1] as string).matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)) {
      if (new RegExp(`^${NAME}$`).test(n[1] as string)) found.add(n[1] as string);
    }
  }
  for (const name of envReadsInCode(source)) found.add(name);
  return found;
}

/** Keys of the zod schema the config module parses process.env with (`envSchema = z.object({ … })`). */
export function schemaKeys(source: string): Set<string> {
  const start = source.indexOf("envSchema = z.object({");
  if (start < 0) return new Set();
  const body = source.slice(start, source.indexOf("\n});", start));
  return new Set([...body.matchAll(new RegExp(`^\\s+(${NAME}):`, "gm"))].map((m) => m[1] as string));
}

/**
 * Variables read by the code but not the project's settings: PATH is only handed on to child
 * processes; Next.js sets NEXT_RUNTIME and NEXT_PHASE for its own runtimes and phases (the store
 * reads them to know where it runs; nobody sets them).
 */
const NOT_THE_PROJECTS = new Set(["PATH", "NEXT_RUNTIME", "NEXT_PHASE"]);

const CODE_DIRS = ["app", "components", "lib", "scripts", "e2e", "deploy"];
const ROOT_FILES = ["middleware.ts", "instrumentation.ts", "next.config.ts", "playwright.config.ts", "vitest.config.ts"];
const isCode = (name: string) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name);

/** Every variable the code reads, with one file that reads it. */
function variablesRead(): Map<string, string> {
  const where = new Map<string, string>();
  const note = (names: Iterable<string>, file: string) => {
    for (const name of names) if (!NOT_THE_PROJECTS.has(name) && !where.has(name)) where.set(name, file);
  };
  const codeFiles = [...CODE_DIRS.flatMap((dir) => walk(dir, isCode)), ...ROOT_FILES.filter((f) => fs.existsSync(path.join(ROOT, f)))];
  for (const file of codeFiles) {
    // This file's own examples are not reads.
    if (path.join(ROOT, file) === __filename) continue;
    const source = read(file);
    note(envReadsInCode(source), file);
    if (source.includes("envSchema = z.object({")) note(schemaKeys(source), file);
  }
  const shellFiles = [...walk("scripts", (n) => n.endsWith(".sh")), "deploy/entrypoint.sh", ".ci/run"].filter((f) => fs.existsSync(path.join(ROOT, f)));
  for (const file of shellFiles) note(envReadsInShell(read(file)), file);
  note(envInDockerfile(read("deploy/Dockerfile")), "deploy/Dockerfile");
  return where;
}

/** The section of a markdown file under `## {title}`, up to the next `## ` heading. */
function section(markdown: string, title: string): string {
  const start = markdown.search(new RegExp(`^## ${title}\\s*$`, "m"));
  if (start < 0) return "";
  const rest = markdown.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Backticked names in the first column of every table row of docs/operations.md's "## Configuration". */
function variablesDocumented(): Set<string> {
  const names = new Set<string>();
  for (const line of section(read("docs/operations.md"), "Configuration").split("\n")) {
    if (!line.startsWith("|") || /^\|\s*-/.test(line)) continue;
    const first = line.split("|")[1] ?? "";
    for (const m of first.matchAll(new RegExp(`\`(${NAME})\``, "g"))) names.add(m[1] as string);
  }
  return names;
}

describe("docs/operations.md configuration table against the code", () => {
  it("the collector finds reads in code and shell, and leaves writes out", () => {
    const code = [
      "const url = process.env.FOO_BAR ?? 'x';",
      'const b = process.env["QUOTED_ONE"];',
      "const { DESTRUCTURED, OTHER: alias, WITH_DEFAULT = '1' } = process.env;",
      "if (env.SCHEMA_KEY) go(); if (env?.OPTIONAL_KEY === '1') go();",
      "process.env.WRITTEN = '1'; delete process.env.DELETED; delete env.ALSO_DELETED;",
    ].join("\n");
    expect([...envReadsInCode(code)].sort()).toEqual(["DESTRUCTURED", "FOO_BAR", "OPTIONAL_KEY", "OTHER", "QUOTED_ONE", "SCHEMA_KEY", "WITH_DEFAULT"]);
    expect([...envReadsInCode('const n = (k: string) => process.env[k];\nn("DYNAMIC_NAME"); n("lower_case"); path.join(dir, "NOT_A_NAME");')]).toEqual(["DYNAMIC_NAME"]);
    expect([...envReadsInCode('const KEYS = ["LISTED_ONE", "LISTED_TWO"];\nfor (const k of KEYS) h.update(env[k] ?? "");')].sort()).toEqual(["LISTED_ONE", "LISTED_TWO"]);
    expect([...envReadsInShell('# ${IN_COMMENT}\nport=${BAZ:-1}\necho "$QUX" "${lower:-x}"\n')].sort()).toEqual(["BAZ", "QUX"]);
    expect([...envInDockerfile("ARG BUILD_ARG=x\nENV A_ONE=1 npm_config_x=/usr \\\n    B_TWO=2\nRUN [ -n \"$FROM_RUN\" ]\n")].sort()).toEqual(["A_ONE", "BUILD_ARG", "B_TWO", "FROM_RUN"]);
    expect([...schemaKeys("const envSchema = z.object({\n  PORT: z.coerce.number(),\n  SITE_URL: z.string().optional(),\n});\n")]).toEqual(["PORT", "SITE_URL"]);
  });

  it("finds the config module's schema and the variables it is known to read", () => {
    const read = variablesRead();
    for (const name of ["DATABASE_URL", "SYSTEM_KEY", "REDIS_URL", "S3_FORCE_PATH_STYLE", "STORE_ROOT", "HOST", "NODE_OPTIONS", "STORE_MIGRATE", "PGLOCAL_PORT", "TOPOLOGY_PORT", "NODE_IMAGE", "CI"]) {
      expect(read.has(name), name).toBe(true);
    }
  });

  it("every variable the code reads is in the table", () => {
    const documented = variablesDocumented();
    const missing = [...variablesRead()].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it("every variable in the table is read by the code", () => {
    const read = variablesRead();
    expect([...variablesDocumented()].filter((name) => !read.has(name))).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------
 * 2. API: the route handlers under app/ against docs/api-v2.md's headings.
 * ---------------------------------------------------------------------------------------------- */

const METHODS = "GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS";

/** The URL path of a route file: route groups dropped, [param] and [...rest] as {param} and {rest}. */
export function routePath(file: string): string {
  const segments = path
    .dirname(file)
    .split(path.sep)
    .slice(1)
    .filter((s) => !/^\(.*\)$/.test(s))
    .map((s) => s.replace(/^\[\[?(?:\.\.\.)?([^\]]+)\]?\]$/, "{$1}"));
  return `/${segments.join("/")}`;
}

/** The HTTP methods a route file exports: `export const GET`, `export async function POST`, `export { x as GET }`. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(new RegExp(`export\\s+(?:const|let|(?:async\\s+)?function)\\s+(${METHODS})\\b`, "g"))) found.add(m[1] as string);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of (m[1] as string).split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop() ?? "";
      if (new RegExp(`^(?:${METHODS})$`).test(name)) found.add(name);
    }
  }
  return [...found];
}

/** `METHOD /path` of every route handler under app/. */
function routesInCode(): string[] {
  return walk("app", (name) => /^route\.(ts|tsx|js|mjs)$/.test(name)).flatMap((file) => exportedMethods(read(file)).map((method) => `${method} ${routePath(file)}`));
}

/**
 * `METHOD /path` of every heading of docs/api-v2.md: a `### ` line with one or more code spans
 * `METHOD /path`, e.g. "### `GET /api/v2/cart-count`, `POST /api/v2/cart-count`".
 */
function routesDocumented(): string[] {
  const out: string[] = [];
  for (const line of read("docs/api-v2.md").split("\n")) {
    if (!line.startsWith("### ")) continue;
    for (const m of line.matchAll(new RegExp(`\`((?:${METHODS}) /[^\`\\s]*)\``, "g"))) out.push(m[1] as string);
  }
  return out;
}

describe("docs/api-v2.md against the route handlers", () => {
  it("derives paths and methods the way Next.js routes them", () => {
    expect(routePath(path.join("app", "api", "v2", "products", "[slug]", "[viewer]", "route.ts"))).toBe("/api/v2/products/{slug}/{viewer}");
    expect(routePath(path.join("app", "api", "v2", "[...rest]", "route.ts"))).toBe("/api/v2/{rest}");
    expect(routePath(path.join("app", "(store)", "og", "[[...path]]", "route.ts"))).toBe("/og/{path}");
    expect(exportedMethods("export const GET = handler();\nexport async function POST() {}\nexport { refuse as PUT, refuse as HEAD, helper };").sort()).toEqual(["GET", "HEAD", "POST", "PUT"]);
    expect(routesInCode()).toEqual(expect.arrayContaining(["GET /api/health", "GET /api/v2/products/{slug}/{viewer}", "GET /og/{path}", "PATCH /api/v2/admin/products/{slug}"]));
  });

  it("every route is documented", () => {
    const documented = new Set(routesDocumented());
    expect(routesInCode().filter((route) => !documented.has(route)).sort()).toEqual([]);
  });

  it("every documented route exists, and is documented once", () => {
    const inCode = new Set(routesInCode());
    const documented = routesDocumented();
    expect(documented.filter((route) => !inCode.has(route))).toEqual([]);
    expect(documented.filter((route, i) => documented.indexOf(route) !== i)).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------
 * 3. The README: short, the two commands, the scripts, links that lead somewhere.
 * ---------------------------------------------------------------------------------------------- */

describe("README.md", () => {
  const readme = read("README.md");

  it("is at most 15 KB and holds the two commands", () => {
    expect(Buffer.byteLength(readme, "utf8")).toBeLessThanOrEqual(15 * 1024);
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });

  it("its scripts list names every npm script, and names no script that does not exist", () => {
    const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
    const command = (name: string) => (name === "start" || name === "test" ? `npm ${name}` : `npm run ${name}`);
    const list = section(readme, "Scripts");
    expect(list, 'README.md has a "## Scripts" section').not.toBe("");
    const named = new Set([...list.matchAll(/`(npm (?:start|test)|npm run [\w:.-]+)`/g)].map((m) => m[1] as string));
    expect(scripts.map(command).filter((c) => !named.has(c))).toEqual([]);
    const mentioned = [...readme.matchAll(/npm run ([\w:.-]*[\w])/g)].map((m) => m[1] as string);
    expect([...new Set(mentioned)].filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it("every relative link of the README and of docs/ leads to a file that exists", () => {
    const files = ["README.md", ...walk("docs", (n) => n.endsWith(".md"))];
    const broken: string[] = [];
    for (const file of files) {
      for (const m of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] as string).split("#")[0] as string;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        if (!fs.existsSync(path.join(ROOT, path.dirname(file), target))) broken.push(`${file} → ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
    expect(readme).toMatch(/\]\(docs\/[^)]+\)/);
  });
});
