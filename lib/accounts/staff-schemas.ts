import { z } from "@/lib/platform/zod";
import { emailField } from "@/lib/platform/fields";
import { isPermission, STAFF_ROLES, type Permission, type StaffRole } from "./access";
import { cleanText } from "./auth-schemas";

/**
 * The back office's staff payloads (docs/api-v2.md "Admin: staff, tokens, audit"): sign-in and the
 * second factor, invitations and roles, API tokens, the security setting, the audit log's
 * filters. Pure (zod only): the admin pages check their forms with the same rules; the server
 * answers 422 with a message per field.
 */

const ROLE_MESSAGE = `role must be one of ${STAFF_ROLES.join(", ")}.`;
export const roleField = z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]], { error: ROLE_MESSAGE });

const givenPassword = z.string({ error: "Password is required." }).min(1, "Password is required.").max(128, "Password is too long (at most 128 characters).");

/** POST /admin/auth/login */
export const staffLoginSchema = z.object({ email: emailField, password: givenPassword });

const TOTP_MESSAGE = "Enter the 6-digit code of your authenticator app.";
export const totpCodeField = z.string({ error: TOTP_MESSAGE }).trim().regex(/^\d{6}$/, TOTP_MESSAGE);
const BACKUP_MESSAGE = "Enter one of your recovery codes.";
export const backupCodeField = z.string({ error: BACKUP_MESSAGE }).trim().min(6, BACKUP_MESSAGE).max(64, BACKUP_MESSAGE).regex(/^[A-Za-z0-9-]+$/, BACKUP_MESSAGE);

/**
 * POST /admin/auth/two-factor: the code of the authenticator app, or a recovery code, for the
 * challenge the password sign-in answered (its cookie, or `challenge` for a client without cookies).
 */
export const secondFactorSchema = z
  .object({
    code: totpCodeField.optional(),
    recovery_code: backupCodeField.optional(),
    challenge: z.string({ error: "challenge is not valid." }).min(10, "challenge is not valid.").max(300, "challenge is not valid.").regex(/^[A-Za-z0-9._%-]+$/, "challenge is not valid.").optional(),
    trust_device: z.boolean({ error: "trust_device must be true or false." }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.code === !v.recovery_code) ctx.addIssue({ code: "custom", path: ["code"], message: "Send the code of your authenticator app, or one recovery code." });
  });
export type SecondFactorInput = z.output<typeof secondFactorSchema>;

/** POST /admin/me/two-factor/enable, /disable, /backup-codes: the password again. */
export const passwordCheckSchema = z.object({ password: givenPassword });
/** POST /admin/me/two-factor/verify */
export const totpVerifySchema = z.object({ code: totpCodeField });

/** POST /admin/staff/invites */
export const inviteSchema = z.object({
  email: emailField,
  name: cleanText("Name", 100, 2).optional(),
  role: roleField,
});
export type InviteInput = z.output<typeof inviteSchema>;

/** PATCH /admin/staff/{id} */
export const roleChangeSchema = z.object({ role: roleField });

const pathId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, { error: message });
export const staffIdParam = z.object({ id: pathId("Staff member not found.") });
export const tokenIdParam = z.object({ id: pathId("Token not found.") });

const scopeField = z.string({ error: "Each scope is a permission name such as order:read." }).refine(isPermission, { error: "Each scope is a permission name such as order:read." });

/** POST /admin/tokens */
export const tokenIssueSchema = z.object({
  name: cleanText("Name", 80, 3),
  scopes: z
    .array(scopeField, { error: "scopes must be a list of permission names." })
    .min(1, "Give the token at least one scope.")
    .max(60, "Too many scopes.")
    .transform((list) => [...new Set(list)] as Permission[]),
  /** Whose token it is: the caller's own by default. */
  user_id: z.number({ error: "user_id must be a number." }).int("user_id must be a whole number.").min(1).max(2_147_483_647).optional(),
  /** Days until it stops working (none: until revoked). */
  expires_in_days: z.number({ error: "expires_in_days must be a number." }).int("expires_in_days must be a whole number.").min(1, "expires_in_days must be 1 to 730.").max(730, "expires_in_days must be 1 to 730.").optional(),
});
export type TokenIssueInput = z.output<typeof tokenIssueSchema>;

/** PUT /admin/settings/security */
export const securitySettingsSchema = z.object({
  two_factor_required_roles: z.array(roleField, { error: "two_factor_required_roles must be a list of roles." }).transform((list) => [...new Set(list)]),
});

const ISO_DATE_MESSAGE = "Use a date (2026-05-01) or a date and time (2026-05-01T10:00:00Z).";
const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, ISO_DATE_MESSAGE)
  .refine((v) => !Number.isNaN(Date.parse(v)), ISO_DATE_MESSAGE);

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, { error: "The page must be a whole number from 1." })
  .transform(Number)
  .refine((n) => n >= 1, { error: "The page must be a whole number from 1." })
  .optional()
  .transform((n) => n ?? 1);

const idFilter = (label: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${label} must be a whole number.`)
    .transform(Number)
    .optional();

/**
 * GET /admin/audit and /admin/audit/export: by person (actor_id), entity (entity_type, and
 * entity_id), action, and a date range (from inclusive, to: a date alone means the whole day).
 */
export const auditQuerySchema = z
  .object({
    actor_id: idFilter("actor_id"),
    entity_type: z.string().regex(/^[a-z_]{2,40}$/, "entity_type is a name such as product, order or staff.").optional(),
    entity_id: z.string().trim().min(1).max(64, "entity_id is too long.").optional(),
    action: z.string().regex(/^[a-z_]{2,40}\.[a-z_]{2,40}$/, "action is a name such as product.update.").optional(),
    from: dateParam.optional(),
    to: dateParam.optional(),
    page: pageParam,
  })
  .superRefine((v, ctx) => {
    if (v.entity_id && !v.entity_type) ctx.addIssue({ code: "custom", path: ["entity_id"], message: "entity_id needs entity_type." });
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** GET /admin/sign-ins */
export const signInsQuerySchema = z.object({
  user_id: idFilter("user_id"),
  email: z.string().trim().toLowerCase().max(254).optional(),
  result: z.string().regex(/^[a-z_]{2,40}$/, "result is a name such as success or bad_password.").optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  page: pageParam,
});
export type SignInsQuery = z.output<typeof signInsQuerySchema>;
