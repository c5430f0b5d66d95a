import { searchAnswerJson } from "@/lib/catalog/search/search-answer";
import { listFilterAttributes, listFilterKeys, searchProductsAnswer } from "@/lib/catalog";
import { jsonBytesResponse } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";
import { productSearchSchema, searchParamsToInput } from "@/lib/catalog/schemas";
import { handler, paginated, parse } from "../../_lib/http";
import { listMeta, meta, productCard } from "../../_lib/present";
import { withShopAttributes } from "../../_lib/search";

export const GET = handler(async (request) => {
  const started = performance.now();
  const filters = await listFilterKeys();
  const search = withShopAttributes(parse(productSearchSchema, searchParamsToInput(request.nextUrl.searchParams, filters)), filters);
  const page = await searchProductsAnswer(search);
  if (!page) throw new ApiError(404, "Category not found.");
  if ("body" in page) {
    // A search by words the search thread answered whole: its bytes as it wrote them.
    const response = jsonBytesResponse(page.body, page.etag);
    response.headers.set("server-timing", serverTiming({ index: page.indexMs, page: page.pageMs, total: performance.now() - started, thread: "search", pageThread: "search" }));
    return response;
  }
  const facets = page.facets;
  // Every list says what each filter would give; a search by words also what it read, and what
  // else to try, written as the search thread writes it when it answers whole.
  const response =
    search.name && facets
      ? jsonBytesResponse(new TextEncoder().encode(searchAnswerJson({ ...page, facets }, await listFilterAttributes())), null)
      : paginated(page.items.map(productCard), facets ? listMeta({ ...page, facets }, await listFilterAttributes()) : meta(page));
  if (page.timing) response.headers.set("server-timing", serverTiming({ ...page.timing, total: performance.now() - started, pageThread: "main" }));
  return response;
}, { cache: "catalog" });

/**
 * Where a search by words spent its time (ms), for the browser's developer tools and the bench:
 * the search index and the page's cards and notes, each with the thread it ran on (the search
 * thread writes the whole answer when it keeps the page's cards), and the whole route.
 */
function serverTiming(parts: { index: number; page: number; total: number; thread: "search" | "main"; pageThread: "search" | "main" }): string {
  const { index, page, total, thread, pageThread } = parts;
  return [`index;dur=${index.toFixed(2)};desc="search index (${thread} thread)"`, `page;dur=${page.toFixed(2)};desc="cards and notes (${pageThread} thread)"`, `total;dur=${total.toFixed(2)}`].join(", ");
}
