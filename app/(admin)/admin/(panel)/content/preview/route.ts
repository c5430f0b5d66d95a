import { draftMode } from "next/headers";
import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { getAdminBlog, getAdminPage } from "@/lib/content";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";
import { z } from "@/lib/platform/zod";

const query = z.object({ kind: z.enum(["blog", "page"]), id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * GET /admin/content/preview?kind=blog|page&id=N (content:read): turns on Next.js draft mode for
 * this browser and sends it to the post's or page's real storefront address, where it shows as
 * it is now, draft or scheduled, under a "Preview" bar. The storefront shows a draft only to a
 * request with both the draft-mode cookie and a staff session allowed content:read
 * (app/(store)/_lib/preview.ts). No staff session: to the sign-in; another role: 403.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
  try {
    await requireStaff(request, "content", "read");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref(`/admin/content/preview${request.nextUrl.search}`), request.url), 303);
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
  const parsed = query.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) return text(422, "Say what to preview: ?kind=blog or page, and &id= its number.");
  const { kind, id } = parsed.data;
  const target = kind === "blog" ? await getAdminBlog(id) : await getAdminPage(id);
  if (!target) return text(404, kind === "blog" ? "Blog post not found." : "Page not found.");
  (await draftMode()).enable();
  const path = kind === "blog" ? `/blog/${target.slug}` : `/${target.slug}`;
  return new Response(null, { status: 303, headers: { Location: path, "Cache-Control": NO_STORE } });
}
