import "server-only";
import type { StaffActor } from "@/lib/platform/audit";
import { getDb } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { can, permission, staffRoles, type Action, type Permission, type Resource, type StaffRole } from "../../access";
import { identify, requestIp } from "../auth/session";
import { twoFactorRequired } from "./settings";
import { looksLikeApiToken, tokenHolder } from "./tokens";

/**
 * Who is calling the admin API, and whether they may (docs/operations.md "Back office"). Two ways
 * in: a staff session (opened by POST /admin/auth/login and its second factor; a customer session
 * of the same person is not one) by cookie or Bearer, or a personal API token (Bearer kst_…).
 * No credentials: 401. Credentials that are not staff, a role or token scope that does not allow
 * the call, a cookie write without X-Requested-With, or a role that must have a second factor
 * before it is set up: 403. Every route asks `requireStaff(request, resource, action)` before it
 * reads its input or changes anything; the decision is can()'s (lib/accounts/access.ts).
 */

export const STAFF_MESSAGES = {
  signIn: "Sign in to the back office, or send a personal API token (Authorization: Bearer kst_…).",
  badToken: "This API token is not valid: it is unknown, expired or revoked.",
  notStaff: "This needs a back-office sign-in: the session is not a staff session.",
  noRole: "Your account has no staff role.",
  forbidden: (needs: string) => `Your role does not allow this (it needs ${needs}).`,
  setUpTwoFactor: "Set up two-factor authentication first: your role requires it (POST /api/v2/admin/me/two-factor/enable).",
  requestedWith: "This request must be sent by the store's pages (X-Requested-With header missing).",
  sessionOnly: "This needs a signed-in session, not an API token.",
  actionFailed: "That could not be done. Reload the page to see what is saved, then try again.",
} as const;

export type StaffPrincipal = {
  actor: StaffActor;
  user: { id: number; name: string; email: string };
  roles: StaffRole[];
  /** The token's scopes; null for a session (all its roles allow). */
  scopes: Permission[] | null;
  via: "cookie" | "bearer" | "token";
  sessionId: number | null;
  twoFactorEnabled: boolean;
  twoFactorRequired: boolean;
  /** A refreshed session's cookies, for the route to pass on. */
  setCookies: string[];
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function bearerOf(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header || header.slice(0, 7).toLowerCase() !== "bearer ") return null;
  return header.slice(7).trim() || null;
}

const truthy = (v: boolean | number | null | undefined) => v === true || v === 1;

/**
 * The staff member behind a request, checked for everything but a permission. `enrolment` lets a
 * session whose role needs a second factor it has not set up yet through (the calls that set it
 * up, /admin/me, sign-out).
 */
export async function staffPrincipal(request: Request, options: { enrolment?: boolean } = {}): Promise<StaffPrincipal> {
  const ip = requestIp(request);
  const userAgent = request.headers.get("user-agent");
  const bearer = bearerOf(request);
  const { db } = await getDb();

  if (bearer && looksLikeApiToken(bearer)) {
    const holder = await tokenHolder(bearer);
    if (!holder) throw new ApiError(401, STAFF_MESSAGES.badToken);
    const user = await db.selectFrom("users").select(["id", "name", "email", "two_factor_enabled"]).where("id", "=", holder.userId).executeTakeFirstOrThrow();
    return {
      actor: { userId: holder.userId, kind: "token", tokenId: holder.tokenId, ip, userAgent },
      user: { id: user.id, name: user.name, email: user.email },
      roles: holder.roles,
      scopes: holder.scopes,
      via: "token",
      sessionId: null,
      twoFactorEnabled: truthy(user.two_factor_enabled),
      twoFactorRequired: false,
      setCookies: [],
    };
  }

  const identity = await identify(request.headers);
  if (!identity) throw new ApiError(401, STAFF_MESSAGES.signIn);
  const row = await db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.staff", "u.role", "u.two_factor_enabled", "u.deleted_at"])
    .where("s.id", "=", identity.sessionId)
    .executeTakeFirst();
  if (!row || row.staff !== 1 || row.deleted_at) throw new ApiError(403, STAFF_MESSAGES.notStaff);
  const roles = staffRoles(row.role);
  if (roles.length === 0) throw new ApiError(403, STAFF_MESSAGES.noRole);
  const changes = !SAFE_METHODS.has(request.method);
  if (changes && identity.via === "cookie" && !request.headers.get("x-requested-with")) throw new ApiError(403, STAFF_MESSAGES.requestedWith);
  const enabled = truthy(row.two_factor_enabled);
  const required = await twoFactorRequired(roles);
  if (required && !enabled && !options.enrolment) throw new ApiError(403, STAFF_MESSAGES.setUpTwoFactor);
  return {
    actor: { userId: identity.user.id, kind: "staff", tokenId: null, ip, userAgent },
    user: { id: identity.user.id, name: identity.user.name, email: identity.user.email },
    roles,
    scopes: null,
    via: identity.via,
    sessionId: identity.sessionId,
    twoFactorEnabled: enabled,
    twoFactorRequired: required,
    setCookies: identity.setCookies,
  };
}

/** Throws 403 unless can() allows the principal `action` on `resource`. */
export function assertCan<R extends Resource>(principal: Pick<StaffPrincipal, "roles" | "scopes">, resource: R, action: Action<R>): void {
  if (!can(principal, resource, action)) throw new ApiError(403, STAFF_MESSAGES.forbidden(permission(resource, action)));
}

/** The staff member behind a request, allowed `action` on `resource` (401/403 otherwise). */
export async function requireStaff<R extends Resource>(request: Request, resource: R, action: Action<R>): Promise<StaffPrincipal> {
  const principal = await staffPrincipal(request);
  assertCan(principal, resource, action);
  return principal;
}

/**
 * The staff member behind a request, allowed at least one of `permissions` (a route whose exact
 * need depends on its body: the product edit needs product:update, product:publish or
 * stock:update by the fields sent); the route then asks assertCan for what the body holds.
 */
export async function requireStaffForAny(request: Request, permissions: readonly Permission[]): Promise<StaffPrincipal> {
  const principal = await staffPrincipal(request);
  const any = permissions.some((p) => {
    const [resource, action] = p.split(":") as [Resource, Action];
    return can(principal, resource, action as never);
  });
  if (!any) throw new ApiError(403, STAFF_MESSAGES.forbidden(permissions.join(" or ")));
  return principal;
}

/** A staff session (not a token), for the calls about one's own sign-in and second factor. */
export async function requireStaffSession(request: Request): Promise<StaffPrincipal> {
  const principal = await staffPrincipal(request, { enrolment: true });
  if (principal.via === "token") throw new ApiError(403, STAFF_MESSAGES.sessionOnly);
  return principal;
}
