import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { kyselyAdapter } from "@better-auth/kysely-adapter";
import { betterAuth } from "better-auth";
import { admin, bearer, emailOTP, twoFactor } from "better-auth/plugins";
import { Kysely, PostgresDialect } from "kysely";
import { hashPassword, verifyPassword } from "./password";
import { getConfig } from "@/lib/platform/config";
import { getDb } from "@/lib/platform/db";
import { openPgPool, type Db } from "@/lib/platform/db/connection";
import { sendMail } from "@/lib/platform/mail";
import { accountExistsMail, passwordResetMail, signInCodeMail, verificationCodeMail, welcomeMail } from "@/lib/platform/mail/templates";
import { ac, CUSTOMER_ROLE, ROLES } from "../../access";
import { withHashedSessionTokens } from "./hashed-sessions";

/** A code lives 10 minutes; 5 wrong tries end it. A reset link lives 30 minutes. */
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_ATTEMPTS = 5;
export const RESET_TTL_SECONDS = 30 * 60;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/** Cookie names start with this (better-auth adds "__Secure-" in front over https). */
export const COOKIE_PREFIX = "kesar";

/** AUTH_SECRET, or one generated on first use and kept in the database for every instance. */
export async function authSecret(db: Db): Promise<string> {
  const configured = getConfig().authSecret;
  if (configured) return configured;
  await db
    .insertInto("app_secrets")
    .values({ name: "auth", value: randomBytes(32).toString("base64url"), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", "auth").executeTakeFirstOrThrow();
  return row.value;
}

const resetLink = (token: string) => `${getConfig().siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
const confirmLink = (token: string) => `${getConfig().siteUrl}/verify-email?token=${encodeURIComponent(token)}`;
/** How long the sign-up mail's confirmation link works. */
export const CONFIRM_TTL_SECONDS = 3 * 24 * 60 * 60;

const CODE_PURPOSE: Record<string, string> = {
  "email-verification": "confirm it is you",
  "change-email": "confirm your new email address",
  "forget-password": "reset your password",
};

function createAuth(kysely: Kysely<unknown>, type: "sqlite" | "postgres", secret: string) {
  const config = getConfig();
  return betterAuth({
    appName: "Kesar Home",
    baseURL: config.siteUrl,
    secret,
    telemetry: { enabled: false },
    database: withHashedSessionTokens(kyselyAdapter(kysely, { type, transaction: true })),
    // better-auth's limiter never sees auth.api calls; ./limits.ts enforces the limits instead.
    rateLimit: { enabled: false },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", image: "avatar", createdAt: "created_at", updatedAt: "updated_at" },
      additionalFields: { phone: { type: "string", required: false, input: false } },
    },
    session: {
      modelName: "sessions",
      fields: { userId: "user_id", expiresAt: "expires_at", ipAddress: "ip_address", userAgent: "user_agent", createdAt: "created_at", updatedAt: "updated_at" },
      expiresIn: config.sessionDays * 24 * 60 * 60,
      // Sliding: an active session is extended at most once a day.
      updateAge: 24 * 60 * 60,
    },
    account: {
      modelName: "accounts",
      fields: {
        userId: "user_id",
        accountId: "account_id",
        providerId: "provider_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
    },
    verification: {
      modelName: "verifications",
      fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
      // Reset tokens and code identifiers are stored as SHA-256 digests.
      storeIdentifier: "hashed",
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Sign-up answers the same for a new and a known email and signs nobody in (no enumeration).
      autoSignIn: false,
      // A password works once its owner has proven the mailbox (./flows.ts confirmEmail), so an
      // account opened with someone else's email is never usable by whoever opened it.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(password, hash) },
      sendResetPassword: async ({ user, token }) => {
        sendMail(user.email, (brand) => passwordResetMail(brand, user.email, resetLink(token), user.name));
      },
      onExistingUserSignUp: async ({ user }) => {
        sendMail(user.email, (brand) => accountExistsMail(brand, user.email, user.name));
      },
      // Following the mailed reset link proves the mailbox is the customer's.
      onPasswordReset: async ({ user }) => {
        const { db } = await getDb();
        await db.updateTable("users").set({ email_verified: 1 }).where("id", "=", Number(user.id)).execute();
      },
    },
    // A new account gets a welcome mail whose link, with the password, confirms the email. Until
    // then the password signs nobody in (a sign-in attempt with it mails a fresh link), and the
    // first sign-in by code (which proves the mailbox) removes it: whoever registered someone
    // else's email never gets in. A reset link also proves the mailbox (onPasswordReset).
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRM_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        sendMail(user.email, (brand) => welcomeMail(brand, user.email, user.name, confirmLink(token)));
      },
    },
    advanced: {
      database: { generateId: "serial" },
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.siteUrl.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
      ipAddress: { disableIpTracking: true },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        // Codes sign in existing accounts only; an unknown email gets the same answer and no mail.
        disableSignUp: true,
        // A keyed hash: a copy of the table does not reveal codes by trying all million of them.
        storeOTP: { hash: async (otp) => createHmac("sha256", secret).update(otp).digest("base64url") },
        changeEmail: { enabled: true },
        sendVerificationOTP: async ({ email, otp, type }) => {
          sendMail(email, (brand) =>
            type === "sign-in" ? signInCodeMail(brand, email, otp) : verificationCodeMail(brand, email, otp, CODE_PURPOSE[type] ?? "continue"),
          );
        },
      }),
      // API clients send Authorization: Bearer <access_token> instead of the cookie.
      bearer(),
      // Staff are users with roles (lib/accounts/access.ts): the role column and better-auth's
      // access control. Its HTTP endpoints are never mounted (the store calls auth.api only); the
      // back office's own services change roles in their transaction with the audit row
      // (lib/accounts/server/staff/). New accounts are customers.
      admin({
        ac,
        roles: ROLES,
        defaultRole: CUSTOMER_ROLE,
        adminRoles: ["owner"],
        schema: {
          user: { fields: { role: "role", banned: "banned", banReason: "ban_reason", banExpires: "ban_expires" } },
          session: { fields: { impersonatedBy: "impersonated_by" } },
        },
      }),
      // The staff's second factor: TOTP with recovery codes, both stored encrypted with the secret.
      // A password sign-in of an account that has it answers with a challenge instead of a session
      // (./../staff/sign-in.ts completes it).
      twoFactor({
        issuer: "Kesar Home",
        schema: {
          user: { fields: { twoFactorEnabled: "two_factor_enabled" } },
          twoFactor: {
            modelName: "two_factors",
            fields: { userId: "user_id", backupCodes: "backup_codes", failedVerificationCount: "failed_verification_count", lockedUntil: "locked_until" },
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as typeof globalThis & { __storeAuth?: Promise<Auth> };

/**
 * The process's better-auth instance. On SQLite it shares the store's connection. On PostgreSQL
 * it has a small pool of its own with pg's standard type parsing (better-auth compares Date
 * objects; the store's own pool returns ISO strings).
 */
export function getAuth(): Promise<Auth> {
  globalForAuth.__storeAuth ??= (async () => {
    const handle = await getDb();
    const secret = await authSecret(handle.db);
    if (handle.target.dialect === "sqlite") return createAuth(handle.db as unknown as Kysely<unknown>, "sqlite", secret);
    const pool = await openPgPool(handle.target.url, Math.max(2, Math.ceil(getConfig().poolMax / 2)), false);
    return createAuth(new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), "postgres", secret);
  })().catch((error: unknown) => {
    globalForAuth.__storeAuth = undefined;
    throw error;
  });
  return globalForAuth.__storeAuth;
}
