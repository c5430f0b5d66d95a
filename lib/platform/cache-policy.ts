import { createHash } from "node:crypto";

/**
 * HTTP caching of API v2 answers, declared in one place.
 *
 * Inside the app, a write through the service layer revalidates its cache tags at once
 * (lib/platform/cache.ts), on every instance once the cache handler is shared. A shared cache in
 * front of the app (a CDN, nginx's proxy_cache) cannot be told: it keeps an answer until its
 * s-maxage runs out, and with stale-while-revalidate may hand it out once more while it fetches
 * the new one. So s-maxage + stale-while-revalidate is the longest a shopper can see an answer
 * from before a change, and it is chosen per kind of answer from what that answer shows:
 * prices and stock get tens of seconds, reference data days.
 *
 * Browsers get `max-age=0`: they may keep a copy but ask again every time (a 304 when the weak
 * ETag still matches), so a shopper's own browser never adds to the delay above.
 *
 * Everything that is not declared here (answers about the caller, anything that changes state,
 * any answer that sets a cookie, every error) is `private, no-store`.
 */
export type CachePolicy = {
  /** Seconds a shared cache may serve the answer without asking the app. */
  readonly sMaxAge: number;
  /** Seconds after that during which it may still serve it once while it fetches a fresh one. */
  readonly staleWhileRevalidate: number;
  /** Why these numbers. */
  readonly why: string;
};

export const CACHE_POLICIES = {
  /** /products/search, /products/featured, /products/{slug}/0, /pages/{slug} (a CMS page with its product grid). */
  catalog: {
    sMaxAge: 2,
    staleWhileRevalidate: 3,
    why:
      "Shows prices, stock and names, which a merchant changes through the admin API; the app shows the change at once, and a shopper behind nginx or a CDN must see it within 5 seconds too. " +
      "Two seconds still let a shared cache answer a busy product page's burst (nginx's proxy_cache_lock sends one request to the app per URL, and refreshes in the background). " +
      "Search and filter URLs are mostly distinct (type-ahead), so a longer life would buy few hits for a longer stale window.",
  },
  /** /delivery-check?pin=…&product=… */
  delivery: {
    sMaxAge: 60,
    staleWhileRevalidate: 60,
    why: "The same for every shopper, but the promised date moves at midnight in India and with the merchant's zones: at most two minutes old.",
  },
  /** /sliders, /blogs, /blog/{slug}, /business-settings */
  content: {
    sMaxAge: 120,
    staleWhileRevalidate: 480,
    why: "Banners, articles and shop settings (contact details, return window) change seldom and no price depends on them: at most ten minutes old.",
  },
  /** /categories, /sub-categories/{id}, /filter/attributes */
  taxonomy: {
    sMaxAge: 300,
    staleWhileRevalidate: 300,
    why: "The category tree and filter values change seldom; a new or renamed category may take ten minutes to reach menus and filters served from a shared cache.",
  },
  /** /countries, /states-by-country/{id}, /cities-by-state/{id} */
  locations: {
    sMaxAge: 86_400,
    staleWhileRevalidate: 604_800,
    why: "Reference data loaded with the store; nothing in the app changes it while it runs.",
  },
} as const satisfies Record<string, CachePolicy>;

export type CacheKind = keyof typeof CACHE_POLICIES;

/**
 * Storefront pages that are the same for every visitor, and their kind; next.config.ts headers()
 * gives them the policy's Cache-Control (Next keeps a Cache-Control set there). Without it, Next
 * sends `s-maxage=3600, stale-while-revalidate=<a year>` for ISR pages (their in-app revalidate,
 * which tags cut short; a shared cache cannot be told) and `private, no-store` for the catalog
 * pages that read their filters from the URL and so render per request.
 *
 * Not listed, so Next's own header stays: account, cart, checkout and sign-in pages (per request:
 * private, no-store), and the CMS pages at /{slug}, which share one route with nothing to tell
 * them apart from other top-level paths in a header rule (rendered per request, so private).
 */
