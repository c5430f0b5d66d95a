/**
 * Name of the httpOnly cookie that carries the session (better-auth's, with the store's prefix).
 * Over https better-auth names it "__Secure-kesar.session_token".
 */
export const SESSION_COOKIE = "kesar.session_token";
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;
/**
 * A readable cookie that only says "a session was opened in this browser", so the header's
 * client islands ask the API who is signed in only when someone may be. It proves nothing.
 */
export const SIGNED_IN_HINT_COOKIE = "kesar_signed_in";
/** Guest cart id cookie: "guest_" plus 9 random characters, kept 30 days. */
export const GUEST_COOKIE = "guest_id";

/** Routes only a signed-in customer may open; guests are sent to /login with the wanted path. */
export const ACCOUNT_ROUTES = ["/dashboard", "/purchase-history", "/order-details", "/wishlists", "/profile", "/checkout"] as const;

export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}
