import { z } from "@/lib/platform/zod";
import { emailField, normalizeIndianMobile, PHONE_MESSAGE } from "@/lib/platform/fields";
import { hasControlChars } from "@/lib/catalog/options";

/**
 * The business settings staff change on /admin/settings/business and through
 * PATCH /api/v2/admin/settings/business (lib/content/server/settings-admin.ts): spec §3's shop
 * name, logos, contact details, social links, about text, meta tags and top bar, and the return
 * window and restocking fee the policy pages, FAQs and mails state. Pure (zod only), so the form
 * checks with the same rules. Every field is optional (send what changes); "" clears a text.
 * The logos are set by uploading (POST …/settings/business/logo), never by a path here. The
 * shipping, payment and invoice settings are the commerce settings' (not here).
 */

export const SETTINGS_MESSAGES = {
  url: "A web address starting with https://.",
  link: "A page of the shop (/festive-collection) or a web address starting with https://.",
  controlChars: "Cannot contain control characters.",
  returnWindow: "The return window is a whole number of days from 0 to 90.",
  restockingFee: "The restocking fee is a whole percentage from 0 to 50.",
  required: "This cannot be empty: the storefront and the mails show it.",
  nul: "Cannot contain NUL characters.",
} as const;

const line = (max: number) =>
  z
    .string({ error: "Must be text." })
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !hasControlChars(v), SETTINGS_MESSAGES.controlChars);

const required = (max: number) => line(max).refine((v) => v !== "", SETTINGS_MESSAGES.required);

const multiline = (max: number) =>
  z
    .string({ error: "Must be text." })
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !hasControlChars(v.replace(/[\t\n\r]/g, " ")), SETTINGS_MESSAGES.controlChars);

const isHttps = (v: string) => {
  try {
    const url = new URL(v);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
};

/** An https:// address, or "" for none. */
const httpsUrl = z
  .string({ error: SETTINGS_MESSAGES.url })
  .trim()
  .max(500, SETTINGS_MESSAGES.url)
  .refine((v) => v === "" || isHttps(v), SETTINGS_MESSAGES.url);

/** A path of the shop's own ("/festive-collection", not "//elsewhere") or an https:// address, or "". */
const shopLink = z
  .string({ error: SETTINGS_MESSAGES.link })
  .trim()
  .max(500, SETTINGS_MESSAGES.link)
  .refine((v) => v === "" || /^\/(?!\/)[A-Za-z0-9\-._~/?=&%#]*$/.test(v) || isHttps(v), SETTINGS_MESSAGES.link);

const phone = (optional: boolean) =>
  z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .transform((v, ctx) => {
      if (v === "" && optional) return "";
      const digits = normalizeIndianMobile(v);
      if (!digits) {
        ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return digits;
    });

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,3}$/, message).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message))
    .transform(String);

const rich = z
  .string({ error: "Must be text (HTML)." })
  .max(20_000, "At most 20,000 characters.")
  .refine((v) => !v.includes("\u0000"), SETTINGS_MESSAGES.nul);

export const BUSINESS_SETTING_FIELDS = {
  website_name: required(100),
  company_name: required(200),
  contact_email: emailField,
  contact_phone: phone(false),
  secondary_phone: phone(true),
  contact_address: multiline(500).refine((v) => v !== "", SETTINGS_MESSAGES.required),
  business_hours: line(200),
  facebook_link: httpsUrl,
  twitter_link: httpsUrl,
  instagram_link: httpsUrl,
  youtube_link: httpsUrl,
  linkedin_link: httpsUrl,
  whatsapp_link: httpsUrl,
  about_us_description: rich,
  copyright_text: line(200),
  meta_title: line(200),
  meta_keywords: line(500),
  meta_description: multiline(500),
  header_top: line(300),
  website_topbar_content: line(300),
  topbar_link_name: line(60),
  topbar_banner_link: shopLink,
  return_window_days: wholeNumber(0, 90, SETTINGS_MESSAGES.returnWindow),
  restocking_fee_percent: wholeNumber(0, 50, SETTINGS_MESSAGES.restockingFee),
  // The grievance officer the site names (Consumer Protection (E-Commerce) Rules 2020, rule 4(4));
  // empty: the company and its contact email and phone are shown (lib/content/server/grievances.ts).
  grievance_officer_name: line(100),
  grievance_officer_email: z.union([z.literal(""), emailField], { error: "Enter a valid email address, or leave it empty." }),
  grievance_officer_phone: phone(true),
} as const;

export type BusinessSettingType = keyof typeof BUSINESS_SETTING_FIELDS;
export const BUSINESS_SETTING_TYPES = Object.keys(BUSINESS_SETTING_FIELDS) as BusinessSettingType[];

export const businessSettingsSchema = z
  .strictObject(Object.fromEntries(Object.entries(BUSINESS_SETTING_FIELDS).map(([k, v]) => [k, v.optional()])) as { [K in BusinessSettingType]: z.ZodOptional<(typeof BUSINESS_SETTING_FIELDS)[K]> })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Send at least one setting to change." });
export type BusinessSettingsInput = z.output<typeof businessSettingsSchema>;

/** The logos staff upload, each a business setting holding the stored file's path. */
export const LOGO_TYPES = ["header_logo_path", "footer_logo_path", "site_icon_path"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_LABELS: Record<LogoType, string> = { header_logo_path: "Header logo", footer_logo_path: "Footer logo", site_icon_path: "Site icon" };
