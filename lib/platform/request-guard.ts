import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/**
 * Requests Next.js would fail on with a 500 — broken percent-encoding in the path, the `*` request
 * target, methods a fetch Request cannot carry — are sent to GET /api/refused instead, which
 * answers 400 (405, or 204 for OPTIONS *) in JSON under /api/ and as a short page elsewhere.
 *
 * Both run in Node's "http.server.request.start" diagnostics channel (node:diagnostics_channel),
 * which Node publishes for every request before the server's request handler sees it: no HTTP
 * server or proxy of our own, only the request's target rewritten. An absolute-form target
 * (`GET http://host/path`) is cut to its path first (originForm). The same hook appends the
 * peer's address to X-Forwarded-For, which Next only sets when the client sent none: a client
 * talking to the app directly could otherwise pick the address its rate limits count under
 * (lib/platform/client-ip.ts reads the entry TRUSTED_PROXIES places before the last).
 */
function malformedPath(url: string): boolean {
  const q = url.indexOf("?");
  try {
    decodeURIComponent(q === -1 ? url : url.slice(0, q));
    return false;
  } catch {
    // Bad or truncated escapes (%zz, %E0%80), overlong forms (%C0%AF), lone surrogates (%ED%A0%80).
    return true;
  }
}

/** The methods the store answers; TRACE and the like are not among them. */
export const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
/**
 * Methods Next cannot hand to a route: it builds a fetch Request for every request, and the fetch
 * standard forbids these ("'TRACE' HTTP method is unsupported", a 500). Node rejects lowercase
 * and unknown method names itself with a 400; CONNECT arrives on the server's "connect" event.
 */
const FORBIDDEN_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

export type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** Why Next must not see this request (it would answer 500), or null when it can. */
export function guardRequest(method: string, url: string): Refusal | null {
  if (url === "*") {
    // The asterisk-form asks about the server as a whole (RFC 9112 §3.2.4); only OPTIONS may use it.
    return method === "OPTIONS"
      ? { status: 204, message: "", headers: { allow: ALLOWED_METHODS } }
      : { status: 400, message: "The request target is not valid." };
  }
  if (FORBIDDEN_METHODS.has(method)) return { status: 405, message: "This method is not allowed.", headers: { allow: ALLOWED_METHODS } };
  if (!url.startsWith("/") && !/^https?:\/\//i.test(url)) return { status: 400, message: "The request target is not valid." };
  if (malformedPath(url)) return { status: 400, message: "The request path is not valid." };
  return null;
}

/**
 * The origin form (path and query) of an absolute-form request target: `GET http://evil.example/x?y`
 * becomes `/x?y`. HTTP/1.1 servers must accept the absolute form (RFC 9112 §3.2.2), but Next.js
 * would treat the whole URL as the path and answer 308 with Location set to it, so a request
 * could pick the host of the store's own redirects. The store serves one site whatever host the
 * request names, so the authority is dropped here and every redirect stays on the store (relative,
 * or SITE_URL). Cut from the raw text, not parsed with URL, so the path reaches Next unchanged
 * (same escapes and dot segments). Other targets are returned as they are.
 */
export function originForm(url: string): string {
  const scheme = /^https?:\/\//i.exec(url);
  if (!scheme) return url;
  const rest = url.slice(scheme[0].length);
  const end = rest.search(/[/?]/);
  if (end === -1) return "/";
  const target = rest.slice(end);
  return target.startsWith("?") ? `/${target}` : target;
}

/** Where refused requests go: app/api/refused/route.ts. */
export const REFUSED_ROUTE = "/api/refused";

/** The target a refused request is rewritten to: the refusal and whether it asked for the API. */
export function refusedTarget(refusal: Refusal, url: string): string {
  const api = url.startsWith("/api/") ? "1" : "0";
  return `${REFUSED_ROUTE}?status=${refusal.status}&api=${api}&message=${encodeURIComponent(refusal.message)}`;
}

/** The peer's address always ends X-Forwarded-For; what came before counts only through trusted proxies. */
export function forwardedFor(sent: string | string[] | undefined, peer: string, trustedProxies: number): string {
  const before = Array.isArray(sent) ? sent.join(", ") : sent;
  return trustedProxies > 0 && before ? `${before}, ${peer}` : peer;
}

type RequestStart = { request: IncomingMessage; socket: Socket };

const globalForGuard = globalThis as typeof globalThis & { __storeRequestGuard?: boolean };

/** Subscribes the guard to Node's request-start channel, once per process. */
export function installRequestGuard(trustedProxies: number): void {
  if (globalForGuard.__storeRequestGuard) return;
  globalForGuard.__storeRequestGuard = true;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as RequestStart;
    request.headers["x-forwarded-for"] = forwardedFor(request.headers["x-forwarded-for"], socket.remoteAddress ?? "unknown", trustedProxies);
    const url = originForm(request.url ?? "/");
    request.url = url;
    const refusal = guardRequest(request.method ?? "GET", url);
    if (!refusal) return;
    request.url = refusedTarget(refusal, url);
    // A method a fetch Request cannot carry (TRACE) would fail in /api/refused as well.
    if (refusal.status === 405) request.method = "GET";
  });
}
