import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { addProductPhotos, PHOTO_SERVICE_MESSAGES, type PhotoUpload } from "@/lib/catalog";
import { PHOTO_MESSAGES, PHOTO_UPLOAD } from "@/lib/catalog/product-schemas";
import { ApiError } from "@/lib/platform/errors";
import { slugParam } from "@/lib/platform/fields";
import { presentAdminPhoto, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readBytes } from "../../../../_lib/http";

/** The largest request: every file at its limit, and room for the multipart envelope and the alt texts. */
const MAX_REQUEST = PHOTO_UPLOAD.maxFiles * PHOTO_UPLOAD.maxBytes + 1024 * 1024;

/**
 * POST /api/v2/admin/products/{slug}/photos (product:update): multipart/form-data with the files
 * in "photos" (several at once) and, for each in the same order, its alt text in "alt". All are
 * checked and re-encoded before any is stored; one that cannot be used refuses the request.
 */
export const POST = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { slug } = parse(z.object({ slug: slugParam }), raw);
    const type = request.headers.get("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError(415, PHOTO_MESSAGES.none);
    const body = await readBytes(request, MAX_REQUEST, `${PHOTO_MESSAGES.tooMany} ${PHOTO_MESSAGES.tooLarge}`);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    } catch {
      throw new ApiError(400, "The upload could not be read as multipart/form-data.");
    }
    const files = form.getAll("photos");
    const alts = form.getAll("alt");
    if (files.length === 0) throw new ApiError(422, PHOTO_MESSAGES.none, { photos: [PHOTO_MESSAGES.none] });
    if (files.length > PHOTO_UPLOAD.maxFiles) throw new ApiError(422, PHOTO_MESSAGES.tooMany, { photos: [PHOTO_MESSAGES.tooMany] });
    const uploads: PhotoUpload[] = [];
    for (const [i, file] of files.entries()) {
      if (!(file instanceof Blob)) throw new ApiError(422, PHOTO_MESSAGES.notImage, { [`photos.${i}`]: [PHOTO_MESSAGES.notImage] });
      uploads.push({ bytes: Buffer.from(await file.arrayBuffer()), alt: typeof alts[i] === "string" ? alts[i] : undefined, filename: file instanceof File ? file.name.slice(0, 100) : undefined });
    }
    const photos = await addProductPhotos(slug, uploads, staff.actor);
    return staffAnswer(staff, action(true, PHOTO_SERVICE_MESSAGES.added(uploads.length), 201, { photos: photos.map(presentAdminPhoto) }));
  },
  { personal: true },
);
