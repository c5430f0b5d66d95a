import { photoSourceOf, shareVersion } from "@/lib/seo/share-image";
import { drawPhotoShareImage, readMediaFile, shareImageNotFound, shareImageResponse } from "@/lib/seo";
import { readProductPhotoFile } from "@/lib/catalog";
import { isUploadedPhoto, UPLOADED_PHOTO_PREFIX } from "@/lib/catalog/admin-product";

/**
 * GET /og/{path under /media}.jpg?v=…: the share image (og:image) of a page with a photo, drawn
 * from /media/{path} as a 1200 × 630 JPEG (lib/seo/server/share-image.ts). Only pictures under /media
 * are drawn (a product photo staff uploaded, /media/uploads/…, from the storage); anything else is a 404.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const source = photoSourceOf((await context.params).path);
  const photo = !source ? null : isUploadedPhoto(source) ? await readProductPhotoFile(source.slice(UPLOADED_PHOTO_PREFIX.length)) : await readMediaFile(source);
  if (!source || !photo) return shareImageNotFound();
  return shareImageResponse(request, shareVersion(source), () => drawPhotoShareImage(photo));
}
