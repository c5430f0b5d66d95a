import { z } from "zod";
import { assertCan, requireStaff, requireStaffForAny } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { deleteProduct, getAdminProduct, PRODUCT_ADMIN_MESSAGES, updateProduct } from "@/lib/catalog";
import { productUpdateSchema } from "@/lib/catalog/product-schemas";
import { ApiError } from "@/lib/platform/errors";
import { slugParam } from "@/lib/platform/fields";
import { presentAdminProduct, staffAnswer } from "../../../_lib/admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

const params = z.object({ slug: slugParam });

/** GET /api/v2/admin/products/{slug}: the product as staff see it, in any state (product:read). */
export const GET = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "read");
    const { slug } = parse(params, raw);
    const product = await getAdminProduct({ slug });
    if (!product) throw new ApiError(404, PRODUCT_ADMIN_MESSAGES.notFound);
    return staffAnswer(staff, list(presentAdminProduct(product)));
  },
  { personal: true },
);

/**
 * PATCH /api/v2/admin/products/{slug}: change a product; its page and every list show it at once.
 * Needs product:update for its fields, product:publish for `published`, stock:update for
 * `stock_adjustment` (a role with none of them is refused before the body is read). A value
 * `attributes` names that its attribute lacks is added (product:update, audited) unless
 * `create_values: false` asks for a 422 instead (docs/api-v2.md).
 */
export const PATCH = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaffForAny(request, ["product:update", "product:publish", "stock:update"]);
    const { slug } = parse(params, raw);
    const input = await readJson(request, productUpdateSchema);
    const { stock_adjustment, published, ...fields } = input;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "product", "update");
    if (published !== undefined) assertCan(staff, "product", "publish");
    if (stock_adjustment) assertCan(staff, "stock", "update");
    const product = await updateProduct(slug, input, staff.actor, new Date(), input.create_values === false ? "refuse" : can(staff, "product", "update") ? "create" : "forbidden");
    if (!product) throw new ApiError(404, PRODUCT_ADMIN_MESSAGES.notFound);
    return staffAnswer(staff, list([presentAdminProduct(product)]));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/products/{slug}: only a product never ordered (product:delete); one that was is archived instead (409). */
export const DELETE = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "product", "delete");
    const { slug } = parse(params, raw);
    await deleteProduct(slug, staff.actor);
    return staffAnswer(staff, action(true, PRODUCT_ADMIN_MESSAGES.deleted));
  },
  { personal: true },
);
