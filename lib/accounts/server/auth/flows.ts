import "server-only";
import { isAPIError } from "better-auth/api";
import { verifyPassword } from "./password";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { dispatchSoon, outbox } from "@/lib/platform/outbox";
import { accountNotice } from "../account-mail";
import type { LoginInput, SignUpInput } from "../../auth-schemas";
import { ApiError } from "@/lib/platform/errors";
import { sendMail } from "@/lib/platform/mail";
import { accountExistsMail } from "@/lib/platform/mail/templates";
import { getAuth } from "./auth";
import { assertUnderLimit, clearLimit, countAttempt, refundAttempt, reserveAttempt, type LimitRule } from "./limits";
import { toSessionUser, type SessionUser } from "./session";

/**
 * Sign-up, sign-in (password or emailed code), password reset and sign-out, in front of
 * better-auth. Each flow applies the rate limits (./limits.ts), turns better-auth's errors into
 * the spec's messages and hands back the cookies better-auth set, for the route to pass on.
 */

export type SignedIn = { user: SessionUser; token: string; setCookies: string[] };

export const INVALID_LOGIN = "Invalid email or password.";
export const INVALID_CODE = "Invalid OTP";
export const CODE_EXPIRED = "This code has expired. Please request a new one.";
export const CODE_USED_UP = "Too many wrong codes. Please request a new one.";
export const RESET_FAILED = "This reset link is invalid or has expired. Please request a new one.";
/** A customer the back office blocked (better-auth's admin plugin refuses them a session). */
export const ACCOUNT_BLOCKED = "This account is blocked. Please write to us if you think this is a mistake.";
export const SECOND_FACTOR_ACCOUNT = "This account signs in with a second factor, at the back office.";

/**
 * A password sign-in of an account with a second factor (a staff member's, better-auth's
 * two-factor plugin) opens no session here: better-auth answers a challenge, which only the back
 * office's sign-in completes (../staff/sign-in.ts). The customer's pages refuse it.
 */
