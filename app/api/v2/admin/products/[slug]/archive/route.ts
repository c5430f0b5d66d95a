import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { archiveProduct, PRODUCT_ADMIN_MESSAGES } from "@/lib/catalog";
import { slugParam } from "@/lib/platform/fields";
import { presentAdminProduct, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse } from "../../../../_lib/http";

/** POST /api/v2/admin/products/{slug}/archive: archives the product: unpublished, gone from the shop (lists, search, sitemap, its page), kept for its orders (product:publish). */
export const POST = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "publish");
    const { slug } = parse(z.object({ slug: slugParam }), raw);
    const product = await archiveProduct(slug, staff.actor);
    return staffAnswer(staff, action(true, PRODUCT_ADMIN_MESSAGES.archived, 200, { product: presentAdminProduct(product) }));
  },
  { personal: true },
);
