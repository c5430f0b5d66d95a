import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { duplicateProduct, PRODUCT_ADMIN_MESSAGES } from "@/lib/catalog";
import { productDuplicateSchema } from "@/lib/catalog/product-schemas";
import { slugParam } from "@/lib/platform/fields";
import { presentAdminProduct, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/products/{slug}/duplicate: a draft copy, without stock, with a new slug and SKU (product:create). */
export const POST = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "create");
    const { slug } = parse(z.object({ slug: slugParam }), raw);
    const input = await readJson(request, productDuplicateSchema);
    const product = await duplicateProduct(slug, input, staff.actor);
    return staffAnswer(staff, action(true, PRODUCT_ADMIN_MESSAGES.duplicated, 201, { product: presentAdminProduct(product) }));
  },
  { personal: true },
);
