import "server-only";
import { isAPIError } from "better-auth/api";
import { ApiError } from "@/lib/platform/errors";
import { getAuth } from "../auth/auth";
import { assertUnderLimit, clearLimit, countAttempt } from "../auth/limits";
import type { StaffPrincipal } from "./identity";
import { carryStaffSession } from "./sign-in";

/**
 * A staff member's own second factor (POST /admin/me/two-factor/*), through better-auth's
 * two-factor plugin: enable (password again; answers the authenticator's otpauth:// URI and ten
 * recovery codes, shown once), verify (the first code turns it on), disable (not while the role
 * requires it), and fresh recovery codes. better-auth replaces the session when it turns the
 * factor on or off; the new one stays a staff session (sign-in.ts carryStaffSession).
 */

export const TWO_FACTOR_MESSAGES = {
  wrongPassword: "Your password is not correct.",
  already: "Two-factor authentication is on already.",
  notStarted: "Start with POST /api/v2/admin/me/two-factor/enable.",
  notOn: "Two-factor authentication is not on.",
  required: "Your role requires two-factor authentication: it cannot be turned off.",
  badCode: "Invalid code.",
} as const;

const codeOf = (error: unknown): string | undefined => (isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined);

const reauthKey = (p: StaffPrincipal) => String(p.user.id);

/** Runs a better-auth call that checks the password: wrong passwords count (5 in 15 minutes). */
async function withPassword<T>(principal: StaffPrincipal, run: () => Promise<T>): Promise<T> {
  await assertUnderLimit([["reauthFailuresPerAccount", reauthKey(principal)]]);
  try {
    const result = await run();
    await clearLimit("reauthFailuresPerAccount", reauthKey(principal));
    return result;
  } catch (error) {
    const code = codeOf(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      await countAttempt([["reauthFailuresPerAccount", reauthKey(principal)]]);
      throw new ApiError(422, TWO_FACTOR_MESSAGES.wrongPassword, { password: [TWO_FACTOR_MESSAGES.wrongPassword] });
    }
    if (code === "TOTP_ALREADY_ENABLED") throw new ApiError(409, TWO_FACTOR_MESSAGES.already);
    if (code === "TWO_FACTOR_NOT_ENABLED") throw new ApiError(409, TWO_FACTOR_MESSAGES.notOn);
    throw error;
  }
}

export async function enableTwoFactor(principal: StaffPrincipal, password: string, headers: Headers): Promise<{ totpUri: string; recoveryCodes: string[] }> {
  if (principal.twoFactorEnabled) throw new ApiError(409, TWO_FACTOR_MESSAGES.already);
  const auth = await getAuth();
  const answer = await withPassword(principal, () => auth.api.enableTwoFactor({ body: { password }, headers }));
  const { totpURI, backupCodes } = answer as { totpURI?: string; backupCodes?: string[] };
  if (!totpURI || !backupCodes) throw new Error("better-auth enabled two-factor without a TOTP URI");
  return { totpUri: totpURI, recoveryCodes: backupCodes };
}

export async function verifyTwoFactorSetup(principal: StaffPrincipal, code: string, headers: Headers): Promise<{ token: string | null; setCookies: string[] }> {
  if (principal.twoFactorEnabled) throw new ApiError(409, TWO_FACTOR_MESSAGES.already);
  await assertUnderLimit([["reauthFailuresPerAccount", reauthKey(principal)]]);
  const auth = await getAuth();
  try {
    const answer = await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
    await clearLimit("reauthFailuresPerAccount", reauthKey(principal));
    const token = await carryStaffSession(answer.headers);
    return { token, setCookies: answer.headers.getSetCookie() };
  } catch (error) {
    const failure = codeOf(error);
    if (failure === "INVALID_CODE") {
      await countAttempt([["reauthFailuresPerAccount", reauthKey(principal)]]);
      throw new ApiError(422, TWO_FACTOR_MESSAGES.badCode, { code: [TWO_FACTOR_MESSAGES.badCode] });
    }
    if (failure === "TOTP_NOT_ENABLED") throw new ApiError(409, TWO_FACTOR_MESSAGES.notStarted);
    throw error;
  }
}

export async function disableTwoFactor(principal: StaffPrincipal, password: string, headers: Headers): Promise<{ token: string | null; setCookies: string[] }> {
  if (!principal.twoFactorEnabled) throw new ApiError(409, TWO_FACTOR_MESSAGES.notOn);
  if (principal.twoFactorRequired) throw new ApiError(409, TWO_FACTOR_MESSAGES.required);
  const auth = await getAuth();
  const answer = await withPassword(principal, () => auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }));
  const token = await carryStaffSession(answer.headers);
  return { token, setCookies: answer.headers.getSetCookie() };
}

export async function newRecoveryCodes(principal: StaffPrincipal, password: string, headers: Headers): Promise<string[]> {
  if (!principal.twoFactorEnabled) throw new ApiError(409, TWO_FACTOR_MESSAGES.notOn);
  const auth = await getAuth();
  const answer = await withPassword(principal, () => auth.api.generateBackupCodes({ body: { password }, headers }));
  return answer.backupCodes;
}
