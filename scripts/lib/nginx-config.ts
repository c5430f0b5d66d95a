import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
/** The nginx configuration of deploy/: the http-level part that compose and the native topology share. */
export const NGINX_TEMPLATE = path.join(ROOT, "deploy", "nginx", "store.conf.template");

/** Fills ${NAME} placeholders (upper case, as envsubst in the nginx image does); a missing one is an error. */
export function renderTemplate(text: string, values: Record<string, string>): string {
  const missing = new Set<string>();
  const out = text.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) {
      missing.add(name);
      return "";
    }
    return value;
  });
  if (missing.size) throw new Error(`nginx template: no value for ${[...missing].join(", ")}`);
  return out;
}

export type NativeNginxOptions = {
  /** Folder for everything nginx writes: pid, logs, temp files, the cache. */
  dir: string;
  /** Port nginx listens on (127.0.0.1). */
  port: number;
  /** host:port of each app instance. */
  upstreams: string[];
};

/** One `server` line per instance, with the passive health check of deploy/README.md. */
export function upstreamServers(addresses: string[]): string {
  return addresses.map((a) => `server ${a} max_fails=3 fail_timeout=10s;`).join("\n    ");
}

/**
 * The files to run Debian's nginx without root and without touching /etc or /var:
 * `nginx -p <dir> -c <dir>/nginx.conf -g 'daemon off;'`. The main context here stands in for the
 * official image's /etc/nginx/nginx.conf; the http part is the deploy/ template as it is.
 * Returns the path of the main configuration file.
 */
export function writeNativeNginxConfig(options: NativeNginxOptions): string {
  const { dir } = options;
  fs.mkdirSync(dir, { recursive: true });
  // Worker processes drop to an unprivileged user when nginx is started by root: they must be
  // able to reach the folder.
  fs.chmodSync(dir, 0o755);
  const store = renderTemplate(fs.readFileSync(NGINX_TEMPLATE, "utf8"), {
    STORE_LISTEN: `127.0.0.1:${options.port}`,
    STORE_UPSTREAM_SERVERS: upstreamServers(options.upstreams),
    STORE_CACHE_DIR: path.join(dir, "cache"),
    STORE_ACCESS_LOG: path.join(dir, "access.log"),
  });
  fs.writeFileSync(path.join(dir, "store.conf"), store);
  const main = `# Written by scripts/lib/nginx-config.ts for the native topology; see deploy/nginx/store.conf.template.
worker_processes 2;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${path.join(dir, "client_body")};
    proxy_temp_path ${path.join(dir, "proxy")};
    fastcgi_temp_path ${path.join(dir, "fastcgi")};
    uwsgi_temp_path ${path.join(dir, "uwsgi")};
    scgi_temp_path ${path.join(dir, "scgi")};
    include ${path.join(dir, "store.conf")};
}
`;
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(file, main);
  return file;
}

/** Where Debian puts nginx; NGINX_BIN overrides. Null when it is not installed. */
export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX_BIN, "/usr/sbin/nginx", "/usr/bin/nginx"].filter((c): c is string => Boolean(c));
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}
