import type { NextRequest } from "next/server";
import { adminLoginHref, requireStaff, STAFF_MESSAGES } from "@/lib/accounts";
import { readReturnPhoto, returnPhotoName } from "@/lib/orders";
import { returnPhotoParam } from "@/lib/orders/returns";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";

/**
 * GET /admin/returns/{id}/photos/{n}: a customer's photo of a return (n: 0, 1, 2) for the order
 * page (order:read, the back-office session). The customer's photos are never public: they are
 * served only here, never cached by a shared cache.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string; n: string }> }): Promise<Response> {
  const text = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });
  const raw = await params;
  try {
    await requireStaff(request, "order", "read");
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.message === STAFF_MESSAGES.notStaff || error.message === STAFF_MESSAGES.noRole);
    if (signedOut) return Response.redirect(new URL(adminLoginHref("/admin/returns"), request.url), 303);
    if (error instanceof ApiError) return text(error.status, error.message);
    throw error;
  }
  const parsed = returnPhotoParam.safeParse(raw);
  if (!parsed.success) return text(404, "Photo not found.");
  const name = await returnPhotoName(parsed.data.id, parsed.data.n);
  const bytes = name ? await readReturnPhoto(name) : null;
  if (!bytes) return text(404, "Photo not found.");
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": "image/webp", "Content-Length": String(bytes.byteLength), "Cache-Control": NO_STORE, "X-Content-Type-Options": "nosniff" } });
}
