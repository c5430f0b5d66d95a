import { z } from "zod";
import { assertCan, requireStaffForAny } from "@/lib/accounts";
import { getProductBySlug, updateProduct } from "@/lib/catalog";
import { ApiError } from "@/lib/platform/errors";
import { productUpdateSchema } from "@/lib/catalog/admin-schemas";
import { slugParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../_lib/admin";
import { handler, list, parse, readJson } from "../../../_lib/http";
import { productDetail } from "../../../_lib/present";

/**
 * PATCH /api/v2/admin/products/{slug}: change a product; its page and every list show it at once.
 * Needs product:update for its fields, product:publish for `published`, stock:update for
 * `stock_adjustment` (a role with none of them is refused before the body is read).
 */
export const PATCH = handler<{ slug: string }>(
  async (request, params) => {
    const staff = await requireStaffForAny(request, ["product:update", "product:publish", "stock:update"]);
    const { slug } = parse(z.object({ slug: slugParam }), params);
    const input = await readJson(request, productUpdateSchema);
    const { stock_adjustment, published, ...fields } = input;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "product", "update");
    if (published !== undefined) assertCan(staff, "product", "publish");
    if (stock_adjustment) assertCan(staff, "stock", "update");
    if (!(await updateProduct(slug, input, staff.actor))) throw new ApiError(404, "Product not found.");
    const product = await getProductBySlug(slug);
    return staffAnswer(staff, list(product ? [productDetail(product)] : []));
  },
  { personal: true },
);
