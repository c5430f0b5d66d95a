import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./build";

const deploy = path.join(ROOT, "deploy");
const compose = fs.readFileSync(path.join(deploy, "compose.yaml"), "utf8");
const readme = fs.readFileSync(path.join(deploy, "README.md"), "utf8");
const envExample = fs.readFileSync(path.join(deploy, ".env.example"), "utf8");

/** The keys one level under a top-level key of the compose file (services, volumes). */
function blockKeys(top: string): string[] {
  const lines = compose.split("\n");
  const start = lines.indexOf(`${top}:`);
  const keys: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const key = /^ {2}([a-z0-9-]+):/.exec(line)?.[1];
    if (key) keys.push(key);
  }
  return keys;
}

const unique = (names: string[]) => [...new Set(names)].sort();
/** Variables compose reads from the shell or deploy/.env: ${NAME...} and names listed without a value. */
const fromShell = unique([...[...compose.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1] as string), ...[...compose.matchAll(/^\s+([A-Z0-9_]+):\s*$/gm)].map((m) => m[1] as string)]);
/** Settings given a value in the compose file itself. */
const fixed = unique([...compose.matchAll(/^\s+([A-Z0-9_]+): \S/gm)].map((m) => m[1] as string)).filter((name) => !fromShell.includes(name) && !name.startsWith("POSTGRES_") && !name.startsWith("SYSTEM_"));

describe("deploy/README.md and deploy/.env.example against compose.yaml", () => {
  it("the README names every service, volume and setting of the compose file", () => {
    const services = blockKeys("services");
    const volumes = blockKeys("volumes");
    expect(services).toEqual(expect.arrayContaining(["postgres", "redis", "migrate", "app-1", "nginx"]));
    const missing = [...services, ...volumes, ...fromShell, ...fixed].filter((name) => !readme.includes(`\`${name}\``) && !readme.includes(`${name},`) && !readme.includes(`, ${name}`));
    expect(missing).toEqual([]);
  });

  it(".env.example lists every variable the compose file reads from the shell", () => {
    const listed = new Set([...envExample.matchAll(/^#?\s*([A-Z0-9_]+)=/gm)].map((m) => m[1] as string));
    expect(fromShell.filter((name) => !listed.has(name))).toEqual([]);
    expect(fromShell).toEqual(expect.arrayContaining(["S3_BUCKET", "S3_FORCE_PATH_STYLE", "SITE_URL", "AUTH_SECRET"]));
  });
});
