/**
 * The store's production HTTP server: Next.js (every page and API route) behind a thin Node
 * server of our own, which
 *  1. answers what Next would fail on with a 500 before it gets there (guardRequest): a path whose
 *     percent-encoding is broken (400), the request target `*` (OPTIONS * gets 204, anything else
 *     400), and the methods that a fetch Request cannot carry, TRACE, TRACK and CONNECT (405);
 *     JSON under /api/, a short HTML page elsewhere;
 *  2. keeps the few-second response cache of the public API reads (scripts/lib/response-cache.ts);
 *  3. compresses responses (Next's own compression is off in next.config.ts) at faster settings
 *     than Next's fixed gzip level 6: brotli quality 4 or gzip level 4. On this store's pages gzip 6
 *     took more than half of the time of serving a cached page (npm run bench, wrk -c1);
 *  4. closes connections cleanly on SIGTERM/SIGINT;
 *  5. every minute, gives back the stock of unpaid online orders past their payment deadline
 *     (scripts/lib/release-sweep.ts).
 * Everything else (routing, rendering, ISR, middleware) is Next's own.
 * Started by `npm start` and by the test, bench and Lighthouse scripts (scripts/lib/build.ts).
 */
import http from "node:http";
import type { Duplex } from "node:stream";
import zlib from "node:zlib";
import compression from "compression";
import next from "next";
import { getConfig } from "../lib/config";
import { startReleaseSweep } from "./lib/release-sweep";
import { ALLOWED_METHODS, guardRequest, type Refusal } from "./lib/request-guard";
import { ResponseCache } from "./lib/response-cache";

/** A refusal as the caller expects it: API v2's JSON error under /api/, a small HTML page elsewhere. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal) {
  const headers: Record<string, string> = { "cache-control": "no-store", ...refusal.headers };
  if (refusal.status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const api = (req.url ?? "").startsWith("/api/");
  const body = api
    ? JSON.stringify({ result: false, message: refusal.message })
    : `<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8"><title>Bad request</title></head>` +
      `<body><h1>${refusal.message}</h1><p><a href="/">Back to Home</a></p></body></html>`;
  res.writeHead(refusal.status, { ...headers, "content-type": api ? "application/json" : "text/html; charset=utf-8" });
  res.end(req.method === "HEAD" ? undefined : body);
}

async function main() {
  const config = getConfig();
  const hostname = process.env.HOST ?? "0.0.0.0";
  const app = next({ dev: false, dir: process.cwd(), hostname, port: config.port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const cache = new ResponseCache({ ttlMs: config.apiCacheSeconds * 1000, systemKey: config.systemKey });
  // Connect-style middleware; its types name Express, but it only uses Node's request and response.
  // Brotli's window is capped at 256 KB (LGWIN 18; the default, 22, is 4 MB). The encoder grows its
  // ring buffer towards the window once an answer passes 64 KB, and Node reports that memory to V8
  // as external memory: with 20 pages being compressed at once, V8 then ran a full mark-compact
  // about every 100 ms, and a 68 KB product page was served at a third of the rate of a 59 KB one
  // (npm run bench; README "Measurements"). Every page is far smaller than 256 KB, so the window
  // still spans the whole answer and the output is the same size.
  const brotliParams = { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };
  const compress = compression({ level: 4, brotli: { params: brotliParams } }) as unknown as (
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
    const refusal = guardRequest(req.method ?? "GET", req.url ?? "/");
    if (refusal) return refuse(req, res, refusal);
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
  // CONNECT skips the request handler; without this listener Node drops the connection unanswered.
  server.on("connect", (_req: http.IncomingMessage, socket: Duplex) => {
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  // Longer than the usual load balancer's idle timeout, so it never reuses a socket we closed.
  server.keepAliveTimeout = 65_000;

  server.listen(config.port, hostname, () => {
    console.log(`▲ Ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${config.port}`);
  });
  const stopSweep = startReleaseSweep();

  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    stopSweep();
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
