/** Name of the httpOnly cookie that carries the session token on the web. */
export const SESSION_COOKIE = "furnish_session";
/** Guest cart id cookie: "guest_" plus 9 random characters, kept 30 days. */
export const GUEST_COOKIE = "guest_id";

/** Routes only a signed-in customer may open; guests are sent to /login with the wanted path. */
export const ACCOUNT_ROUTES = ["/dashboard", "/purchase-history", "/order-details", "/wishlists", "/profile"] as const;

export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}