const wantsSecondFactor = (response: unknown) => Boolean((response as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect);

const codeOf = (error: unknown): string | undefined => {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
};

/** The counters a mailed code spends: per email (a minute apart, 3 in 15 minutes, 10 a day) and per address. */
export function codeSendChecks(email: string, ip: string): [LimitRule, string][] {
  return [
    ["codeGapPerEmail", email],
    ["codesPerEmail", email],
    ["codesPerEmailPerDay", email],
    ["codesPerIp", ip],
  ];
}

/** Counts an attempt toward the limits and then throws, so a 429 wins over the failure itself. */
async function failAfterCounting(checks: [LimitRule, string][], failure: ApiError): Promise<never> {
  await countAttempt(checks);
  throw failure;
}

/**
 * Opens an account. The answer is the same whether the email is new or known: a known email gets
 * a mail saying an account exists, a new one a welcome mail with a link that confirms the email;
 * nobody is signed in.
 */
export async function signUp(input: SignUpInput, ip: string): Promise<void> {
  const checks: [LimitRule, string][] = [
    ["signUpsPerIp", ip],
    ["signUpsPerEmail", input.email_or_phone],
  ];
  await assertUnderLimit(checks);
  await countAttempt(checks);
  const auth = await getAuth();
  const { db } = await getDb();
  const storedUser = () => db.selectFrom("users").select(["id", "name"]).where("email", "=", input.email_or_phone).executeTakeFirst();
  // better-auth answers a known email with a synthetic user (same shape, nothing stored) and mails
  // its owner; a new account gets the welcome mail with its confirmation link (./auth.ts).
  try {
    await auth.api.signUpEmail({ body: { name: input.name, email: input.email_or_phone, password: input.password } });
  } catch (error) {
    // Two sign-ups with one email at the same moment both find no account; the unique index lets
    // one in and better-auth fails the other. That one answers as for a known email.
    const winner = await storedUser();
    if (!winner) throw error;
    sendMail(input.email_or_phone, (brand) => accountExistsMail(brand, input.email_or_phone, winner.name));
  }
}

export const CONFIRM_FAILED = "This link is invalid or has expired. Log in to get a new one.";
export const CONFIRM_FIRST = "Please confirm your email address first: we have sent you a new link.";

/** The email a confirmation link names, read without trusting it (better-auth checks the signature). */
function emailInLink(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown };
    return typeof claims.email === "string" ? claims.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * The welcome mail's link, with the password: confirms the email and signs in. Both are needed.
 * The link alone proves the mailbox but not who chose the password (a mail scanner opening links,
 * or the owner of an address someone else registered, must not make that password usable); the
 * password alone proves nothing about the mailbox. Wrong passwords count like failed sign-ins.
 */
export async function confirmEmail(token: string, password: string, ip: string, headers: Headers): Promise<SignedIn> {
  const email = emailInLink(token);
  if (!email) throw new ApiError(400, CONFIRM_FAILED);
  const checks: [LimitRule, string][] = [
    ["signInFailuresPerAccount", email],
    ["signInFailuresPerIp", ip],
  ];
  await reserveAttempt(checks);
  const { db } = await getDb();
  const credential = await db
    .selectFrom("accounts as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select("a.password")
    .where("u.email", "=", email)
    .where("a.provider_id", "=", "credential")
    .executeTakeFirst();
  if (!(await verifyPassword(password, credential?.password))) throw new ApiError(401, INVALID_LOGIN);
  const auth = await getAuth();
  try {
    await auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) throw new ApiError(400, CONFIRM_FAILED);
    throw error;
  }
  const { headers: out, response } = await auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
  if (wantsSecondFactor(response)) throw new ApiError(403, SECOND_FACTOR_ACCOUNT);
  await clearLimit("signInFailuresPerAccount", email);
  await refundAttempt("signInFailuresPerIp", ip);
  return { user: toSessionUser(response.user), token: response.token, setCookies: out.getSetCookie() };
}

async function emailForPhone(phone: string): Promise<string | null> {
  const { db } = await getDb();
  const row = await db.selectFrom("users").select("email").where("phone", "=", phone).where("deleted_at", "is", null).executeTakeFirst();
  return row?.email ?? null;
}

/** Password sign-in by email, or by phone when an account has that phone. */
export async function signInWithPassword(input: LoginInput, ip: string, headers: Headers): Promise<SignedIn> {
  // An unknown phone goes through the same steps (a password hash included) as a wrong password.
  // The account's counter is keyed by its email however it signs in, so the phone gives no
  // second budget of guesses.
  const typed = input.by === "email" ? input.email : input.phone;
  const known = input.by === "email" ? input.email : await emailForPhone(input.phone);
  const email = known ?? `unknown-phone-${typed}@invalid.invalid`;
  const account = known ?? typed;
  const checks: [LimitRule, string][] = [
    ["signInFailuresPerAccount", account],
    ["signInFailuresPerIp", ip],
  ];
  // Counted before the password is checked, so simultaneous guesses cannot get past the limit.
  await reserveAttempt(checks);
  const auth = await getAuth();
  let signedIn: SignedIn;
  try {
    const { headers: out, response } = await auth.api.signInEmail({ body: { email, password: input.password }, headers, returnHeaders: true });
    if (wantsSecondFactor(response)) throw new ApiError(403, SECOND_FACTOR_ACCOUNT);
    signedIn = { user: toSessionUser(response.user), token: response.token, setCookies: out.getSetCookie() };
  } catch (error) {
    if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
      throw new ApiError(401, input.by === "email" ? INVALID_LOGIN : "Invalid phone number or password.");
    }
    // The right password of an account whose email is not confirmed yet: better-auth has mailed
    // a fresh link. Only the right password gets here, so this tells a guesser nothing.
    // The right password of a blocked account: only the right password gets here, as above.
    if (codeOf(error) === "BANNED_USER") {
      await clearLimit("signInFailuresPerAccount", account);
      await refundAttempt("signInFailuresPerIp", ip);
      throw new ApiError(403, ACCOUNT_BLOCKED);
    }
    if (codeOf(error) === "EMAIL_NOT_VERIFIED") {
      await clearLimit("signInFailuresPerAccount", account);
      await refundAttempt("signInFailuresPerIp", ip);
      throw new ApiError(403, CONFIRM_FIRST);
    }
    throw error;
  }
  await clearLimit("signInFailuresPerAccount", account);
  await refundAttempt("signInFailuresPerIp", ip);
  return signedIn;
}

/**
 * Emails a sign-in code. Known and unknown emails get the same answer; only a known one gets a
 * mail (better-auth's disableSignUp), and both count toward the limits.
 */
export async function sendSignInCode(email: string, ip: string): Promise<void> {
  const checks = codeSendChecks(email, ip);
  await assertUnderLimit(checks);
  await countAttempt(checks);
  const auth = await getAuth();
  await auth.api.sendVerificationOTP({ body: { email, type: "sign-in" } });
}

