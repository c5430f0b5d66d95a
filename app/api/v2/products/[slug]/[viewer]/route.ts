import { z } from "zod";
import { identify } from "@/lib/accounts";
import { getProductBySlug, recordView } from "@/lib/catalog";
import { ApiError } from "@/lib/platform/errors";
import { slugParam } from "@/lib/platform/fields";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { handler, list, parse } from "../../../_lib/http";
import { productDetail } from "../../../_lib/present";

const params = z.object({
  slug: slugParam,
  // The viewer's user id, 0 for guests (the old site's "208").
  viewer: z.coerce.number({ error: "Viewer must be a number." }).int().min(0).max(2_147_483_647),
});

/**
 * GET /products/{slug}/{viewer}: the product. When the viewer is the signed-in customer (the
 * session says so; the number alone proves nothing), the view is recorded for their dashboard's
 * Recently viewed. A number that is not the caller's own records nothing.
 *
 * Viewer 0 is the same answer for everyone and is shared ("catalog" policy); any other viewer
 * number is about a session, so that answer is private and never stored.
 */
export const GET = handler<{ slug: string; viewer: string }>(async (request, raw) => {
  const { slug, viewer } = parse(params, raw);
  const product = await getProductBySlug(slug);
  if (!product) throw new ApiError(404, "Product not found.");
  const response = list([productDetail(product)]);
  if (viewer > 0) {
    const identity = await identify(request.headers);
    if (identity && identity.user.id === viewer) await recordView(viewer, slug);
    response.headers.set("Cache-Control", NO_STORE);
  }
  return response;
}, { cache: "catalog" });
