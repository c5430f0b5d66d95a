import type { AttributeKey } from "@/lib/catalog/attribute-keys";
import { resolveAttributeNames } from "@/lib/catalog/schemas";
import { ApiError } from "@/lib/platform/errors";

/**
 * The search's attribute values named as the shop names its attributes; 422 under
 * `selected_attribute_values` for a name that is none of them (the schema alone cannot know them).
 */
export function withShopAttributes<T extends { selected_attribute_values: { name: string; value: string }[] }>(search: T, filters: readonly AttributeKey[]): T {
  const resolved = resolveAttributeNames(search, filters);
  if ("error" in resolved) throw new ApiError(422, resolved.error, { selected_attribute_values: [resolved.error] });
  return resolved.search;
}
