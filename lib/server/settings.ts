import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getDb } from "../db";
import { sanitizeRichText } from "./html";
import { tags } from "./cache-tags";

export type BusinessSetting = { type: string; value: string | null };

/** Settings whose values are HTML and are sanitized before they leave the server. */
const HTML_TYPES = new Set(["about_us_description", "header_top", "website_topbar_content"]);

export async function listBusinessSettings(): Promise<BusinessSetting[]> {
  "use cache";
  cacheTag(tags.settings);
  cacheLife("hours");
  const { db } = await getDb();
  const rows = await db.selectFrom("business_settings").select(["type", "value"]).orderBy("id").execute();
  return rows.map((row) => ({ type: row.type, value: HTML_TYPES.has(row.type) ? sanitizeRichText(row.value) : row.value }));
}

export type SiteSettings = Record<string, string>;

/** Settings as a map of type → value (empty string when unset). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const list = await listBusinessSettings();
  return Object.fromEntries(list.map((s) => [s.type, s.value ?? ""]));
}
