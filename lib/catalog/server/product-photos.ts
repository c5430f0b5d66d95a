import "server-only";
import sharp from "sharp";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { fileStorage, isStoredName } from "@/lib/platform/storage";
import { log } from "@/lib/platform/log";
import { isUploadedPhoto, UPLOADED_PHOTO_PREFIX, type AdminProductPhoto } from "../admin-product";
import { PHOTO_MESSAGES, PHOTO_UPLOAD, photoAltField, type PhotoOrderInput, type PhotoUpdateInput } from "../product-schemas";
import { revalidateProduct } from "./catalog-admin";

/**
 * A product's photos in the back office (docs/decisions/0048-product-photos-re-encoded-once.md):
 * uploads are checked by their content (sharp must decode them as JPEG, PNG, WebP or AVIF; an SVG,
 * a renamed text file or a broken image is refused), re-encoded once to the size the storefront
 * serves them from (at most 1600 px on the longer side, the product page's 800 px photo at 2x;
 * next/image makes the smaller widths from it) as WebP (the storefront's only image format), EXIF
 * orientation applied and metadata dropped, stored under a random name through the storage
 * interface (a folder, or S3) and served at /media/uploads/{name}. The first photo is the main
 * one (products.thumbnail_image, the cards' image). A photo file leaves storage with its last use
 * (a duplicated product shares its original's files).
 */

export const PHOTO_FOLDER = "products";
/** The longer side of a stored photo, at most: the product page's 800 px photo on a 2x screen. */
export const PHOTO_MAX_SIDE = 1600;
const WEBP_QUALITY = 80;
/** Formats sharp reports for what we accept (AVIF reads as heif). SVG is refused: it is a document that can carry script. */
const RASTER = new Set(["jpeg", "png", "webp", "heif"]);

export const PHOTO_SERVICE_MESSAGES = {
  added: (n: number) => (n === 1 ? "The photo is added." : `${n} photos are added.`),
  saved: "The photo is saved.",
  ordered: "The photos are in their new order.",
  deleted: "The photo is deleted.",
  notFound: "Photo not found.",
  productGone: "Product not found.",
  orderMustListAll: "List every photo of the product once, in the order to show them.",
} as const;

export type PhotoUpload = { bytes: Buffer; alt: unknown; filename?: string };
type Encoded = { bytes: Buffer; width: number; height: number; alt: string };

/**
 * Decodes and checks one image by its content and re-encodes it as WebP, EXIF orientation applied
 * and metadata dropped, at most `maxSide` pixels on its longer side; a message when it cannot be
 * used. Product photos and category covers (./category-admin.ts) both go through it.
 */
export async function reencodeImage(bytes: Buffer, maxSide: number): Promise<{ bytes: Buffer; width: number; height: number } | { error: string }> {
  const problem = await checkImage(bytes);
  if (problem) return { error: problem };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 60_000_000, failOn: "error" })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // Decodable headers over a broken body (a truncated file) fail here.
    return { error: PHOTO_MESSAGES.notImage };
  }
}

/** Decodes, checks and re-encodes one upload; a message for the field when it cannot be used. */
async function encode(upload: PhotoUpload): Promise<Encoded | { error: string; field: "photos" | "alt" }> {
  const alt = photoAltField.safeParse(upload.alt);
  // The file's own faults first, then its alt text.
  const checked = await checkImage(upload.bytes);
  if (checked) return { error: checked, field: "photos" };
  if (!alt.success) return { error: alt.error.issues[0]?.message ?? PHOTO_MESSAGES.altMissing, field: "alt" };
  const result = await reencodeImage(upload.bytes, PHOTO_MAX_SIDE);
  if ("error" in result) return { error: result.error, field: "photos" };
  return { ...result, alt: alt.data };
}

/** The header checks of reencodeImage alone (format, size), without encoding: a message, or null when the file looks usable. */
async function checkImage(bytes: Buffer): Promise<string | null> {
  if (bytes.length > PHOTO_UPLOAD.maxBytes) return PHOTO_MESSAGES.tooLarge;
  if (bytes.length === 0) return PHOTO_MESSAGES.notImage;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 60_000_000, failOn: "error" }).metadata();
    if (!meta.format || !RASTER.has(meta.format) || !meta.width || !meta.height) return PHOTO_MESSAGES.notImage;
    if (Math.min(meta.width, meta.height) < PHOTO_UPLOAD.minSide) return PHOTO_MESSAGES.tooSmall;
    return null;
  } catch {
    return PHOTO_MESSAGES.notImage;
  }
}

const nameOf = (path: string) => path.slice(UPLOADED_PHOTO_PREFIX.length);

/** The bytes of a stored product photo, for GET /media/uploads/{name}; null when there is none. */
export function readProductPhotoFile(name: string): Promise<Buffer | null> {
  if (!isStoredName(name) || !name.endsWith(".webp")) return Promise.resolve(null);
  return fileStorage().get(PHOTO_FOLDER, name);
}

