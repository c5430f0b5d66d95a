/**
 * A short-lived response cache (a "micro-cache") for the public, read-only API v2 endpoints,
 * kept by the store's own HTTP server in front of Next.js. The hot reads (above all the search
 * the header's type-ahead calls on every pause) are answered from memory for a few seconds
 * instead of passing through Next's request pipeline each time.
 *
 * What keeps it correct:
 *  - only GET requests to the allow-listed public endpoints, never anything per user;
 *  - only when the request carries the store's System-Key (others reach Next and get its 403);
 *  - only complete 200 answers without Set-Cookie, up to MAX_BODY bytes;
 *  - one entry per path+query and per response encoding (brotli, gzip or none);
 *  - a request with `Cache-Control: no-cache` goes to Next, as HTTP asks of a shared cache;
 *  - entries live `ttlMs` (API_CACHE_SECONDS, default 5 s), and every successful write to the
 *    catalog admin API (POST, PATCH, PUT, DELETE below /api/v2/admin/, the only writes that can
 *    change a cached answer) empties the cache at once, so a catalog change made through this
 *    server shows in the next read. Shoppers' writes (carts, wishlists, sign-ins, newsletter)
 *    change nothing cached and leave it alone: under real cart traffic it would otherwise never
 *    hold anything.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

/** Public catalog and content reads; per-user endpoints must never be listed here. */
export const CACHEABLE_API_PATHS: readonly RegExp[] = [
  /^\/api\/v2\/products\/(search|featured)$/,
  /^\/api\/v2\/(business-settings|categories|sliders|blogs|countries|filter\/attributes)$/,
  /^\/api\/v2\/(sub-categories|states-by-country|cities-by-state)\/\d+$/,
];

/** Writes that can change a cached answer: the catalog admin API. */
const CATALOG_WRITES = /^\/api\/v2\/admin\//;

const MAX_BODY = 512 * 1024;
/** Headers that describe one connection or one moment, not the stored answer. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "set-cookie"]);

type Entry = { status: number; headers: OutgoingHttpHeaders; body: Buffer; storedAt: number };

export type ResponseCacheOptions = {
  /** How long an entry is served; 0 turns the cache off. */
  ttlMs: number;
  systemKey: string;
  /** Most entries kept; the oldest goes first. */
  maxEntries?: number;
  now?: () => number;
};

export type CacheOutcome = "hit" | "miss" | "bypass";

function pathOf(url: string): { path: string; key: string } {
  const q = url.indexOf("?");
  return { path: q === -1 ? url : url.slice(0, q), key: url };
}

type Encoding = "br" | "gzip" | "identity";

/** The encoding the server's compressor picks for this request: brotli, then gzip, else none. */
export function preferredEncoding(req: IncomingMessage): Encoding {
  const header = req.headers["accept-encoding"];
  if (typeof header !== "string") return "identity";
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

function toBuffer(chunk: unknown, encoding?: BufferEncoding): Buffer | null {
  if (chunk === undefined || chunk === null) return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, encoding ?? "utf8");
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly systemKey: string;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: ResponseCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.systemKey = options.systemKey;
    this.maxEntries = options.maxEntries ?? 1000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * Answers `req` from the cache when it can ("hit"); otherwise arranges for the answer Next
   * writes to be stored ("miss") or leaves it alone ("bypass"). On "miss" and "bypass" the caller
   * hands the request to Next as usual.
   */
  handle(req: IncomingMessage, res: ServerResponse): CacheOutcome {
    const url = req.url ?? "/";
    const method = req.method ?? "GET";
    if (!url.startsWith("/api/")) return "bypass";

    if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") {
      // A catalog write may change what any cached read returns: forget everything once it has succeeded.
      if (CATALOG_WRITES.test(url)) {
        res.once("finish", () => {
          if (res.statusCode < 400) this.clear();
        });
      }
      return "bypass";
    }
    if (this.ttlMs <= 0 || method !== "GET") return "bypass";
    const { path, key: rawKey } = pathOf(url);
    if (!CACHEABLE_API_PATHS.some((re) => re.test(path))) return "bypass";
    if (req.headers["system-key"] !== this.systemKey) return "bypass";

    const wanted = preferredEncoding(req);
    const key = `${wanted} ${rawKey}`;
    const noCache = /\bno-cache\b|\bno-store\b/i.test(String(req.headers["cache-control"] ?? "")) || /\bno-cache\b/i.test(String(req.headers.pragma ?? ""));

    const entry = noCache ? undefined : this.entries.get(key);
    if (entry && this.now() - entry.storedAt < this.ttlMs) {
      res.writeHead(entry.status, {
        ...entry.headers,
        age: String(Math.floor((this.now() - entry.storedAt) / 1000)),
        "x-api-cache": "HIT",
        "content-length": String(entry.body.length),
      });
      res.end(entry.body);
      return "hit";
    }
    if (entry) this.entries.delete(key);

    this.capture(res, (status, headers, body) => {
      if (status !== 200 || body.length > MAX_BODY) return;
      if (headers["set-cookie"] !== undefined) return;
      const encoding = String(headers["content-encoding"] ?? "identity").toLowerCase();
      // Small answers go out uncompressed, which suits every client; otherwise the encoding asked.
      if (encoding !== "identity" && encoding !== wanted) return;
      const kept: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined && !HOP_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
      }
      delete kept["content-length"];
      this.entries.delete(key);
      this.entries.set(key, { status, headers: kept, body, storedAt: this.now() });
      while (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    });
    res.setHeader("x-api-cache", "MISS");
    return "miss";
  }

  /** Records the status, headers and bytes of the answer as they leave, without changing them. */
  private capture(res: ServerResponse, done: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let headHeaders: OutgoingHttpHeaders = {};
    let tooBig = false;
    const keep = (chunk: unknown, encoding?: BufferEncoding) => {
      if (tooBig) return;
      const buffer = toBuffer(chunk, encoding);
      if (!buffer) return;
      size += buffer.length;
      if (size > MAX_BODY) {
        tooBig = true;
        chunks.length = 0;
        return;
      }
      chunks.push(Buffer.from(buffer));
    };

    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;

    res.writeHead = ((...args: unknown[]) => {
      const last = args[args.length - 1];
      if (last && typeof last === "object" && !Array.isArray(last)) headHeaders = last as OutgoingHttpHeaders;
      return writeHead(...args);
    }) as ServerResponse["writeHead"];
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : undefined);
      return write(chunk, ...rest);
    }) as ServerResponse["write"];
    res.end = ((...args: unknown[]) => {
      const [chunk, maybeEncoding] = args;
      if (typeof chunk !== "function") keep(chunk, typeof maybeEncoding === "string" ? (maybeEncoding as BufferEncoding) : undefined);
      return end(...args);
    }) as ServerResponse["end"];

    res.once("finish", () => {
      if (tooBig) return;
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headHeaders)) headers[name.toLowerCase()] = value;
      Object.assign(headers, res.getHeaders());
      done(res.statusCode, headers, Buffer.concat(chunks));
    });
  }
}
