import { z } from "zod";
import { getProductBySlug, updateProduct } from "@/lib/catalog";
import { ApiError } from "@/lib/platform/errors";
import { productUpdateSchema } from "@/lib/catalog/admin-schemas";
import { slugParam } from "@/lib/platform/fields";
import { requireAdmin } from "../../../_lib/admin";
import { handler, list, parse, readJson } from "../../../_lib/http";
import { productDetail } from "../../../_lib/present";

/** PATCH /api/v2/admin/products/{slug}: change a product; its page and every list show it at once. */
export const PATCH = handler<{ slug: string }>(async (request, params) => {
  requireAdmin(request);
  const { slug } = parse(z.object({ slug: slugParam }), params);
  const input = await readJson(request, productUpdateSchema);
  if (!(await updateProduct(slug, input))) throw new ApiError(404, "Product not found.");
  const product = await getProductBySlug(slug);
  return list(product ? [productDetail(product)] : []);
});
