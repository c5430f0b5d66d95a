import "server-only";
import sharp from "sharp";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { sanitizeRichText } from "@/lib/platform/html";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { expireTags } from "@/lib/platform/cache";
import { fileStorage } from "@/lib/platform/storage";
import { BUSINESS_SETTING_TYPES, type BusinessSettingsInput, LOGO_TYPES, type LogoType } from "../settings-schemas";
import { CONTENT_FOLDER, CONTENT_MEDIA_PREFIX, removeUnusedContentFiles } from "./content-admin";

/**
 * The business settings staff change (docs/back-office.md "Content and settings"): one
 * business_settings row per type, written in one transaction with a `settings.update` audit row
 * of what changed, then the `settings` cache tag expires, so the storefront's header, footer and
 * meta tags, the policy pages and every mail rendered from then on (lib/platform/mail reads the
 * same cached settings) show the change, on every instance once the cache handler is shared.
 * The about text is cleaned with the storefront's allowlist on save (and again on read).
 */

export const SETTINGS_ADMIN_MESSAGES = {
  saved: "The settings are saved: the shop shows them now.",
  nothingChanged: "Nothing changed.",
  logoSaved: "The logo is saved.",
  logo: {
    none: 'Send the image as multipart/form-data: the file in the field "logo" and which logo in the field "type" (header_logo_path, footer_logo_path or site_icon_path).',
    type: "Say which logo: header_logo_path, footer_logo_path or site_icon_path.",
    tooLarge: "A logo may be at most 2 MB.",
    notImage: "This is not an image the store can use: send a PNG, WebP, JPEG or AVIF image.",
    tooSmall: "This image is too small: its shorter side needs at least 32 pixels.",
  },
} as const;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export type BusinessSettingsView = Record<(typeof BUSINESS_SETTING_TYPES)[number] | LogoType, string>;

/** The settings this page edits, as stored ("" when unset), read from the database as it is (no cache). */
export async function getBusinessSettingsForEdit(): Promise<BusinessSettingsView> {
  const { db } = await getDb();
  const types = [...BUSINESS_SETTING_TYPES, ...LOGO_TYPES];
  const rows = await db.selectFrom("business_settings").select(["type", "value"]).where("type", "in", types).execute();
  const out = Object.fromEntries(types.map((t) => [t, ""])) as BusinessSettingsView;
  for (const r of rows) out[r.type as keyof BusinessSettingsView] = r.value ?? "";
  return out;
}

async function writeSetting(trx: Db, type: string, value: string, at: string): Promise<void> {
  const updated = await trx.updateTable("business_settings").set({ value, updated_at: at }).where("type", "=", type).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await trx.insertInto("business_settings").values({ type, value, updated_at: at }).execute();
}

/** Writes the settings sent; an audit row names each that changed (before and after). Answers the settings as they are now. */
export async function updateBusinessSettings(input: BusinessSettingsInput, actor: StaffActor, now = new Date()): Promise<{ settings: BusinessSettingsView; changed: string[] }> {
  const handle = await getDb();
  const at = now.toISOString();
  const changed = await writeTransaction(handle, async (trx) => {
    const types = Object.keys(input).filter((k) => input[k as keyof BusinessSettingsInput] !== undefined);
    const rows = await trx.selectFrom("business_settings").select(["type", "value"]).where("type", "in", types).execute();
    const current = new Map(rows.map((r) => [r.type, r.value ?? ""]));
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    for (const type of types) {
      const raw = input[type as keyof BusinessSettingsInput] as string;
      const value = type === "about_us_description" ? sanitizeRichText(raw).trim() : raw;
      if ((current.get(type) ?? "") === value) continue;
      before[type] = current.get(type) ?? "";
      after[type] = value;
      await writeSetting(trx, type, value, at);
    }
    if (Object.keys(after).length) await audit(trx, actor, { action: "settings.update", entityType: "business_settings", entityId: "business", before, after }, now);
    return Object.keys(after);
  });
  if (changed.length) expireTags([cacheTags.settings]);
  return { settings: await getBusinessSettingsForEdit(), changed };
}

/**
 * Sets a logo from an upload: checked by its content, re-encoded once (the site icon as a PNG of
 * at most 512 px, the logos as WebP of at most 800 px, transparency kept), stored through the
 * storage interface (served at /media/content/{name}); the old file leaves storage when nothing
 * else uses it.
 */
export async function setLogo(type: LogoType, bytes: Buffer, actor: StaffActor, now = new Date()): Promise<BusinessSettingsView> {
  const m = SETTINGS_ADMIN_MESSAGES.logo;
  if (!LOGO_TYPES.includes(type)) throw new ApiError(422, m.type, { type: [m.type] });
  if (bytes.length > LOGO_MAX_BYTES) throw new ApiError(422, m.tooLarge, { logo: [m.tooLarge] });
  const icon = type === "site_icon_path";
  let encoded: Buffer;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" }).metadata();
    if (!meta.format || !["jpeg", "png", "webp", "heif"].includes(meta.format) || !meta.width || !meta.height) throw new ApiError(422, m.notImage, { logo: [m.notImage] });
    if (Math.min(meta.width, meta.height) < 32) throw new ApiError(422, m.tooSmall, { logo: [m.tooSmall] });
    const side = icon ? 512 : 800;
    const pipeline = sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" }).rotate().resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
    encoded = await (icon ? pipeline.png() : pipeline.webp({ quality: 90 })).toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(422, m.notImage, { logo: [m.notImage] });
  }
  const name = await fileStorage().put(CONTENT_FOLDER, icon ? "png" : "webp", encoded);
  const path = `${CONTENT_MEDIA_PREFIX}${name}`;
  const handle = await getDb();
  const at = now.toISOString();
  let previous: string | null = null;
  try {
    previous = await writeTransaction(handle, async (trx) => {
      const row = await trx.selectFrom("business_settings").select("value").where("type", "=", type).executeTakeFirst();
      await writeSetting(trx, type, path, at);
      await audit(trx, actor, { action: "settings.update", entityType: "business_settings", entityId: "business", before: { [type]: row?.value ?? "" }, after: { [type]: path } }, now);
      return row?.value ?? null;
    });
  } catch (error) {
    await removeUnusedContentFiles([path]);
    throw error;
  }
  expireTags([cacheTags.settings]);
  await removeUnusedContentFiles([previous]);
  return getBusinessSettingsForEdit();
}
