import { brandLook, brandVersion } from "@/lib/seo/share-image";
import { getSiteSettings } from "@/lib/platform/settings";
import { drawBrandShareImage, readMediaFile, shareImageResponse } from "@/lib/seo";

/**
 * GET /og/brand.jpg?v=…: the share image (og:image) of pages without a photo of their own, drawn
 * from the shop's logo, name and colours in the business settings (lib/seo/server/share-image.ts).
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const look = brandLook(await getSiteSettings());
  return shareImageResponse(request, brandVersion(look), async () => drawBrandShareImage(look, look.logo ? await readMediaFile(look.logo) : null));
}
