import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { PHOTO_SERVICE_MESSAGES, reorderProductPhotos } from "@/lib/catalog";
import { photoOrderSchema } from "@/lib/catalog/product-schemas";
import { slugParam } from "@/lib/platform/fields";
import { presentAdminPhoto, staffAnswer } from "../../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../../_lib/http";

/** PUT /api/v2/admin/products/{slug}/photos/order (product:update): `{photo_ids}`, every photo once; the first is the main photo. */
export const PUT = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "update");
    const { slug } = parse(z.object({ slug: slugParam }), raw);
    const input = await readJson(request, photoOrderSchema);
    const photos = await reorderProductPhotos(slug, input, staff.actor);
    return staffAnswer(staff, action(true, PHOTO_SERVICE_MESSAGES.ordered, 200, { photos: photos.map(presentAdminPhoto) }));
  },
  { personal: true },
);
