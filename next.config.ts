import type { NextConfig } from "next";
import { cacheControlOf, NO_STORE, PUBLIC_PAGES } from "./lib/platform/cache-policy";
import { SITE_CSP } from "./lib/platform/csp";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Content-Security-Policy", value: SITE_CSP },
];

/** Next.js draft mode's cookie (the back office's preview of drafts). */
const DRAFT_COOKIE = { type: "cookie" as const, key: "__prerender_bypass" };

const nextConfig: NextConfig = {
  // Caching: catalog and content reads go through the tagged data cache (lib/platform/cache.ts) and
  // pages are statically regenerated (ISR) and invalidated by tag. Cache Components is left off on
  // purpose: its streamed shells answer 200 before a page can call notFound() and hide streamed
  // catalog text from browsers without JavaScript, and both must hold here.
  poweredByHeader: false,
  // Next hashes the whole HTML of every page response in JavaScript to make an ETag: 14% of the
  // server's CPU for a product page under load (npm run bench, node --cpu-prof). Pages carry
  // s-maxage for shared caches and browsers rarely revalidate HTML, so the 304s are not worth it.
  // Static assets and optimized images keep their own validators.
  generateEtags: false,
  // `npm run build` makes .next/standalone: the server and only the files it needs, which npm start
  // runs in place and deploy/Dockerfile copies into the image.
  output: "standalone",
  // Next's gzip. Behind nginx (deploy/nginx) the instances still compress: nginx asks for gzip (or
  // nothing), keeps the answer as sent in its cache, and serves hits without compressing again
  // (a cached product page: 2,002 req/s this way, 343 with nginx gzipping every hit).
  compress: true,
  // Rendered pages (ISR) and cached reads (lib/platform/cache.ts) go through our cache handler, which
  // picks its store when the server starts: Redis when REDIS_URL is set (shared by every instance,
  // so revalidateTag() on one reaches all), else an in-process LRU (lib/platform/next-cache-handler.mjs).
  // With a custom handler Next neither reads the pages prerendered by the build nor writes pages
  // under .next/ (experimental.isrFlushToDisk no longer applies, so it is gone), so a restarted
  // server never serves the build's pages.
  cacheHandler: require.resolve("./lib/platform/next-cache-handler.mjs"),
  // No per-instance memory copy in front of the handler: with Redis, an instance must never answer
  // from its own copy after another instance revalidated a tag. (The in-process store of the
  // Redis-less mode is the handler's own LRU, sized there.)
  cacheMaxMemorySize: 0,
  reactStrictMode: true,
  // forbidden(): a back-office page a staff member's role does not allow answers 403 with the
  // back office's own page, not the content (lib/accounts/server/staff/pages.ts,
  // docs/decisions/0047-admin-pages-answer-403-through-forbidden.md).
  experimental: { authInterrupts: true },
  // pdfkit (GST invoices, lib/orders/server/invoices/pdf.ts) reads its data files and the fonts from
  // node_modules at run time; bundled, it would look for them next to the bundle instead.
  // React Email (the order mails, docs/decisions/0059) renders with react-dom/server, which the
  // server-components layer of a route handler may not import; as external packages Node loads
  // them with its own conditions when the outbox renders a mail.
  serverExternalPackages: ["pdfkit", "@react-email/components", "@react-email/render"],
  // Found at run time, so the standalone output's file tracing cannot see them: the invoice fonts
  // (lib/orders/server/invoices/pdf.ts) and pdfkit's font metrics. Invoices are issued by the payment
  // routes and served by the invoice route, so every server route gets them.
  outputFileTracingIncludes: {
    "/**": ["./node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf", "./node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf", "./node_modules/dejavu-fonts-ttf/package.json", "./node_modules/pdfkit/js/data/**"],
  },
  images: {
    // The demo photos are WebP already; AVIF encoding costs seconds per size on a small machine.
    formats: ["image/webp"],
    // Few candidate widths keep every srcset (and so every page) short; each one earns its place.
    // 828: a full-width photo on a phone (412 px at 1.75-2x) without fetching 1080+ pixels.
    deviceSizes: [640, 828, 1200, 1920],
    // 384: product cards on 1x screens (components/catalog/ProductCard.tsx).
    imageSizes: [128, 256, 384],
    localPatterns: [{ pathname: "/media/**" }],
    minimumCacheTTL: 60 * 60 * 24 * 30,
  },
  // A product page with a variant chosen (?variant=<slug>, a shared link) is a page of its own,
  // rendered and cached per variant like the product's (app/(store)/products/[slug]/variant/), not
  // a page rendered per request for its query string. Other query strings reach the product page.
  async rewrites() {
    return [{ source: "/products/:slug", has: [{ type: "query", key: "variant", value: "(?<variant>[A-Za-z0-9._-]{1,80})" }], destination: "/products/:slug/variant/:variant" }];
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The checkout page may open Razorpay's Standard Checkout: its frame may use the Payment
      // Request API, and its bank pages (3-D Secure, UPI apps) may open windows that report back to
      // the page that opened them. Later rules override the same header of earlier ones.
      {
        source: "/checkout",
        headers: [
          { key: "Permissions-Policy", value: 'camera=(), microphone=(), geolocation=(), payment=(self "https://api.razorpay.com")' },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
        ],
      },
      // Pages that are the same for everyone: a shared cache may keep them as briefly as the API
      // answers they show (lib/platform/cache-policy.ts says how long and why).
      // Not in draft mode, though: a staff member previewing a draft (app/(store)/_lib/preview.ts)
      // gets a page no shared cache may keep.
      ...PUBLIC_PAGES.map(({ source, kind }) => ({ source, missing: [DRAFT_COOKIE], headers: [{ key: "Cache-Control", value: cacheControlOf(kind) }] })),
      ...[...PUBLIC_PAGES.map((p) => p.source), "/:slug"].map((source) => ({ source, has: [DRAFT_COOKIE], headers: [{ key: "Cache-Control", value: NO_STORE }] })),
      // The back office is never indexed (its pages say so in a robots meta tag too; robots.txt
      // asks crawlers to stay out of it).
      { source: "/admin/:path*", headers: [{ key: "X-Robots-Tag", value: "noindex, nofollow" }] },
      // Versioned by a hash of its paths (components/ui/Icon.tsx), so it can be kept for a year.
      { source: "/icons.svg", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
      { source: "/media/:path*", headers: [{ key: "Cache-Control", value: "public, max-age=2592000, stale-while-revalidate=86400" }] },
    ];
  },
};

export default nextConfig;