export const PUBLIC_PAGES: readonly { readonly source: string; readonly kind: CacheKind }[] = [
  // Product cards, prices and stock.
  ...["/", "/products", "/products/:slug", "/category/:slug", "/search"].map((source) => ({ source, kind: "catalog" as const })),
  // Articles and the shop's fixed pages.
  ...[
    "/blogs",
    "/blog/:slug",
    "/about-us",
    "/contact-us",
    "/services",
    "/corporate",
    "/gifting",
    "/bulk-deals",
    "/faqs",
    "/sitemap",
    "/shipping-policy",
    "/warranty-policy",
    "/return-policy",
    "/privacy-policy",
    "/terms-conditions",
  ].map((source) => ({ source, kind: "content" as const })),
];

/** Answers about the caller, answers to writes, answers that set a cookie, and every error. */
export const NO_STORE = "private, no-store";

/**
 * Every API v2 request needs the System-Key header (403 without it). A shared cache keys its
 * entries by URL, so public answers vary on the header: a request without the key (or with a
 * wrong one) is never a match for a stored answer and reaches the app, which refuses it.
 */
export const VARY_ON = "System-Key";

export const cacheControlOf = (kind: CacheKind): string => {
  const policy: CachePolicy = CACHE_POLICIES[kind];
  return `public, max-age=0, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
};

/** A weak validator from the body's bytes (weak: a proxy that compresses the body keeps it valid). */
export const weakEtag = (body: ArrayBuffer | Uint8Array): string =>
  `W/"${createHash("sha1").update(body instanceof Uint8Array ? body : new Uint8Array(body)).digest("base64url")}"`;

/**
 * The bytes of JSON answers made by jsonResponse(), so the ETag is computed from them instead of by
 * reading the answer's stream back (a web-stream round trip that cost about a tenth of a search
 * request's time in a CPU profile).
 */
const knownBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/** The ETags of answers whose bytes came with theirs (jsonBytesResponse), so they are not hashed again. */
const knownEtags = new WeakMap<Response, string>();

/** Response.json, with its bytes kept for applyCachePolicy. */
export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  return jsonBytesResponse(new TextEncoder().encode(JSON.stringify(data)), null, init);
}

/**
 * A JSON answer from its bytes, already written (the search thread writes a search's), with their
 * ETag when it is known (weakEtag of the same bytes).
 */
export function jsonBytesResponse(bytes: Uint8Array<ArrayBuffer>, etag: string | null, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  const response = new Response(bytes, { ...init, headers });
  knownBodies.set(response, bytes);
  if (etag) knownEtags.set(response, etag);
  return response;
}

/** Whether an If-None-Match header matches the ETag, by weak comparison (RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const mine = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === mine);
}

function addVary(headers: Headers, name: string) {
  const current = headers.get("vary");
  const names = current ? current.split(",").map((v) => v.trim().toLowerCase()) : [];
  if (names.includes("*") || names.includes(name.toLowerCase())) return;
  headers.set("vary", current ? `${current}, ${name}` : name);
}

/**
 * Gives an answer its Cache-Control. A route that declares `kind` gets the public policy only for
 * a 200 to GET or HEAD that sets no cookie and that the route did not mark private itself (a
 * product read that records the signed-in viewer does); then it also gets Vary: System-Key and a
 * weak ETag, and a matching If-None-Match turns it into a 304 with the same headers.
 * Every other answer is `private, no-store`.
 */
export async function applyCachePolicy(request: Request, response: Response, kind: CacheKind | undefined): Promise<Response> {
  const headers = new Headers(response.headers);
  const routeSaid = headers.get("cache-control") ?? "";
  const shareable =
    kind !== undefined &&
    (request.method === "GET" || request.method === "HEAD") &&
    response.status === 200 &&
    !headers.has("set-cookie") &&
    !/\b(private|no-store|no-cache)\b/i.test(routeSaid);
  if (!shareable) {
    headers.set("cache-control", NO_STORE);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  headers.set("cache-control", cacheControlOf(kind));
  addVary(headers, VARY_ON);
  const body = knownBodies.get(response) ?? new Uint8Array(await response.arrayBuffer());
  const etag = knownEtags.get(response) ?? weakEtag(body);
  headers.set("etag", etag);
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    // A 304 carries the headers a 200 would have for caching (RFC 9110 §15.4.5), and no body.
    const notModified = new Headers();
    for (const name of ["cache-control", "etag", "vary", "date"]) {
      const value = headers.get(name);
      if (value) notModified.set(name, value);
    }
    return new Response(null, { status: 304, headers: notModified });
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
