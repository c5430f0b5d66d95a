import { readContentFile } from "@/lib/content";

/**
 * GET /media/content/{file}: an image the back office stored for content (a blog post's banner;
 * re-encoded WebP, or PNG for the site icon, never the upload as sent), from UPLOADS_DIR or the S3 bucket. Names are random
 * and never reused: kept for a year.
 */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  const bytes = await readContentFile(file);
  if (!bytes) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": file.endsWith(".png") ? "image/png" : "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
