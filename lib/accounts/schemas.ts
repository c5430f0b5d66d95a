import { z } from "@/lib/platform/zod";
import { cleanText, newPasswordField, otpField, PASSWORDS_DIFFER } from "./auth-schemas";
import { emailField, optionalPhoneField, requiredPhoneField } from "@/lib/platform/fields";

/** Address, profile, email-change and account-deletion payloads (docs/storefront.md, Accounts). */

export const PIN_MESSAGE = "Enter a 6-digit PIN code (it does not start with 0).";
export const NO_PO_BOX = "We deliver to street addresses in India only, not to P.O. boxes or APO/FPO addresses.";

/** P.O. Box, PO Box, Post Box, Post Office Box, APO, FPO as words of an address. */
export const PO_BOX_PATTERN = /\b(p\.?\s*o\.?\s*box|post\s*(office\s*)?box|[af]\.?\s*p\.?\s*o\.?)\b/i;

const idField = (label: string) =>
  z.coerce
    .number({ error: `Select your ${label}.` })
    .int(`Select your ${label}.`)
    .min(1, `Select your ${label}.`)
    .max(2_147_483_647, `Select your ${label}.`);

/** A user_id the old site sent along; it must name the caller (checked by the handler). */
const userIdField = z.coerce.number({ error: "user_id must be a number." }).int().min(0).max(2_147_483_647).optional();

export const addressFields = z.object({
  address: cleanText("Address", 500, 5, { lines: true }).refine((v) => !PO_BOX_PATTERN.test(v), NO_PO_BOX),
  country: idField("country"),
  state: idField("state"),
  city: idField("city"),
  postal_code: z
    .string({ error: PIN_MESSAGE })
    .trim()
    .regex(/^[1-9]\d{5}$/, PIN_MESSAGE)
    // PIN codes of region 9 belong to the Army Postal Service (APO/FPO), which the store does not ship to.
    .refine((v) => !v.startsWith("9"), NO_PO_BOX),
  phone: requiredPhoneField("Phone"),
  user_id: userIdField,
});
export type AddressInput = z.output<typeof addressFields>;

/** POST /user/shipping/create */
export const addressCreateSchema = addressFields;
/** POST /user/shipping/update */
export const addressUpdateSchema = addressFields.extend({ id: idField("address") });

/** ?address_id= of addresses/set-default and addresses/destroy. */
export const addressIdQuery = z.object({ address_id: idField("address") });

/**
 * POST /profile/update: name and phone; with new_password, current_password is required and
 * confirm_password must match.
 */
export const profileSchema = z
  .object({
    name: cleanText("Name", 100, 2),
    phone: optionalPhoneField,
    current_password: z.string().max(128).optional(),
    new_password: z.union([z.literal(""), newPasswordField]).optional(),
    confirm_password: z.string().max(128).optional(),
    user_id: userIdField,
  })
  .superRefine((v, ctx) => {
    if (!v.new_password) return;
    if (v.confirm_password !== v.new_password) ctx.addIssue({ code: "custom", path: ["confirm_password"], message: PASSWORDS_DIFFER });
    if (!v.current_password) ctx.addIssue({ code: "custom", path: ["current_password"], message: "Enter your current password to set a new one." });
  });
export type ProfileInput = z.output<typeof profileSchema>;

/** POST /profile/email/request: the new address and the current password. */
export const emailChangeRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(128),
});
/** POST /profile/email/verify */
export const emailChangeVerifySchema = z.object({ email: emailField, otp: otpField });

/** POST /account/delete: the password, or a code sent by POST /account/delete/code. */
export const accountDeleteSchema = z
  .object({
    password: z.string().max(128).optional(),
    otp: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.password && !v.otp) ctx.addIssue({ code: "custom", path: ["password"], message: "Enter your password or the code we emailed you." });
    if (v.otp && !/^\d{6}$/.test(v.otp)) ctx.addIssue({ code: "custom", path: ["otp"], message: "Please enter the 6-digit code from the email." });
  });
