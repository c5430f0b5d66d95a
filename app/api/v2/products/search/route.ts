import { listFilterAttributes, listFilterKeys, searchProducts } from "@/lib/catalog";
import { ApiError } from "@/lib/platform/errors";
import { productSearchSchema, searchParamsToInput } from "@/lib/catalog/schemas";
import { handler, paginated, parse } from "../../_lib/http";
import { meta, productCard, searchMeta } from "../../_lib/present";
import { withShopAttributes } from "../../_lib/search";

export const GET = handler(async (request) => {
  const filters = await listFilterKeys();
  const search = withShopAttributes(parse(productSearchSchema, searchParamsToInput(request.nextUrl.searchParams, filters)), filters);
  const page = await searchProducts(search);
  if (!page) throw new ApiError(404, "Category not found.");
  const facets = page.facets;
  // A search by words also says what each filter would give, what it read, and what else to try.
  const pageMeta = facets ? searchMeta({ ...page, facets }, await listFilterAttributes()) : meta(page);
  return paginated(page.items.map(productCard), pageMeta);
}, { cache: "catalog" });
