import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { deleteProductPhoto, PHOTO_SERVICE_MESSAGES, updateProductPhoto } from "@/lib/catalog";
import { photoUpdateSchema } from "@/lib/catalog/product-schemas";
import { idParam, slugParam } from "@/lib/platform/fields";
import { presentAdminPhoto, staffAnswer } from "../../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../../_lib/http";

const params = z.object({ slug: slugParam, id: idParam });

/** PATCH /api/v2/admin/products/{slug}/photos/{id} (product:update): `{alt?, main?: true}`. */
export const PATCH = handler<{ slug: string; id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { slug, id } = parse(params, raw);
    const input = await readJson(request, photoUpdateSchema);
    const photos = await updateProductPhoto(slug, id, input, staff.actor);
    return staffAnswer(staff, action(true, PHOTO_SERVICE_MESSAGES.saved, 200, { photos: photos.map(presentAdminPhoto) }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/products/{slug}/photos/{id} (product:update): the photo, and its file once nothing uses it. */
export const DELETE = handler<{ slug: string; id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { slug, id } = parse(params, raw);
    const photos = await deleteProductPhoto(slug, id, staff.actor);
    return staffAnswer(staff, action(true, PHOTO_SERVICE_MESSAGES.deleted, 200, { photos: photos.map(presentAdminPhoto) }));
  },
  { personal: true },
);
