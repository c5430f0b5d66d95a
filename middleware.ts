import { NextResponse, type NextRequest } from "next/server";
import { isAccountPath, SESSION_COOKIE } from "@/lib/auth/constants";

/**
 * Sends guests (no session cookie) away from account pages to /login, keeping the wanted path.
 * It only looks at the cookie; every account page and handler checks the session itself.
 * The API is not matched: its requests skip a middleware pass (scripts/server.ts answers broken
 * percent-encoding under /api/ with 400 before routing).
 */
export function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isAccountPath(pathname) && !request.cookies.get(SESSION_COOKIE)?.value) {
    const login = request.nextUrl.clone();
    login.pathname = "/login";
    login.search = `?redirect=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(login);
  }
  return NextResponse.next();
}

export const config = {
  // The Node.js runtime: no edge sandbox to enter on every matched request.
  runtime: "nodejs",
  matcher: ["/dashboard/:path*", "/purchase-history/:path*", "/order-details/:path*", "/wishlists/:path*", "/profile/:path*"],
};
