import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect, unstable_rethrow } from "next/navigation";
import { cache } from "react";
import { getConfig } from "@/lib/platform/config";
import { ApiError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";
import type { z } from "@/lib/platform/zod";
import type { ActionResult } from "../../admin-nav";
import { can, permission as permissionName, permissionsOf, type Action, type Permission, type Resource } from "../../access";
import { STAFF_MESSAGES, staffPrincipal, type StaffPrincipal } from "./identity";

/**
 * Who is using the back office's pages and server actions (app/(admin)/admin/**): the same
 * staffPrincipal() and can() as the admin API (./identity.ts, ../../access.ts), read from the
 * page's own request. Every admin page calls requireStaffPage(path, resource, action) and every
 * server action requireStaffAction(resource, action), on the server, before it reads or changes
 * anything:
 *
 * - no session, a customer's session (not opened by the back office's sign-in), or an account
 *   without a staff role: to /admin/login?redirect=<path> (an action answers "sign in again");
 * - a role that must have a second factor before it is set up: to /admin/two-factor;
 * - a role that lacks the permission: forbidden(), the back office's 403 page
 *   (app/(admin)/admin/(panel)/forbidden.tsx), never the content.
 */

/** The admin login page's URL that comes back to `path`. */
export const adminLoginHref = (path: string) => `/admin/login?redirect=${encodeURIComponent(path)}`;
export const ADMIN_TWO_FACTOR_PATH = "/admin/two-factor";

type Outcome = { ok: true; principal: StaffPrincipal } | { ok: false; reason: "sign-in" | "two-factor" };

/**
 * A Request carrying this page's (or action's) headers, as staffPrincipal reads them. An action's
 * request is a write made by the store's own page: Next.js has checked its Origin against the host
 * (server actions refuse a cross-site post), the same guarantee the API's X-Requested-With gives,
 * so it is marked as such.
 */
async function ownRequest(method: "GET" | "POST"): Promise<Request> {
  const incoming = new Headers(await headers());
  if (method === "POST") incoming.set("x-requested-with", "server-action");
  return new Request(`${getConfig().siteUrl}/admin`, { method, headers: incoming });
}

async function principalOf(method: "GET" | "POST", enrolment: boolean): Promise<Outcome> {
  try {
    return { ok: true, principal: await staffPrincipal(await ownRequest(method), { enrolment }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.message === STAFF_MESSAGES.setUpTwoFactor) return { ok: false, reason: "two-factor" };
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { ok: false, reason: "sign-in" };
    throw error;
  }
}

/** The signed-in staff member of the page being rendered (once per request), or why there is none. */
export const currentStaff = cache((enrolment: boolean = false) => principalOf("GET", enrolment));

/**
 * The staff member of an admin page, allowed `action` on `resource` (none: any staff member).
 * Redirects or answers 403 as described above; returns only when the page may render.
 */
export async function requireStaffPage<R extends Resource>(path: string, resource?: R, action?: Action<R>): Promise<StaffPrincipal> {
  const outcome = await currentStaff(false);
  if (!outcome.ok) redirect(outcome.reason === "two-factor" ? `${ADMIN_TWO_FACTOR_PATH}?redirect=${encodeURIComponent(path)}` : adminLoginHref(path));
  if (resource && action && !can(outcome.principal, resource, action)) forbidden();
  return outcome.principal;
}

/** For the second factor's set-up page: a staff session whose role may still need one set up. */
export async function requireStaffEnrolment(path: string): Promise<StaffPrincipal> {
  const outcome = await currentStaff(true);
  if (!outcome.ok) redirect(adminLoginHref(path));
  return outcome.principal;
}

/**
 * The staff member behind a server action, allowed `action` on `resource`: a refusal (no staff
 * session, a second factor to set up, or a role without the permission) is thrown as an
 * ApiError for staffAction() to answer, and nothing runs.
 */
export async function requireStaffAction<R extends Resource>(resource: R, action: Action<R>): Promise<StaffPrincipal> {
  const outcome = await principalOf("POST", false);
  if (!outcome.ok) throw new ApiError(outcome.reason === "two-factor" ? 403 : 401, outcome.reason === "two-factor" ? STAFF_MESSAGES.setUpTwoFactor : "Your back-office session has ended: sign in again.");
  if (!can(outcome.principal, resource, action)) throw new ApiError(403, STAFF_MESSAGES.forbidden(permissionName(resource, action)));
  return outcome.principal;
}

/**
 * Runs a server action's work and turns what it throws into an ActionResult: an ApiError (a
 * refusal, a validation error with its fields, a 409 of the lifecycle) becomes its message. Next's
 * own signals (redirect, notFound, forbidden) go on. Anything else is a fault of the store or a
 * hand-made call with arguments no form sends (a null for the form): it is logged with its stack
 * and answered with a generic failure, never a 500 (admin-actions.api.test.ts sends such calls).
 */
export async function staffAction<T>(work: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message, errors: error.errors };
    unstable_rethrow(error);
    log.error({ err: error }, "a server action failed");
    return { ok: false, message: STAFF_MESSAGES.actionFailed };
  }
}

/** Parses an action's input with a schema: a failure is a 422 with a message per field, and nothing runs. */
export function actionInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.length ? issue.path.map(String).join(".") : "_"] ??= []).push(issue.message);
  throw new ApiError(422, result.error.issues[0]?.message ?? "The given data was invalid.", errors);
}

/** The permissions the signed-in staff member's roles give (for the sidebar and the pages' buttons). */
export const permissionsOfStaff = (principal: Pick<StaffPrincipal, "roles" | "scopes">): Permission[] =>
  permissionsOf(principal.roles).filter((p) => principal.scopes === null || principal.scopes.includes(p));
