/**
 * Requests the store's server (scripts/server.ts) answers itself because Next.js would fail on
 * them with a 500: broken percent-encoding in the path, the `*` request target, and methods a
 * fetch Request cannot carry. Everything else goes to Next.
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
