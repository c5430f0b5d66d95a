import { listFilterAttributes, listFilterKeys, searchProducts } from "@/lib/catalog";
import { ApiError } from "@/lib/platform/errors";
import { productSearchSchema, searchParamsToInput } from "@/lib/catalog/schemas";
import { handler, paginated, parse } from "../../_lib/http";
import { listMeta, meta, productCard, searchMeta } from "../../_lib/present";
import { withShopAttributes } from "../../_lib/search";

export const GET = handler(async (request) => {
  const filters = await listFilterKeys();
  const search = withShopAttributes(parse(productSearchSchema, searchParamsToInput(request.nextUrl.searchParams, filters)), filters);
  const page = await searchProducts(search);
  if (!page) throw new ApiError(404, "Category not found.");
  const facets = page.facets;
  // Every list says what each filter would give; a search by words also what it read, and what else to try.
  const pageMeta = !facets ? meta(page) : search.name ? searchMeta({ ...page, facets }, await listFilterAttributes()) : listMeta({ ...page, facets }, await listFilterAttributes());
  return paginated(page.items.map(productCard), pageMeta);
}, { cache: "catalog" });
