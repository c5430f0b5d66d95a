import { readAvatar } from "@/lib/accounts";
import { isStoredName } from "@/lib/platform/storage";

/**
 * GET /avatars/{file}: a profile photo as the store re-encoded it (never the upload as sent).
 * Names are random and never reused, so the answer can be kept for a year.
 */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  const bytes = isStoredName(file) && file.endsWith(".webp") ? await readAvatar(file) : null;
  if (!bytes) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
