import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getConfig } from "@/lib/platform/config";
import { clientIp } from "@/lib/platform/client-ip";
import { ApiError } from "@/lib/platform/errors";
import { COOKIE_PREFIX, getAuth } from "./auth";

/** The signed-in customer as services see them. */
export type SessionUser = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  emailVerified: boolean;
};

/** A request's identity: the user, how they proved it, and cookies to pass on (a refreshed session). */
export type Identity = { user: SessionUser; sessionId: number; via: "cookie" | "bearer"; setCookies: string[] };

type AuthUser = { id: string | number; name: string; email: string; image?: string | null; emailVerified?: boolean; phone?: unknown };

export function toSessionUser(user: AuthUser): SessionUser {
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    phone: typeof user.phone === "string" && user.phone ? user.phone : null,
    avatar: user.image ?? null,
    emailVerified: Boolean(user.emailVerified),
  };
}

/**
 * A request that carries the session cookie is treated as a cookie request (X-Requested-With
 * required for changes) even when it also sends a bearer token: the browser attached the cookie.
 */
const carriesSessionCookie = (h: Headers) => /(^|;\s*)(__Secure-)?kesar\.session_token=/.test(h.get("cookie") ?? "");

/**
 * better-auth finds a session only through its own cookies or (the bearer plugin) an
 * Authorization header. A request with neither (a guest: every cart call of a shopper who has not
 * signed in) has no session, and is answered without a pass through better-auth's endpoint
 * pipeline (its hooks, cookie parsing and response headers): about 0.3 ms a request, more than
 * the database work of an Add to Cart.
 */
const mayCarrySession = (h: Headers) => h.has("authorization") || (h.get("cookie") ?? "").includes(`${COOKIE_PREFIX}.session_`);

/** The session behind a request's cookie or Authorization: Bearer header, or null. */
export async function identify(requestHeaders: Headers): Promise<Identity | null> {
  if (!mayCarrySession(requestHeaders)) return null;
  const auth = await getAuth();
  const { headers: out, response } = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
  if (!response) return null;
  return {
    user: toSessionUser(response.user),
    sessionId: Number(response.session.id),
    via: carriesSessionCookie(requestHeaders) ? "cookie" : "bearer",
    setCookies: out.getSetCookie(),
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const SIGN_IN_REQUIRED = "Please log in to continue.";

/**
 * The signed-in user of an API request, or 401. A cookie session may change data only when the
 * request carries X-Requested-With (a page of another site cannot add that header without a CORS
 * preflight, which this API never grants); `changes` marks the spec's GET calls that change data
 * (addresses/destroy, addresses/set-default, auth/logout).
 */
export async function requireIdentity(request: Request, options: { changes?: boolean } = {}): Promise<Identity> {
  const identity = await identify(request.headers);
  if (!identity) throw new ApiError(401, SIGN_IN_REQUIRED);
  const changes = options.changes ?? !SAFE_METHODS.has(request.method);
  if (changes && identity.via === "cookie" && !request.headers.get("x-requested-with")) {
    throw new ApiError(403, "This request must be sent by the store's pages (X-Requested-With header missing).");
  }
  return identity;
}

/** A user_id sent in a body or query must be the caller's own (the spec's clients send one). */
export function assertOwnUserId(sent: number | undefined, user: SessionUser): void {
  if (sent !== undefined && sent !== 0 && sent !== user.id) throw new ApiError(403, "You can only change your own account.");
}

/** The signed-in user of the page being rendered (server components), or null; once per request. */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const identity = await identify(await headers());
  return identity?.user ?? null;
});

/**
 * The signed-in user of an account page. A guest (or an expired session that middleware.ts let
 * through on its cookie alone) goes to /login and comes back to `path` after signing in.
 */
export async function requireUser(path: string): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(`/login?redirect=${encodeURIComponent(path)}`);
  return user;
}

/** The client address of an API request, for rate limits (see ../client-ip.ts). */
export function requestIp(request: Request): string {
  return clientIp(request.headers.get("x-forwarded-for"), getConfig().trustedProxies);
}
