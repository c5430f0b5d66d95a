import "server-only";
import sharp from "sharp";
import { fileStorage, isStoredName } from "@/lib/platform/storage";
import { log } from "@/lib/platform/log";
import { RETURN_PHOTO_FOLDER, RETURN_PHOTO_MESSAGES, RETURN_PHOTOS } from "../returns";

export { RETURN_PHOTO_FOLDER };

/**
 * The photos of a return (decision 0061): checked by their content (sharp must decode a JPEG, PNG,
 * WebP or AVIF; anything else, an SVG or a broken file, is refused), re-encoded once as WebP at
 * most 1600 px on the longer side with EXIF orientation applied and metadata dropped (a phone's
 * photo carries its location), and kept through the file storage the product photos use, in its
 * own "returns" folder. They are the customer's, so they are never served from the public media
 * path: staff see them through /admin/returns/{id}/photos/{n} (order:read).
 */
const RASTER = new Set(["jpeg", "png", "webp", "heif"]);

/** Re-encodes one upload; a message when it cannot be used. */
export async function encodeReturnPhoto(bytes: Buffer): Promise<Buffer | { error: string }> {
  if (bytes.length > RETURN_PHOTOS.maxBytes) return { error: RETURN_PHOTO_MESSAGES.tooLarge };
  if (bytes.length === 0) return { error: RETURN_PHOTO_MESSAGES.notImage };
  try {
    const image = sharp(bytes, { limitInputPixels: 60_000_000, failOn: "error" });
    const meta = await image.metadata();
    if (!meta.format || !RASTER.has(meta.format) || !meta.width || !meta.height) return { error: RETURN_PHOTO_MESSAGES.notImage };
    return await image
      .rotate()
      .resize({ width: RETURN_PHOTOS.maxSide, height: RETURN_PHOTOS.maxSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return { error: RETURN_PHOTO_MESSAGES.notImage };
  }
}

/** Stores re-encoded photos; their names. */
export async function storeReturnPhotos(photos: readonly Buffer[]): Promise<string[]> {
  const storage = fileStorage();
  const names: string[] = [];
  for (const p of photos) names.push(await storage.put(RETURN_PHOTO_FOLDER, "webp", p));
  return names;
}

/** Removes stored photos whose return was never recorded (its transaction rolled back). */
export async function removeReturnPhotos(names: readonly string[]): Promise<void> {
  const storage = fileStorage();
  for (const name of names) await storage.remove(RETURN_PHOTO_FOLDER, name).catch((err: unknown) => log.error({ err, name }, "a return photo could not be removed"));
}

export function readReturnPhoto(name: string): Promise<Buffer | null> {
  if (!isStoredName(name) || !name.endsWith(".webp")) return Promise.resolve(null);
  return fileStorage().get(RETURN_PHOTO_FOLDER, name);
}
