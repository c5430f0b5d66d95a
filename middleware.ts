import { NextResponse, type NextRequest } from "next/server";
import { isAccountPath, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/accounts/constants";
import { ADMIN_LOGIN_PATH, isAdminPath } from "@/lib/accounts/admin-nav";
import { CROSS_SITE_ACTION_MESSAGE, crossSiteAction } from "@/lib/platform/action-origin";
import { pageCsp } from "@/lib/platform/csp";

/**
 * Account, cart, sign-in and back-office pages only (see the matcher): every other page is cached
 * and shared, and gets the site-wide policy of next.config.ts.
 *
 * 1. Guests (no session cookie) are sent from account pages to /login?redirect=<path>, and from
 *    back-office pages to /admin/login?redirect=<path>. This only looks at the cookie; every
 *    account and admin page and handler checks the session itself (an admin page also its role).
 * 2. These pages are rendered per request, so they get a Content-Security-Policy with a fresh
 *    nonce for their scripts; Next.js reads it from the request and puts it on its own scripts.
 * 3. Back-office pages are never indexed: X-Robots-Tag on the answer (and a robots meta tag).
 * 4. A server action posted from another site's page is refused with 403 (lib/platform/action-origin.ts).
 */
export function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (crossSiteAction(request.method, request.headers)) {
    return new NextResponse(CROSS_SITE_ACTION_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" } });
  }
  // The page's own query, without the router's cache-busting parameter of a client navigation.
  const query = new URLSearchParams(request.nextUrl.searchParams);
  query.delete("_rsc");
  const search = query.size ? `?${query.toString()}` : "";
  const hasSession = Boolean(request.cookies.get(SESSION_COOKIE)?.value || request.cookies.get(SECURE_SESSION_COOKIE)?.value);
  const admin = isAdminPath(pathname);
  if (!hasSession && (isAccountPath(pathname) || (admin && pathname !== ADMIN_LOGIN_PATH))) {
    const login = request.nextUrl.clone();
    login.pathname = admin ? ADMIN_LOGIN_PATH : "/login";
    login.search = `?redirect=${encodeURIComponent(pathname + search)}`;
    const response = NextResponse.redirect(login);
    if (admin) response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  }

  const nonce = btoa(crypto.randomUUID());
  // Checkout may open Razorpay's payment window (lib/orders/client/razorpay.ts); no other page may.
  const csp = pageCsp(nonce, process.env.NODE_ENV !== "production", { razorpay: pathname === "/checkout" || pathname.startsWith("/checkout/") });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  // The admin frame's layout sends a guest back to this page after signing in.
  if (admin) requestHeaders.set("x-admin-path", pathname + search);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  if (admin) response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}

export const config = {
  // The Node.js runtime: no edge sandbox to enter on every matched request.
  runtime: "nodejs",
  matcher: [
    "/dashboard/:path*",
    "/purchase-history/:path*",
    "/order-details/:path*",
    "/wishlists/:path*",
    "/profile/:path*",
    "/checkout/:path*",
    "/cart",
    "/login",
    "/registration",
    "/forgot-password",
    "/reset-password",
    "/verify-email",
    "/admin",
    "/admin/:path*",
  ],
};
