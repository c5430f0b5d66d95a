import { z } from "zod";
import { listSubcategories } from "@/lib/catalog";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { handler, list, parse } from "../../_lib/http";
import { subcategory } from "../../_lib/present";

export const GET = handler<{ id: string }>(async (_request, params) => {
  const { id } = parse(z.object({ id: idParam }), params);
  const children = await listSubcategories(id);
  if (!children) throw new ApiError(404, "Category not found.");
  return list(children.map(subcategory));
}, { cache: "taxonomy" });
