/**
 * Content-Security-Policy of the store.
 *
 * Every response gets SITE_CSP (next.config.ts): no framing by other sites, no plugins, no
 * <base> or form posts elsewhere. Cached pages are the same bytes for every visitor, so they
 * cannot carry a per-response nonce; their scripts are the framework's own and the JSON-LD.
 * Pages rendered per request (account and sign-in pages, middleware.ts) get pageCsp(): scripts
 * only with this response's nonce (and what those scripts load), nothing inline otherwise.
 */

/** Google Maps embeds (footer and contact page) are the only frames the store shows. */
const FRAME_SOURCES = "https://www.google.com https://maps.google.com";

export const SITE_CSP = ["frame-ancestors 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"].join("; ");

/**
 * Razorpay Standard Checkout, on /checkout only: checkout.js (loaded by a nonce'd chunk, so
 * 'strict-dynamic' admits it; the host is listed for browsers without it), its payment frame and
 * API calls, its logos, and the redirect mode's form post to Razorpay.
 */
const RAZORPAY = { script: "https://checkout.razorpay.com", frame: "https://api.razorpay.com https://checkout.razorpay.com", connect: "https://*.razorpay.com", img: "https://*.razorpay.com", form: "https://api.razorpay.com" };

export function pageCsp(nonce: string, development = false, options: { razorpay?: boolean } = {}): string {
  const rzp = (kind: keyof typeof RAZORPAY) => (options.razorpay ? ` ${RAZORPAY[kind]}` : "");
  return [
    "default-src 'self'",
    // 'strict-dynamic': chunks that Next's nonce'd scripts load are trusted; 'self' is ignored by
    // browsers that understand it and kept for those that do not.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}${rzp("script")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${rzp("img")}`,
    "font-src 'self'",
    `connect-src 'self'${rzp("connect")}`,
    `frame-src ${FRAME_SOURCES}${rzp("frame")}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${rzp("form")}`,
  ].join("; ");
}
