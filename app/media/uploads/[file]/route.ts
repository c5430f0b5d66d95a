import { readProductPhotoFile } from "@/lib/catalog";

/**
 * GET /media/uploads/{file}: a product photo the back office stored (re-encoded WebP, never the
 * upload as sent), from UPLOADS_DIR or the S3 bucket. Under /media/ like the demo photos, so
 * next/image serves it (next.config.ts localPatterns) and nginx caches it. Names are random and
 * never reused: kept for a year.
 */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  const bytes = await readProductPhotoFile(file);
  if (!bytes) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
