import { NextResponse, type NextRequest } from "next/server";
import { isAccountPath, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/accounts/constants";
import { pageCsp } from "@/lib/platform/csp";

/**
 * Account, cart and sign-in pages only (see the matcher): every other page is cached and shared, and
 * gets the site-wide policy of next.config.ts.
 *
 * 1. Guests (no session cookie) are sent from account pages to /login?redirect=<path>. This only
 *    looks at the cookie; every account page and handler checks the session itself.
 * 2. These pages are rendered per request, so they get a Content-Security-Policy with a fresh
 *    nonce for their scripts; Next.js reads it from the request and puts it on its own scripts.
 */
export function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const hasSession = Boolean(request.cookies.get(SESSION_COOKIE)?.value || request.cookies.get(SECURE_SESSION_COOKIE)?.value);
  if (isAccountPath(pathname) && !hasSession) {
    const login = request.nextUrl.clone();
    login.pathname = "/login";
    login.search = `?redirect=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(login);
  }

  const nonce = btoa(crypto.randomUUID());
  // Checkout may open Razorpay's payment window (lib/orders/client/razorpay.ts); no other page may.
  const csp = pageCsp(nonce, process.env.NODE_ENV !== "production", { razorpay: pathname === "/checkout" || pathname.startsWith("/checkout/") });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
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
  ],
};
