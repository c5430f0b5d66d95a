/**
 * The store's production HTTP server: Next.js (every page and API route) behind a thin Node
 * server of our own, which
 *  1. answers a request path under /api/ whose percent-encoding is broken with 400 JSON before
 *     Next's router would fail on it with a 500;
 *  2. keeps the few-second response cache of the public API reads (scripts/lib/response-cache.ts);
 *  3. compresses responses (Next's own compression is off in next.config.ts) at faster settings
 *     than Next's fixed gzip level 6: brotli quality 4 or gzip level 4. On this store's pages gzip 6
 *     took more than half of the time of serving a cached page (npm run bench, wrk -c1);
 *  4. closes connections cleanly on SIGTERM/SIGINT.
 * Everything else (routing, rendering, ISR, middleware) is Next's own.
 * Started by `npm start` and by the test, bench and Lighthouse scripts (scripts/lib/build.ts).
 */
import http from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import next from "next";
import { getConfig } from "../lib/config";
import { ResponseCache } from "./lib/response-cache";

function malformedPath(url: string): boolean {
  const q = url.indexOf("?");
  try {
    decodeURIComponent(q === -1 ? url : url.slice(0, q));
    return false;
  } catch {
    return true;
  }
}

async function main() {
  const config = getConfig();
  const hostname = process.env.HOST ?? "0.0.0.0";
  const app = next({ dev: false, dir: process.cwd(), hostname, port: config.port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const cache = new ResponseCache({ ttlMs: config.apiCacheSeconds * 1000, systemKey: config.systemKey });
  // Connect-style middleware; its types name Express, but it only uses Node's request and response.
  const compress = compression({ level: 4, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }) as unknown as (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    next: () => void,
  ) => void;

  const server = http.createServer((req, res) => {
    // The peer's address always ends X-Forwarded-For; what a client wrote before it counts only
    // through TRUSTED_PROXIES proxies (lib/server/client-ip.ts), so rate limits cannot be dodged.
    const peer = req.socket.remoteAddress ?? "unknown";
    const sent = req.headers["x-forwarded-for"];
    req.headers["x-forwarded-for"] = config.trustedProxies > 0 && sent ? `${Array.isArray(sent) ? sent.join(", ") : sent}, ${peer}` : peer;
    const url = req.url ?? "/";
    if (url.startsWith("/api/") && malformedPath(url)) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ result: false, message: "The request path is not valid." }));
      return;
    }
    // The cache sees the bytes as they leave, so it stores (and replays) compressed answers.
    if (cache.handle(req, res) === "hit") return;
    // compression (1.8.2+) releases its zlib stream itself when a client disconnects mid-answer.
    compress(req, res, () => {
      handle(req, res).catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) {
          res.writeHead(500, { "content-type": "text/plain" });
          res.end("Internal Server Error");
        } else {
          res.destroy();
        }
      });
    });
  });
  // Longer than the usual load balancer's idle timeout, so it never reuses a socket we closed.
  server.keepAliveTimeout = 65_000;

  server.listen(config.port, hostname, () => {
    console.log(`▲ Ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${config.port}`);
  });

  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    server.close(() => {
      void app.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    // Connections still busy after 10 s are cut.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
