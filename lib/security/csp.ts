/**
 * Content-Security-Policy of the store.
 *
 * Every response gets SITE_CSP (next.config.ts): no framing by other sites, no plugins, no
 * <base> or form posts elsewhere. Cached pages are the same bytes for every visitor, so they
 * cannot carry a per-response nonce; their scripts are the framework's own and the JSON-LD.
 * Pages rendered per request (account and sign-in pages, middleware.ts) get pageCsp(): scripts
 * only with this response's nonce (and what those scripts load), nothing inline otherwise.
 */

/**
 * Frames the store shows: Google Maps embeds (footer and contact page) and, on the checkout page,
 * Razorpay's Standard Checkout (checkout.js, loaded by the page's own nonce'd script and so
 * trusted through 'strict-dynamic', opens its payment form in a frame from api.razorpay.com).
 */
const FRAME_SOURCES = "https://www.google.com https://maps.google.com https://api.razorpay.com https://checkout.razorpay.com";

export const SITE_CSP = ["frame-ancestors 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"].join("; ");

export function pageCsp(nonce: string, development = false): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': chunks that Next's nonce'd scripts load are trusted; 'self' is ignored by
    // browsers that understand it and kept for those that do not.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Razorpay's checkout.js reports to its own API from the page that opens it.
    "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
    `frame-src ${FRAME_SOURCES}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}
