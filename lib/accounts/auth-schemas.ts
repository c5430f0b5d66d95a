import { z } from "@/lib/platform/zod";
import { isCommonPassword } from "./common-passwords";
import { emailField, normalizeIndianMobile, PHONE_MESSAGE } from "@/lib/platform/fields";

/**
 * Sign-up, sign-in, code, reset and profile payloads (docs/api-v2.md). The same schemas check the
 * forms in the browser and the bodies on the server (422 with per-field errors).
 */

export const PASSWORD_HINT = "Password must contain at least 6 characters";
export const PASSWORDS_DIFFER = "Passwords do not match.";
export const COMMON_PASSWORD = "This password is too common. Please choose a harder one.";

/** Control characters (NUL, escapes, bidi overrides) never belong in a name or an address. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/**
 * Trimmed text without control characters. Line breaks only where the field is a textarea (an
 * address); a name goes into mail greetings and must stay one line.
 */
export const cleanText = (label: string, max: number, min = 1, options: { lines?: boolean } = {}) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(min, min > 1 ? `${label} must be at least ${min} characters.` : `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`)
    .refine((v) => !CONTROL.test(options.lines ? v.replace(/\r?\n/g, " ") : v), `${label} contains characters that are not allowed.`);

/** A new password: 6 to 128 characters, not one of the most common ones. */
export const newPasswordField = z
  .string({ error: "Password is required." })
  .min(6, PASSWORD_HINT)
  .max(128, "Password is too long (at most 128 characters).")
  .refine((v) => !isCommonPassword(v), COMMON_PASSWORD);

/** A password being checked: anything up to the maximum, never trimmed. */
const givenPassword = z.string({ error: "Password is required." }).min(1, "Password is required.").max(128, "Password is too long (at most 128 characters).");

const matching = <T extends { password: string; password_confirmation?: string | undefined }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password_confirmation !== undefined && v.password_confirmation !== v.password) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: PASSWORDS_DIFFER });
  }
};

/** POST /auth/signup. The spec's email_or_phone carries the email; accounts are opened by email. */
export const signUpSchema = z
  .object({
    name: cleanText("Full Name", 100, 2),
    email_or_phone: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: PASSWORDS_DIFFER }),
    register_by: z.literal("email", { error: "Accounts are opened with an email address." }).default("email"),
  })
  .superRefine(matching);
export type SignUpInput = z.output<typeof signUpSchema>;

/** guest_ plus 9 characters (docs/api-v2.md); accepted at sign-in for the cart merge. */
export const guestIdField = z
  .string()
  .regex(/^guest_[A-Za-z0-9]{9}$/, "Guest id is not valid.")
  .nullish()
  .transform((v) => v ?? null);

/**
 * POST /auth/login: login_by email (the default) or phone. With phone, the number may come in
 * `phone` or, as the old site sent it, in `email`.
 */
export const loginSchema = z
  .object({
    login_by: z.enum(["email", "phone"], { error: "login_by must be email or phone." }).default("email"),
    email: z.string({ error: "Email is required." }).trim().max(254, "Email is too long.").optional(),
    phone: z.string().trim().max(20, "Phone is too long.").optional(),
    password: givenPassword,
    send_code_by: z.string().max(20).optional(),
    guestId: guestIdField,
  })
  .transform((v, ctx) => {
    if (v.login_by === "phone") {
      const phone = normalizeIndianMobile(v.phone || v.email || "");
      if (!phone) {
        ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return { by: "phone" as const, phone, password: v.password, guestId: v.guestId };
    }
    const email = emailField.safeParse(v.email ?? "");
    if (!email.success) {
      ctx.addIssue({ code: "custom", path: ["email"], message: email.error.issues[0]?.message ?? "Email is required." });
      return z.NEVER;
    }
    return { by: "email" as const, email: email.data, password: v.password, guestId: v.guestId };
  });
export type LoginInput = z.output<typeof loginSchema>;

const sendCodeBy = z.literal("email", { error: "Codes are sent by email." }).default("email");

/** POST /auth/otp/send and /auth/password/forget_request. */
export const codeRequestSchema = z.object({ email_or_phone: emailField, send_code_by: sendCodeBy });

export const otpField = z
  .string({ error: "Please enter the code." })
  .trim()
  .regex(/^\d{6}$/, "Please enter the 6-digit code from the email.");

/** POST /auth/otp/verify. */
export const otpVerifySchema = z.object({ email_or_phone: emailField, otp: otpField, guestId: guestIdField });

export const MISSING_TOKEN = "Invalid or missing token.";

/** POST /auth/password/reset; password_confirmation is checked when sent. */
export const resetSchema = z
  .object({
    token: z.string({ error: MISSING_TOKEN }).trim().min(16, MISSING_TOKEN).max(200, MISSING_TOKEN).regex(/^[A-Za-z0-9_-]+$/, MISSING_TOKEN),
    password: newPasswordField,
    password_confirmation: z.string().optional(),
  })
  .superRefine(matching);

/** POST /auth/email/confirm: the welcome mail's link token and the account's password. */
export const confirmSchema = z.object({
  token: z.string({ error: MISSING_TOKEN }).trim().min(20, MISSING_TOKEN).max(2000, MISSING_TOKEN).regex(/^[A-Za-z0-9_.-]+$/, MISSING_TOKEN),
  password: givenPassword,
});

/** POST /get-user-by-access_token. */
export const accessTokenSchema = z.object({ access_token: z.string({ error: "access_token is required." }).trim().min(1, "access_token is required.").max(512) });
