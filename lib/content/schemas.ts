import { emailField, optionalPhoneField, requiredPhoneField } from "@/lib/platform/fields";
import { z } from "@/lib/platform/zod";

export const subscriberSchema = z.object({ email: emailField });
export type SubscriberInput = z.input<typeof subscriberSchema>;

/* ----------------------------------------------------------------------------------------------
 * Contact and enquiry forms. The same schemas check the form in the browser (messages shown next
 * to the fields) and the body on the server (422 with per-field errors).
 * -------------------------------------------------------------------------------------------- */

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
