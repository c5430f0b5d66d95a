import { z } from "./zod";

/**
 * Fields and parameters every domain's schemas and handlers share: email, Indian mobile numbers,
 * ids and slugs in paths, and per-field error messages for forms. Pure (zod only), so forms in the
 * browser check with the same rules as the server.
 */

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .email("Enter a valid email address.")
  .transform((v) => v.toLowerCase());

export const PHONE_MESSAGE = "Enter a 10-digit mobile number starting with 6, 7, 8 or 9.";

/**
 * An Indian mobile number as its 10 local digits, or null when it is not one. Spaces, dashes,
 * dots and brackets are ignored; a +91 / 91 country code or a leading 0 is dropped.
 */
export function normalizeIndianMobile(raw: string): string | null {
  let digits = raw.replace(/[\s\-().]/g, "");
  if (digits.startsWith("+91")) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

const mobile = (value: string, ctx: z.RefinementCtx) => {
  const phone = normalizeIndianMobile(value);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return phone;
};

/** A required mobile number, stored as 10 digits. */
export const requiredPhoneField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .transform(mobile);

/** An optional mobile number: blank means none; anything else must be a valid number. */
export const optionalPhoneField = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .nullish()
  .transform((v, ctx) => (v ? mobile(v, ctx) : null));

export const idParam = z.coerce
  .number({ error: "Must be a number." })
  .int("Must be a whole number.")
  .min(1, "Must be 1 or more.")
  .max(2_147_483_647, "Too large.");

export const slugParam = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Must be a slug of lowercase letters, digits and hyphens.");

/** Per-field messages of a failed parse, first message per field (for showing next to inputs). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    out[key] ??= issue.message;
  }
  return out;
}
