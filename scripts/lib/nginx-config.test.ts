import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NGINX_TEMPLATE, nginxBinary, renderTemplate, upstreamServers, writeNativeNginxConfig } from "./nginx-config";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-config-test-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const template = fs.readFileSync(NGINX_TEMPLATE, "utf8");
const placeholders = [...new Set([...template.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((m) => m[1] as string))].sort();

/** `nginx -t` on a main configuration; null when nginx is not installed here. */
function nginxTest(dir: string, conf: string): { ok: boolean; output: string } | null {
  const bin = nginxBinary();
  if (!bin) return null;
  const result = spawnSync(bin, ["-t", "-p", dir, "-c", conf], { encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe("renderTemplate", () => {
  it("fills ${NAME} placeholders and leaves nginx's own $variables alone", () => {
    expect(renderTemplate("listen ${PORT}; set $x $host;", { PORT: "80" })).toBe("listen 80; set $x $host;");
  });

  it("refuses a template with a placeholder that has no value", () => {
    expect(() => renderTemplate("listen ${PORT}; root ${ROOT_DIR};", { PORT: "80" })).toThrow(/ROOT_DIR/);
  });
});

describe("deploy/nginx/store.conf.template", () => {
  it("has exactly the placeholders the native topology and the compose file fill", () => {
    expect(placeholders).toEqual(["STORE_ACCESS_LOG", "STORE_CACHE_DIR", "STORE_LISTEN", "STORE_UPSTREAM_SERVERS"]);
    const compose = fs.readFileSync(path.join(path.dirname(NGINX_TEMPLATE), "..", "compose.yaml"), "utf8");
    for (const name of placeholders) expect(compose).toMatch(new RegExp(`^\\s+${name}: \\S`, "m"));
  });

  it("is a valid nginx configuration as the native topology renders it", (context) => {
    const dir = path.join(tmp, "native");
    const conf = writeNativeNginxConfig({ dir, port: 3199, upstreams: ["127.0.0.1:3197", "127.0.0.1:3198"] });
    const result = nginxTest(dir, conf);
    if (!result) return context.skip("nginx is not installed (apt-get install nginx)");
    expect(result.output).toContain("syntax is ok");
    expect(result.ok, result.output).toBe(true);
  });

  it("is a valid nginx configuration with the compose file's values (service names mapped to local addresses)", (context) => {
    const compose = fs.readFileSync(path.join(path.dirname(NGINX_TEMPLATE), "..", "compose.yaml"), "utf8");
    const values: Record<string, string> = {};
    for (const m of compose.matchAll(/^\s+(STORE_[A-Z_]+): "?([^"\n]+)"?$/gm)) values[m[1] as string] = m[2] as string;
    expect(values.STORE_UPSTREAM_SERVERS).toBe(upstreamServers(["app-1:3000", "app-2:3000"]).replace(/\n\s+/g, " "));
    const dir = path.join(tmp, "compose");
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o755);
    // Only what cannot exist on this machine changes: the service names, port 80, /var/cache, stdout.
    const store = renderTemplate(template, {
      ...values,
      STORE_UPSTREAM_SERVERS: (values.STORE_UPSTREAM_SERVERS ?? "").replace(/app-\d+:3000/g, (_, i: number) => `127.0.0.1:${3190 + Number(i)}`),
      STORE_LISTEN: "127.0.0.1:3196",
      STORE_CACHE_DIR: path.join(dir, "cache"),
      STORE_ACCESS_LOG: path.join(dir, "access.log"),
    });
    fs.writeFileSync(path.join(dir, "default.conf"), store);
    const main = `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {} http { include /etc/nginx/mime.types; proxy_temp_path ${dir}/proxy; client_body_temp_path ${dir}/body; include ${dir}/default.conf; }`;
    fs.writeFileSync(path.join(dir, "nginx.conf"), main);
    const result = nginxTest(dir, path.join(dir, "nginx.conf"));
    if (!result) return context.skip("nginx is not installed (apt-get install nginx)");
    expect(result.ok, result.output).toBe(true);
  });
});
