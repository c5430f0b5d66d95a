import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HEAP_CAP_MB, ROOT, withHeapCap } from "./build";

describe("the server's V8 heap cap", () => {
  it("is added to NODE_OPTIONS unless they set a cap of their own", () => {
    expect(withHeapCap(undefined)).toBe(`--max-old-space-size=${HEAP_CAP_MB}`);
    expect(withHeapCap("--enable-source-maps")).toBe(`--enable-source-maps --max-old-space-size=${HEAP_CAP_MB}`);
    expect(withHeapCap("--max-old-space-size=1024")).toBe("--max-old-space-size=1024");
  });

  it("is what npm start and the image run the server with", () => {
    expect(fs.readFileSync(path.join(ROOT, "deploy", "Dockerfile"), "utf8")).toContain(`NODE_OPTIONS=--max-old-space-size=${HEAP_CAP_MB}`);
    // scripts/start.sh's rule, run with a stand-in for the server: prints the NODE_OPTIONS it would start with.
    const script = fs.readFileSync(path.join(ROOT, "scripts", "start.sh"), "utf8");
    const rule = script.slice(script.indexOf('case "${NODE_OPTIONS'), script.indexOf("esac") + 4);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heap-cap-"));
    const probe = path.join(dir, "probe.sh");
    fs.writeFileSync(probe, `${rule}\nprintf '%s' "$NODE_OPTIONS"\n`);
    const run = (env: Record<string, string>) => spawnSync("sh", [probe], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env } }).stdout;
    try {
      expect(run({})).toBe(`--max-old-space-size=${HEAP_CAP_MB}`);
      expect(run({ NODE_OPTIONS: "--enable-source-maps" })).toBe(`--enable-source-maps --max-old-space-size=${HEAP_CAP_MB}`);
      expect(run({ NODE_OPTIONS: "--max-old-space-size=512" })).toBe("--max-old-space-size=512");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
