import { listFilterAttributes, listFilterKeys, searchProducts } from "@/lib/catalog";
import { ApiError } from "@/lib/platform/errors";
import { productSearchSchema, searchParamsToInput } from "@/lib/catalog/schemas";
import { handler, paginated, parse } from "../../_lib/http";
import { listMeta, meta, productCard, searchMeta } from "../../_lib/present";
import { withShopAttributes } from "../../_lib/search";

export const GET = handler(async (request) => {
  const started = performance.now();
  const filters = await listFilterKeys();
  const search = withShopAttributes(parse(productSearchSchema, searchParamsToInput(request.nextUrl.searchParams, filters)), filters);
  const page = await searchProducts(search);
  if (!page) throw new ApiError(404, "Category not found.");
  const facets = page.facets;
  // Every list says what each filter would give; a search by words also what it read, and what else to try.
  const pageMeta = !facets ? meta(page) : search.name ? searchMeta({ ...page, facets }, await listFilterAttributes()) : listMeta({ ...page, facets }, await listFilterAttributes());
  const response = paginated(page.items.map(productCard), pageMeta);
  if (page.timing) response.headers.set("server-timing", serverTiming({ ...page.timing, total: performance.now() - started }));
  return response;
}, { cache: "catalog" });

/**
 * Where a search by words spent its time (ms), for the browser's developer tools and the bench:
 * the search index (on the search thread, or the main thread), the page's cards and notes, and
 * the whole route.
 */
function serverTiming(parts: { index: number; page: number; total: number; thread: "search" | "main" }): string {
  const { index, page, total, thread } = parts;
  return [`index;dur=${index.toFixed(2)};desc="search index (${thread} thread)"`, `page;dur=${page.toFixed(2)};desc="cards and notes"`, `total;dur=${total.toFixed(2)}`].join(", ");
}
