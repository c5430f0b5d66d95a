import { z } from "zod";
import { listFilterKeys, searchProducts } from "@/lib/catalog";
import { getCategorySlugById, getCmsPage } from "@/lib/content";
import { ApiError } from "@/lib/platform/errors";
import { productSearchSchema, searchParamsToInput } from "@/lib/catalog/schemas";
import { slugParam } from "@/lib/platform/fields";
import { handler, paginated, parse } from "../../_lib/http";
import { cmsPage, meta, productCard } from "../../_lib/present";
import { withShopAttributes } from "../../_lib/search";

/** A CMS page with its product grid: `{ page, data, meta }`. The grid takes the product search filters. */
export const GET = handler<{ slug: string }>(async (request, params) => {
  const { slug } = parse(z.object({ slug: slugParam }), params);
  const filters = await listFilterKeys();
  const search = withShopAttributes(parse(productSearchSchema.omit({ category: true }), searchParamsToInput(request.nextUrl.searchParams, filters)), filters);
  const page = await getCmsPage(slug);
  if (!page) throw new ApiError(404, "Page not found.");
  const category = page.categoryId ? await getCategorySlugById(page.categoryId) : null;
  const products = await searchProducts({ ...search, category: category ?? undefined });
  const items = products?.items ?? [];
  const pageMeta = products ? meta(products) : { current_page: 1, last_page: 1, per_page: search.per_page, total: 0 };
  return paginated(items.map(productCard), pageMeta, { page: cmsPage(page) });
}, { cache: "catalog" });
