import "server-only";
import { getDb } from "./db";
import { sanitizeRichText } from "./html";
import { cacheTags } from "./cache-manifest";
import { cachedRead } from "./cache";

export type BusinessSetting = { type: string; value: string | null };

/** Settings whose values are HTML and are sanitized before they leave the server. */
const HTML_TYPES = new Set(["about_us_description", "header_top", "website_topbar_content"]);

export function listBusinessSettings(): Promise<BusinessSetting[]> {
  return cachedRead("listBusinessSettings", [], [cacheTags.settings], async () => {
    const { db } = await getDb();
    const rows = await db.selectFrom("business_settings").select(["type", "value"]).orderBy("id").execute();
    return rows.map((row) => ({ type: row.type, value: HTML_TYPES.has(row.type) ? sanitizeRichText(row.value) : row.value }));
  });
}

/** The setting types the storefront reads (docs/api-v2.md, business settings, plus the store's own additions). */
export const SETTING_TYPES = [
  "header_logo_path", "footer_logo_path", "site_icon_path", "website_name", "header_top", "website_topbar_content",
  "topbar_link_name", "topbar_banner_link", "contact_email", "contact_phone", "contact_address", "facebook_link",
  "twitter_link", "instagram_link", "youtube_link", "linkedin_link", "whatsapp_link", "about_us_description",
  "copyright_text", "meta_title", "meta_keywords", "meta_description", "csrf_token",
  "secondary_phone", "map_embed_url", "return_window_days", "restocking_fee_percent", "business_hours", "company_name", "loading_logo_path",
  "grievance_officer_name", "grievance_officer_email", "grievance_officer_phone",
] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** Every known setting, "" when unset, plus any other stored ones. */
export type SiteSettings = Record<SettingType, string> & Record<string, string>;

/** Settings as a map of type → value. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const list = await listBusinessSettings();
  const known = Object.fromEntries(SETTING_TYPES.map((t) => [t, ""])) as Record<SettingType, string>;
  return { ...known, ...Object.fromEntries(list.map((s) => [s.type, s.value ?? ""])) };
}
