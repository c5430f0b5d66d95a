import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { updateProduct } from "@/lib/server/catalog-admin";
import { getProductBySlug } from "@/lib/server/catalog";
import { ApiError } from "@/lib/server/errors";
import { productUpdateSchema } from "@/lib/validation/admin";
import { slugParam } from "@/lib/validation/catalog";
import { handler, list, parse, readJson } from "../../../_lib/http";
import { productDetail } from "../../../_lib/present";

const digest = (v: string) => createHash("sha256").update(v).digest();

/** The catalog admin API answers only to the Admin-Key header, and not at all when ADMIN_KEY is unset. */
function requireAdmin(request: Request) {
  const key = getConfig().adminKey;
  if (!key) throw new ApiError(404, "Not found.");
  const sent = request.headers.get("admin-key");
  if (!sent || !timingSafeEqual(digest(sent), digest(key))) throw new ApiError(401, "Missing or invalid Admin-Key header.");
}

/** PATCH /api/v2/admin/products/{slug}: change a product; its page and every list show it at once. */
export const PATCH = handler<{ slug: string }>(async (request, params) => {
  requireAdmin(request);
  const { slug } = parse(z.object({ slug: slugParam }), params);
  const input = await readJson(request, productUpdateSchema);
  if (!(await updateProduct(slug, input))) throw new ApiError(404, "Product not found.");
  const product = await getProductBySlug(slug);
  return list(product ? [productDetail(product)] : []);
});