function codeFailure(error: unknown): ApiError | null {
  const code = codeOf(error);
  if (code === "BANNED_USER") return new ApiError(403, ACCOUNT_BLOCKED);
  if (code === "OTP_EXPIRED") return new ApiError(400, CODE_EXPIRED);
  if (code === "TOO_MANY_ATTEMPTS") return new ApiError(400, CODE_USED_UP);
  if (code === "INVALID_OTP" || code === "USER_NOT_FOUND") return new ApiError(400, INVALID_CODE);
  return null;
}

/**
 * Signs in with an emailed code: 6 digits, 10 minutes, once, 5 wrong tries. Wrong codes also
 * count toward the account's failed sign-ins, so guesses from many addresses stop too.
 */
export async function signInWithCode(email: string, otp: string, ip: string, headers: Headers): Promise<SignedIn> {
  const checks: [LimitRule, string][] = [
    ["signInFailuresPerAccount", email],
    ["codeFailuresPerIp", ip],
  ];
  await reserveAttempt(checks);
  const auth = await getAuth();
  try {
    const { headers: out, response } = await auth.api.signInEmailOTP({ body: { email, otp }, headers, returnHeaders: true });
    await clearLimit("signInFailuresPerAccount", email);
    await refundAttempt("codeFailuresPerIp", ip);
    return { user: toSessionUser(response.user), token: response.token, setCookies: out.getSetCookie() };
  } catch (error) {
    const failure = codeFailure(error);
    if (failure) throw failure;
    throw error;
  }
}

/** Emails a reset link (30 minutes, once). The same answer for unknown emails, which get no mail. */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  const checks: [LimitRule, string][] = [
    ["resetGapPerEmail", email],
    ["resetsPerEmail", email],
    ["resetsPerIp", ip],
  ];
  await assertUnderLimit(checks);
  await countAttempt(checks);
  const auth = await getAuth();
  await auth.api.requestPasswordReset({ body: { email } });
}

/** Sets a new password from a reset link; every session of the account ends. */
export async function resetPassword(token: string, password: string, ip: string): Promise<void> {
  const checks: [LimitRule, string][] = [["resetFailuresPerIp", ip]];
  await assertUnderLimit(checks);
  const auth = await getAuth();
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    const code = codeOf(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return failAfterCounting(checks, new ApiError(400, RESET_FAILED));
    throw error;
  }
}

/** Ends the request's session; the answer's cookies clear the browser's. */
export async function signOut(headers: Headers): Promise<string[]> {
  const auth = await getAuth();
  const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
  return out.getSetCookie();
}

/**
 * Ends the account's sessions (all, or all but `keepSessionId`) and spends the reset links still
 * out for it: after "log out everywhere", a password change or an email change, an old link in a
 * mailbox must not open the account again. (better-auth keeps the user id as a reset row's value;
 * code rows hold "hash:attempts", never a bare id.)
 */
export async function endOtherAccess(userId: number, keepSessionId?: number): Promise<void> {
  const { db } = await getDb();
  let sessions = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId !== undefined) sessions = sessions.where("id", "!=", keepSessionId);
  await sessions.execute();
  await spendResetLinks(userId);
}

export async function spendResetLinks(userId: number): Promise<void> {
  const { db } = await getDb();
  await db.deleteFrom("verifications").where("value", "=", String(userId)).execute();
}

/** Ends every session of the user (log out of all devices), this one included. */
export async function signOutEverywhere(userId: number, headers: Headers): Promise<string[]> {
  await endOtherAccess(userId);
  return signOut(headers);
}

/**
 * Changes the password after checking the current one; other sessions end, this one is replaced
 * by a new session (new token and cookie).
 */
export async function changePassword(user: SessionUser, current: string, next: string, headers: Headers): Promise<SignedIn> {
  const checks: [LimitRule, string][] = [["reauthFailuresPerAccount", String(user.id)]];
  // Counted before the password is checked, so simultaneous guesses cannot get past the limit.
  await reserveAttempt(checks);
  const auth = await getAuth();
  try {
    const { headers: out, response } = await auth.api.changePassword({
      body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    // Other sessions ended with it (better-auth); reset links still out end too.
    await spendResetLinks(user.id);
    // better-auth committed the change itself: the notice is written right after it.
    await writeTransaction(await getDb(), (trx) => outbox.add(trx, accountNotice("password-changed", user.email, user.name)));
    dispatchSoon();
    await clearLimit("reauthFailuresPerAccount", String(user.id));
    return { user: toSessionUser(response.user), token: response.token ?? "", setCookies: out.getSetCookie() };
  } catch (error) {
    const code = codeOf(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      throw new ApiError(422, "Your current password is not correct.", { current_password: ["Your current password is not correct."] });
    }
    throw error;
  }
}
