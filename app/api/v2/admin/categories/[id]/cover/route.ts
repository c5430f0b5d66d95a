import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { CATEGORY_ADMIN_MESSAGES, removeCategoryCover, setCategoryCover } from "@/lib/catalog";
import { PHOTO_MESSAGES, PHOTO_UPLOAD } from "@/lib/catalog/product-schemas";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../_lib/admin";
import { presentAdminCategory } from "../../../../_lib/catalog-admin";
import { action, handler, parse, readBytes } from "../../../../_lib/http";

const params = z.object({ id: idParam });

/**
 * PUT /api/v2/admin/categories/{id}/cover (product:update): multipart/form-data with the image in
 * "cover". Checked by content and re-encoded like product photos (JPEG, PNG, WebP or AVIF, up to
 * 10 MB, at least 400 px on its shorter side); it replaces the cover the category had.
 */
export const PUT = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(params, raw);
    const type = request.headers.get("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError(415, CATEGORY_ADMIN_MESSAGES.coverNone);
    const body = await readBytes(request, PHOTO_UPLOAD.maxBytes + 256 * 1024, PHOTO_MESSAGES.tooLarge);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    } catch {
      throw new ApiError(400, "The upload could not be read as multipart/form-data.");
    }
    const file = form.get("cover");
    if (!(file instanceof Blob)) throw new ApiError(422, CATEGORY_ADMIN_MESSAGES.coverNone, { cover: [CATEGORY_ADMIN_MESSAGES.coverNone] });
    const category = await setCategoryCover(id, Buffer.from(await file.arrayBuffer()), staff.actor);
    return staffAnswer(staff, action(true, CATEGORY_ADMIN_MESSAGES.coverSaved, 200, { category: presentAdminCategory(category) }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/categories/{id}/cover (product:update): the category shows no cover (409 when it has none). */
export const DELETE = handler<{ id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { id } = parse(params, raw);
    const category = await removeCategoryCover(id, staff.actor);
    return staffAnswer(staff, action(true, CATEGORY_ADMIN_MESSAGES.coverRemoved, 200, { category: presentAdminCategory(category) }));
  },
  { personal: true },
);
