import { assertCan, requireStaff } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { createProduct, PRODUCT_ADMIN_MESSAGES } from "@/lib/catalog";
import { productCreateSchema } from "@/lib/catalog/product-schemas";
import { presentAdminProduct, staffAnswer } from "../../_lib/admin";
import { action, handler, readJson } from "../../_lib/http";

/**
 * POST /api/v2/admin/products: a new product, a draft unless `published` is sent (product:create;
 * product:publish for `published: true`, stock:update for `initial_stock`). A value `attributes`
 * names that its attribute lacks is added (product:update, audited) unless `create_values: false`.
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "create");
    const input = await readJson(request, productCreateSchema);
    if (input.published) assertCan(staff, "product", "publish");
    if (input.initial_stock) assertCan(staff, "stock", "update");
    const product = await createProduct(input, staff.actor, new Date(), input.create_values === false ? "refuse" : can(staff, "product", "update") ? "create" : "forbidden");
    return staffAnswer(staff, action(true, PRODUCT_ADMIN_MESSAGES.created, 201, { product: presentAdminProduct(product) }));
  },
  { personal: true },
);
