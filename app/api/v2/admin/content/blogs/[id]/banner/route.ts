import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { BANNER_MESSAGES, BANNER_UPLOAD, CONTENT_ADMIN_MESSAGES, setBlogBanner } from "@/lib/content";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../../_lib/admin";
import { presentAdminBlog } from "../../../../../_lib/content";
import { action, handler, parse, readBytes } from "../../../../../_lib/http";

/**
 * POST /api/v2/admin/content/blogs/{id}/banner (content:update): multipart/form-data with the
 * image in "banner". Checked by its content (JPEG, PNG, WebP or AVIF, at least 600 px across),
 * re-encoded as WebP and stored; the old banner's file is removed.
 */
export const POST = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "update");
    const { id } = parse(z.object({ id: idParam }), raw);
    const type = request.headers.get("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError(415, BANNER_MESSAGES.none);
    const body = await readBytes(request, BANNER_UPLOAD.maxBytes + 64 * 1024, BANNER_MESSAGES.tooLarge);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    } catch {
      throw new ApiError(400, "The upload could not be read as multipart/form-data.");
    }
    const file = form.get("banner");
    if (!(file instanceof Blob)) throw new ApiError(422, BANNER_MESSAGES.none, { banner: [BANNER_MESSAGES.none] });
    const post = await setBlogBanner(id, Buffer.from(await file.arrayBuffer()), staff.actor);
    return staffAnswer(staff, action(true, CONTENT_ADMIN_MESSAGES.bannerSaved, 200, { blog: presentAdminBlog(post) }));
  },
  { personal: true },
);