/**
 * Removes from storage the uploaded photo files among `paths` that nothing uses any more (no
 * product photo, variant, about or additional block, category cover). Called after the commit that let go of
 * them; a failure is logged and leaves an unused file, never a missing one.
 */
export async function removeUnusedPhotoFiles(paths: readonly (string | null | undefined)[]): Promise<void> {
  const candidates = [...new Set(paths.filter(isUploadedPhoto))];
  if (!candidates.length) return;
  const { db } = await getDb();
  const [photos, variants, about, additional, thumbs, covers] = await Promise.all([
    db.selectFrom("product_photos").select("path").where("path", "in", candidates).execute(),
    db.selectFrom("product_variants").select("photo as path").where("photo", "in", candidates).execute(),
    db.selectFrom("products").select("about_image as path").where("about_image", "in", candidates).execute(),
    db.selectFrom("products").select("additional_image as path").where("additional_image", "in", candidates).execute(),
    db.selectFrom("products").select("thumbnail_image as path").where("thumbnail_image", "in", candidates).execute(),
    // Category covers live in the same folder (./category-admin.ts).
    db.selectFrom("categories").select("cover_image as path").where("cover_image", "in", candidates).execute(),
  ]);
  const used = new Set([...photos, ...variants, ...about, ...additional, ...thumbs, ...covers].map((r) => r.path));
  for (const path of candidates) {
    if (used.has(path)) continue;
    const name = nameOf(path);
    try {
      await fileStorage().remove(PHOTO_FOLDER, name);
    } catch (error) {
      log.warn({ err: error, path }, "could not remove a product photo's file");
    }
  }
}

async function productOf(trx: Db, slug: string) {
  const product = await trx.selectFrom("products").select(["id", "slug"]).where("slug", "=", slug).executeTakeFirst();
  if (!product) throw new ApiError(404, PHOTO_SERVICE_MESSAGES.productGone);
  return product;
}

/** The product's first photo becomes its thumbnail (the cards' image), or none when it has none. */
async function syncThumbnail(trx: Db, productId: number, at: string): Promise<void> {
  const first = await trx.selectFrom("product_photos").select("path").where("product_id", "=", productId).orderBy("sort_order").orderBy("id").limit(1).executeTakeFirst();
  await trx.updateTable("products").set({ thumbnail_image: first?.path ?? null, updated_at: at }).where("id", "=", productId).execute();
}

/** Writes sort_order 0, 1, 2, … in the order given. */
async function writeOrder(trx: Db, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) await trx.updateTable("product_photos").set({ sort_order: position }).where("id", "=", id).execute();
}

async function photosOf(db: Db, productId: number): Promise<AdminProductPhoto[]> {
  const rows = await db.selectFrom("product_photos").select(["id", "path", "alt", "width", "height"]).where("product_id", "=", productId).orderBy("sort_order").orderBy("id").execute();
  return rows.map((r, position) => ({ ...r, position, uploaded: isUploadedPhoto(r.path) }));
}

/**
 * Adds photos to the product, after the ones it has, all or none: every file is checked and
 * re-encoded first (422 with a message per file, `photos.N` or `alt.N`, when one cannot be used,
 * and nothing is stored); then the files are stored, and the rows and the audit row are written
 * in one transaction (the stored files are removed again when it fails). Answers its photos.
 */
export async function addProductPhotos(slug: string, uploads: readonly PhotoUpload[], actor: StaffActor, now = new Date()): Promise<AdminProductPhoto[]> {
  if (uploads.length === 0) throw new ApiError(422, PHOTO_MESSAGES.none, { photos: [PHOTO_MESSAGES.none] });
  if (uploads.length > PHOTO_UPLOAD.maxFiles) throw new ApiError(422, PHOTO_MESSAGES.tooMany, { photos: [PHOTO_MESSAGES.tooMany] });
  const handle = await getDb();
  if (!(await handle.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst())) throw new ApiError(404, PHOTO_SERVICE_MESSAGES.productGone);

  const encoded: Encoded[] = [];
  const errors: Record<string, string[]> = {};
  // One at a time: each decode holds a full-size image in memory.
  for (const [i, upload] of uploads.entries()) {
    const result = await encode(upload);
    if ("error" in result) errors[`${result.field}.${i}`] = [upload.filename ? `${upload.filename}: ${result.error}` : result.error];
    else encoded.push(result);
  }
  const failed = Object.entries(errors)[0];
  if (failed) {
    const tooLarge = Object.values(errors).every((list) => list.every((m) => m.endsWith(PHOTO_MESSAGES.tooLarge)));
    throw new ApiError(tooLarge ? 413 : 422, failed[1][0] as string, errors);
  }

  const stored: string[] = [];
  try {
    for (const photo of encoded) stored.push(`${UPLOADED_PHOTO_PREFIX}${await fileStorage().put(PHOTO_FOLDER, "webp", photo.bytes)}`);
    const productId = await writeTransaction(handle, async (trx) => {
      const product = await productOf(trx, slug);
      const last = await trx.selectFrom("product_photos").select((eb) => eb.fn.max<number>("sort_order").as("n")).where("product_id", "=", product.id).executeTakeFirst();
      const start = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
      const rows = await trx
        .insertInto("product_photos")
        .values(encoded.map((p, i) => ({ product_id: product.id, path: stored[i] as string, alt: p.alt, width: p.width, height: p.height, sort_order: start + i })))
        .returning(["id", "path", "alt"])
        .execute();
      await syncThumbnail(trx, product.id, now.toISOString());
      await audit(trx, actor, { action: "product.photo.add", entityType: "product", entityId: product.id, before: null, after: { photos: rows } }, now);
      return product.id;
    });
    revalidateProduct(slug);
    return photosOf(handle.db, productId);
  } catch (error) {
    for (const path of stored) await fileStorage().remove(PHOTO_FOLDER, nameOf(path)).catch(() => undefined);
    throw error;
  }
}

