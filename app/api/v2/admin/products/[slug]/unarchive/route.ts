import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { unarchiveProduct, PRODUCT_ADMIN_MESSAGES } from "@/lib/catalog";
import { slugParam } from "@/lib/platform/fields";
import { presentAdminProduct, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse } from "../../../../_lib/http";

/** POST /api/v2/admin/products/{slug}/unarchive: brings an archived product back as a draft, unpublished (product:publish). */
export const POST = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "publish");
    const { slug } = parse(z.object({ slug: slugParam }), raw);
    const product = await unarchiveProduct(slug, staff.actor);
    return staffAnswer(staff, action(true, PRODUCT_ADMIN_MESSAGES.unarchived, 200, { product: presentAdminProduct(product) }));
  },
  { personal: true },
);
