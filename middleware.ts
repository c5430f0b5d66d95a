import { NextResponse, type NextRequest } from "next/server";
import { isAccountPath, SESSION_COOKIE } from "@/lib/auth/constants";

/**
 * Sends guests (no session cookie) away from account pages to /login, keeping the wanted path.
 * It only looks at the cookie; every account page and handler checks the session itself.
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
  matcher: ["/dashboard/:path*", "/purchase-history/:path*", "/order-details/:path*", "/wishlists/:path*", "/profile/:path*"],
};