/** Puts the product's photos in the order given (every photo once); the first becomes the main photo. */
export async function reorderProductPhotos(slug: string, input: PhotoOrderInput, actor: StaffActor, now = new Date()): Promise<AdminProductPhoto[]> {
  const handle = await getDb();
  const productId = await writeTransaction(handle, async (trx) => {
    const product = await productOf(trx, slug);
    const current = await photosOf(trx, product.id);
    const ids = current.map((p) => p.id);
    const same = ids.length === input.photo_ids.length && input.photo_ids.every((id) => ids.includes(id));
    if (!same) throw new ApiError(422, PHOTO_SERVICE_MESSAGES.orderMustListAll, { photo_ids: [`${PHOTO_SERVICE_MESSAGES.orderMustListAll} Its photos: ${ids.join(", ") || "none"}.`] });
    if (ids.every((id, i) => id === input.photo_ids[i])) return product.id;
    await writeOrder(trx, input.photo_ids);
    await syncThumbnail(trx, product.id, now.toISOString());
    await audit(trx, actor, { action: "product.photo.reorder", entityType: "product", entityId: product.id, before: { photo_ids: ids }, after: { photo_ids: input.photo_ids } }, now);
    return product.id;
  });
  revalidateProduct(slug);
  return photosOf(handle.db, productId);
}

/** Changes a photo's alt text, or makes it the main photo (moved to the front, the others keeping their order). */
export async function updateProductPhoto(slug: string, photoId: number, input: PhotoUpdateInput, actor: StaffActor, now = new Date()): Promise<AdminProductPhoto[]> {
  const handle = await getDb();
  const productId = await writeTransaction(handle, async (trx) => {
    const product = await productOf(trx, slug);
    const current = await photosOf(trx, product.id);
    const photo = current.find((p) => p.id === photoId);
    if (!photo) throw new ApiError(404, PHOTO_SERVICE_MESSAGES.notFound);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (input.alt !== undefined && input.alt !== photo.alt) {
      await trx.updateTable("product_photos").set({ alt: input.alt }).where("id", "=", photo.id).execute();
      before.alt = photo.alt;
      after.alt = input.alt;
    }
    if (input.main && photo.position !== 0) {
      await writeOrder(trx, [photo.id, ...current.filter((p) => p.id !== photo.id).map((p) => p.id)]);
      await syncThumbnail(trx, product.id, now.toISOString());
      before.main = false;
      after.main = true;
    }
    if (Object.keys(after).length) await audit(trx, actor, { action: "product.photo.update", entityType: "product_photo", entityId: photo.id, before: { product_id: product.id, ...before }, after: { product_id: product.id, ...after } }, now);
    return product.id;
  });
  revalidateProduct(slug);
  return photosOf(handle.db, productId);
}

/**
 * Deletes a photo of the product: variants that showed it show the product's photos again, the
 * next photo becomes the main one when it was, and its file leaves storage after the commit
 * unless something else still uses it.
 */
export async function deleteProductPhoto(slug: string, photoId: number, actor: StaffActor, now = new Date()): Promise<AdminProductPhoto[]> {
  const handle = await getDb();
  const { productId, path } = await writeTransaction(handle, async (trx) => {
    const product = await productOf(trx, slug);
    const photo = await trx.selectFrom("product_photos").select(["id", "path", "alt"]).where("id", "=", photoId).where("product_id", "=", product.id).executeTakeFirst();
    if (!photo) throw new ApiError(404, PHOTO_SERVICE_MESSAGES.notFound);
    await trx.deleteFrom("product_photos").where("id", "=", photo.id).execute();
    const stillShown = await trx.selectFrom("product_photos").select("id").where("product_id", "=", product.id).where("path", "=", photo.path).executeTakeFirst();
    if (!stillShown) await trx.updateTable("product_variants").set({ photo: null }).where("product_id", "=", product.id).where("photo", "=", photo.path).execute();
    await syncThumbnail(trx, product.id, now.toISOString());
    await audit(trx, actor, { action: "product.photo.delete", entityType: "product_photo", entityId: photo.id, before: { product_id: product.id, path: photo.path, alt: photo.alt }, after: null }, now);
    return { productId: product.id, path: photo.path };
  });
  revalidateProduct(slug);
  await removeUnusedPhotoFiles([path]);
  return photosOf(handle.db, productId);
}
