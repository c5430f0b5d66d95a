import "server-only";
import { isAPIError } from "better-auth/api";
import { getConfig } from "@/lib/platform/config";
import { getDb } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";
import { staffRoles } from "../../access";
import type { SecondFactorInput } from "../../staff-schemas";
import { COOKIE_PREFIX, getAuth } from "../auth/auth";
import { hashSessionToken } from "../auth/hashed-sessions";
import { clearLimit, countAttempt, refundAttempt, reserveAttempt, type LimitRule } from "../auth/limits";
import { hashPassword, verifyPassword } from "../auth/password";
import { requestIp, toSessionUser, type SessionUser } from "../auth/session";

/**
 * The back office's sign-in (POST /admin/auth/login, then /admin/auth/two-factor when the account
 * has a second factor), in front of better-auth's password sign-in and its two-factor plugin. It
 * applies the customers' rate limits (../auth/limits.ts: failures per account and per address,
 * counted before the password is checked), answers an unknown email, a customer's email and a
 * wrong password alike, marks the session it opens as a staff session (sessions.staff), and
 * records every attempt, failed or not, in staff_sign_ins.
 */

export const STAFF_SIGN_IN_MESSAGES = {
  invalid: "Invalid email or password.",
  confirmFirst: "Please confirm your email address first: we have sent you a new link.",
  banned: "This account is blocked.",
  badCode: "Invalid code.",
  expired: "This sign-in has expired or is not valid: sign in with your password again.",
  tooManyCodes: "Too many wrong codes: sign in with your password again.",
  locked: "Too many wrong codes: the second factor is locked for a while. Please try again later.",
} as const;

/** What staff_sign_ins.result says. */
export type SignInResult =
  | "success"
  | "two_factor_required"
  | "bad_password"
  | "not_staff"
  | "unverified"
  | "banned"
  | "rate_limited"
  | "bad_code"
  | "bad_challenge"
  | "locked";

export type StaffSignedIn = { kind: "signed_in"; user: SessionUser; token: string; setCookies: string[] };
export type StaffChallenge = { kind: "two_factor"; challenge: string; setCookies: string[] };

const clip = (value: string | null, n = 500) => (value === null ? null : value.slice(0, n));

async function record(entry: { userId: number | null; email: string; ip: string; userAgent: string | null; result: SignInResult }): Promise<void> {
  try {
    const { db } = await getDb();
    await db
      .insertInto("staff_sign_ins")
      .values({ user_id: entry.userId, email: entry.email.slice(0, 254), ip: clip(entry.ip, 100), user_agent: clip(entry.userAgent), result: entry.result, created_at: new Date().toISOString() })
      .execute();
  } catch (error) {
    // The record must not turn a sign-in into a 500; its loss is logged.
    log.error({ err: error, result: entry.result }, "could not record a staff sign-in attempt");
  }
}

const codeOf = (error: unknown): string | undefined => (isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined);

/** Marks the session a staff sign-in opened (by its token): only such a session reaches the admin API. */
async function markStaffSession(token: string): Promise<void> {
  const { db } = await getDb();
  await db.updateTable("sessions").set({ staff: 1 }).where("token", "=", hashSessionToken(token)).execute();
}

let dummyHash: Promise<string> | undefined;
/** A password check of the same cost for an email that has no staff account behind it. */
const spendPasswordCheck = async (password: string) => void (await verifyPassword(password, await (dummyHash ??= hashPassword("no staff account behind this email"))));

const secureCookies = () => getConfig().siteUrl.startsWith("https://");
export const twoFactorCookieName = () => `${secureCookies() ? "__Secure-" : ""}${COOKIE_PREFIX}.two_factor`;

/** The `name=value` of a Set-Cookie line named `name`, or undefined. */
const cookieValue = (setCookies: readonly string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0]?.slice(name.length + 1);

/** POST /admin/auth/login: a session, or a challenge for the second factor. */
export async function staffSignIn(input: { email: string; password: string }, request: Request): Promise<StaffSignedIn | StaffChallenge> {
  const ip = requestIp(request);
  const userAgent = request.headers.get("user-agent");
  const email = input.email;
  const { db } = await getDb();
  const account = await db.selectFrom("users").select(["id", "role", "deleted_at"]).where("email", "=", email).executeTakeFirst();
  const userId = account && !account.deleted_at ? account.id : null;
  const checks: [LimitRule, string][] = [
    ["signInFailuresPerAccount", email],
    ["signInFailuresPerIp", ip],
  ];
  try {
    await reserveAttempt(checks);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) await record({ userId, email, ip, userAgent, result: "rate_limited" });
    throw error;
  }
  if (!account || account.deleted_at || staffRoles(account.role).length === 0) {
    await spendPasswordCheck(input.password);
    await record({ userId, email, ip, userAgent, result: "not_staff" });
    throw new ApiError(401, STAFF_SIGN_IN_MESSAGES.invalid);
  }
  const auth = await getAuth();
  let answer;
  try {
    answer = await auth.api.signInEmail({ body: { email, password: input.password }, headers: request.headers, returnHeaders: true });
  } catch (error) {
    const code = codeOf(error);
    if (code === "EMAIL_NOT_VERIFIED") {
      await record({ userId, email, ip, userAgent, result: "unverified" });
      throw new ApiError(403, STAFF_SIGN_IN_MESSAGES.confirmFirst);
    }
    if (code === "BANNED_USER") {
      await record({ userId, email, ip, userAgent, result: "banned" });
      throw new ApiError(403, STAFF_SIGN_IN_MESSAGES.banned);
    }
    if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
      await record({ userId, email, ip, userAgent, result: "bad_password" });
      throw new ApiError(401, STAFF_SIGN_IN_MESSAGES.invalid);
    }
    throw error;
  }
  const setCookies = answer.headers.getSetCookie();
  const response = answer.response as { twoFactorRedirect?: boolean; token?: string; user?: Parameters<typeof toSessionUser>[0] };
  // The password was right: its point is given back. The second factor's failures count on.
  await refundAttempt("signInFailuresPerAccount", email);
  await refundAttempt("signInFailuresPerIp", ip);
  if (response.twoFactorRedirect) {
    const challenge = cookieValue(setCookies, twoFactorCookieName());
    if (!challenge) throw new Error("better-auth answered a two-factor challenge without its cookie");
    await record({ userId, email, ip, userAgent, result: "two_factor_required" });
    return { kind: "two_factor", challenge, setCookies };
  }
  if (!response.token || !response.user) throw new Error("better-auth signed in without a session token");
  await markStaffSession(response.token);
  await clearLimit("signInFailuresPerAccount", email);
  await record({ userId, email, ip, userAgent, result: "success" });
  return { kind: "signed_in", user: toSessionUser(response.user), token: response.token, setCookies };
}

