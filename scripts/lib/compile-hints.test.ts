import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints";

let dir = "";

function makeBuild(files: Record<string, string>) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hints-"));
  fs.mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
  fs.writeFileSync(path.join(dir, "build-manifest.json"), JSON.stringify({ rootMainFiles: Object.keys(files).filter((f) => !/page|poly|css|map/.test(f)), polyfillFiles: ["static/chunks/poly.js"] }));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

const read = (name: string) => fs.readFileSync(path.join(dir, name), "utf8");

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("compile hints for the framework chunks", () => {
  it("marks the framework chunks once, and nothing else: not page chunks, polyfills or styles", () => {
    makeBuild({ "static/chunks/react.js": "a()", "static/chunks/page.js": "b()", "static/chunks/poly.js": "p()", "static/chunks/site.css": "a{}" });
    expect(addCompileHints(dir)).toEqual(["static/chunks/react.js"]);
    expect(read("static/chunks/react.js")).toBe(`${COMPILE_HINT}\na()`);
    expect(read("static/chunks/page.js")).toBe("b()");
    expect(read("static/chunks/poly.js")).toBe("p()");
    expect(read("static/chunks/site.css")).toBe("a{}");
    expect(addCompileHints(dir)).toEqual([]);
    expect(read("static/chunks/react.js")).toBe(`${COMPILE_HINT}\na()`);
  });

  it("moves source maps down by the added line", () => {
    makeBuild(
      {
        "static/chunks/a.js": "a()\n//# sourceMappingURL=a.js.map",
        "static/chunks/a.js.map": JSON.stringify({ version: 3, mappings: "AAAA" }),
        "static/chunks/b.js": "b()\n//# sourceMappingURL=b.js.map",
        "static/chunks/b.js.map": JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: {} }] }),
      },
    );
    addCompileHints(dir);
    expect(JSON.parse(read("static/chunks/a.js.map")).mappings).toBe(";AAAA");
    expect(JSON.parse(read("static/chunks/b.js.map")).sections[0].offset.line).toBe(1);
  });

  it("fails loudly when the build names no framework chunk, or there is no build", () => {
    makeBuild({ "static/chunks/page.js": "b()" });
    expect(() => addCompileHints(dir)).toThrow(/names no framework chunk/);
    expect(read("static/chunks/page.js")).toBe("b()");
    fs.rmSync(dir, { recursive: true, force: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hints-"));
    expect(() => addCompileHints(dir)).toThrow(/run next build first/);
  });
});
