import { z } from "@/lib/platform/zod";

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .email("Enter a valid email address.")
  .transform((v) => v.toLowerCase());

export const subscriberSchema = z.object({ email: emailField });
export type SubscriberInput = z.input<typeof subscriberSchema>;

/* ----------------------------------------------------------------------------------------------
 * Contact and enquiry forms. The same schemas check the form in the browser (messages shown next
 * to the fields) and the body on the server (422 with per-field errors).
 * -------------------------------------------------------------------------------------------- */

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

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`);

/** Optional text: missing, null or blank becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters).`)
    .nullish()
    .transform((v) => (v ? v : null));

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

/** POST /contact/save: the contact page's message form. */
export const contactSchema = z.object({
  name: requiredText("First name", 100),
  surname: optionalText("Surname", 100),
  email: emailField,
  phone: optionalPhoneField,
  subject: optionalText("Subject", 150),
  message: requiredText("Message", 5000),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export const ENQUIRY_KINDS = ["gifting", "bulk_deals", "corporate"] as const;
export type EnquiryFormKind = (typeof ENQUIRY_KINDS)[number];

/** POST /enquiries: the "Get in Touch" form of the gifting, bulk deals and corporate pages. */
export const enquirySchema = z.object({
  kind: z.enum(ENQUIRY_KINDS, { error: `Kind must be one of: ${ENQUIRY_KINDS.join(", ")}.` }),
  name: requiredText("Name", 100),
  email: emailField,
  contact: requiredPhoneField("Contact number"),
  address: requiredText("Address", 500),
  message: optionalText("Message", 5000),
});
export type EnquiryInput = z.input<typeof enquirySchema>;
export type Enquiry = z.output<typeof enquirySchema>;

/** Per-field messages of a failed parse, first message per field (for showing next to inputs). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    out[key] ??= issue.message;
  }
  return out;
}