/** The headers better-auth reads the challenge from: the request's, with `challenge` as its cookie when given. */
function challengeHeaders(request: Request, challenge: string | undefined): Headers {
  const headers = new Headers(request.headers);
  if (!challenge) return headers;
  const name = twoFactorCookieName();
  const others = (headers.get("cookie") ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter((c) => c && !c.startsWith(`${name}=`));
  headers.set("cookie", [...others, `${name}=${challenge}`].join("; "));
  return headers;
}

/** The account a challenge belongs to (to name it in the records and count against it), or null. */
async function challengeAccount(headers: Headers): Promise<{ id: number; email: string } | null> {
  const name = twoFactorCookieName();
  const raw = (headers.get("cookie") ?? "")
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!raw) return null;
  let signed: string;
  try {
    signed = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const auth = await getAuth();
  const context = await auth.$context;
  const found = await context.internalAdapter.findVerificationValue(signed.slice(0, dot));
  if (!found || !/^\d+$/.test(found.value)) return null;
  const { db } = await getDb();
  const user = await db.selectFrom("users").select(["id", "email"]).where("id", "=", Number(found.value)).executeTakeFirst();
  return user ?? null;
}

/**
 * POST /admin/auth/two-factor: the authenticator's code or a recovery code (spent by its use) for
 * the challenge of a password sign-in. better-auth allows 5 codes a challenge and locks the
 * second factor after 10 failures in a row; wrong codes also count as failed sign-ins of the
 * account and the address.
 */
export async function staffSecondFactor(input: SecondFactorInput, request: Request): Promise<StaffSignedIn> {
  const ip = requestIp(request);
  const userAgent = request.headers.get("user-agent");
  const headers = challengeHeaders(request, input.challenge);
  const account = await challengeAccount(headers);
  const email = account?.email ?? "(unknown challenge)";
  const checks: [LimitRule, string][] = account
    ? [
        ["signInFailuresPerAccount", account.email],
        ["signInFailuresPerIp", ip],
      ]
    : [["signInFailuresPerIp", ip]];
  try {
    await reserveAttempt(checks);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) await record({ userId: account?.id ?? null, email, ip, userAgent, result: "rate_limited" });
    throw error;
  }
  if (!account) {
    await record({ userId: null, email, ip, userAgent, result: "bad_challenge" });
    throw new ApiError(401, STAFF_SIGN_IN_MESSAGES.expired);
  }
  const auth = await getAuth();
  let answer;
  try {
    answer = input.code
      ? await auth.api.verifyTOTP({ body: { code: input.code, trustDevice: input.trust_device }, headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body: { code: input.recovery_code as string, trustDevice: input.trust_device }, headers, returnHeaders: true });
  } catch (error) {
    const code = codeOf(error);
    const fail = async (result: SignInResult, status: number, message: string): Promise<never> => {
      await record({ userId: account.id, email, ip, userAgent, result });
      throw new ApiError(status, message);
    };
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") return fail("bad_code", 401, STAFF_SIGN_IN_MESSAGES.badCode);
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return fail("bad_code", 401, STAFF_SIGN_IN_MESSAGES.tooManyCodes);
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") return fail("locked", 429, STAFF_SIGN_IN_MESSAGES.locked);
    if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOTP_NOT_ENABLED" || code === "BACKUP_CODES_NOT_ENABLED") return fail("bad_challenge", 401, STAFF_SIGN_IN_MESSAGES.expired);
    throw error;
  }
  const response = answer.response as { token: string; user: Parameters<typeof toSessionUser>[0] };
  await markStaffSession(response.token);
  await clearLimit("signInFailuresPerAccount", account.email);
  await refundAttempt("signInFailuresPerIp", ip);
  await record({ userId: account.id, email, ip, userAgent, result: "success" });
  return { kind: "signed_in", user: toSessionUser(response.user), token: response.token, setCookies: answer.headers.getSetCookie() };
}

/** For the second factor's set-up: better-auth replaced the session; the new one (its token in set-auth-token) is a staff session too. */
export async function carryStaffSession(headers: Headers): Promise<string | null> {
  const value = headers.get("set-auth-token");
  if (!value) return null;
  let signed = value;
  try {
    signed = decodeURIComponent(value);
  } catch {
    // As it is.
  }
  const token = signed.includes(".") ? signed.slice(0, signed.lastIndexOf(".")) : signed;
  await markStaffSession(token);
  return token;
}

/** Failures while the second factor is being set up count like wrong passwords of the account. */
export async function countReauthFailure(userId: number): Promise<void> {
  await countAttempt([["reauthFailuresPerAccount", String(userId)]]);
}
