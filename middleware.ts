import { NextResponse, type NextRequest } from "next/server";
import { isAccountPath, SESSION_COOKIE } from "@/lib/auth/constants";

/** A path whose percent-encoding is broken cannot name anything: answer 400 before routing fails on it. */
function malformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * Sends guests (no session cookie) away from account pages to /login, keeping the wanted path.
 * It only looks at the cookie; every account page and handler checks the session itself.
 * API paths get one cheap check: broken percent-encoding answers 400 JSON instead of a router 500.
 */
export function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/api/")) {
    return malformedPath(pathname)
      ? NextResponse.json({ result: false, message: "The request path is not valid." }, { status: 400 })
      : NextResponse.next();
  }
  if (isAccountPath(pathname) && !request.cookies.get(SESSION_COOKIE)?.value) {
    const login = request.nextUrl.clone();
    login.pathname = "/login";
    login.search = `?redirect=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(login);
  }
  return NextResponse.next();
}

export const config = {
  // The Node.js runtime: no edge sandbox to enter on every API request.
  runtime: "nodejs",
  matcher: ["/api/:path*", "/dashboard/:path*", "/purchase-history/:path*", "/order-details/:path*", "/wishlists/:path*", "/profile/:path*"],
};
