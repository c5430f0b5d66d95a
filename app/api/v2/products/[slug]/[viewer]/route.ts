import { z } from "zod";
import { getProductBySlug } from "@/lib/server/catalog";
import { ApiError } from "@/lib/server/errors";
import { slugParam } from "@/lib/validation/catalog";
import { handler, list, parse } from "../../../_lib/http";
import { productDetail } from "../../../_lib/present";

const params = z.object({
  slug: slugParam,
  // The viewer's user id for recently-viewed tracking, 0 for guests. Identity comes from the
  // session, so a viewer id is only ever recorded for the signed-in user it names.
  viewer: z.coerce.number({ error: "Viewer must be a number." }).int().min(0).max(2_147_483_647),
});

export const GET = handler<{ slug: string; viewer: string }>(async (_request, raw) => {
  const { slug } = parse(params, raw);
  const product = await getProductBySlug(slug);
  if (!product) throw new ApiError(404, "Product not found.");
  return list([productDetail(product)]);
});
