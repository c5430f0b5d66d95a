import pino, { type Logger } from "pino";

/**
 * The store's log: one JSON object per line on stdout (pino), for a log shipper or `jq`, with
 * the time in ISO form, the level as a word and the process id. Requests that came through nginx
 * carry its request id (X-Request-Id, deploy/nginx), which requestLog() puts on every line about
 * that request, so the proxy's access log and the app's lines can be joined. LOG_LEVEL sets the
 * least level written (default info; debug, warn, error, silent).
 */
const globalForLog = globalThis as typeof globalThis & { __storeLog?: Logger };

export const log: Logger = (globalForLog.__storeLog ??= pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
}));

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id nginx sent (a well-formed one only: it is copied into logs), or null. */
export function requestIdOf(headers: Headers | Record<string, string | string[] | undefined>): string | null {
  const raw = headers instanceof Headers ? headers.get("x-request-id") : headers["x-request-id"];
  const id = Array.isArray(raw) ? raw[0] : raw;
  return id && REQUEST_ID.test(id) ? id : null;
}

/** A logger whose lines name the request (its X-Request-Id, when it has one). */
export function requestLog(headers: Headers | Record<string, string | string[] | undefined>): Logger {
  const reqId = requestIdOf(headers);
  return reqId ? log.child({ reqId }) : log;
}
