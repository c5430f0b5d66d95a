import type { ApiFilterGroup } from "@/lib/api/types";
import { listFilterAttributes } from "@/lib/catalog";
import { ADVANCED_OPTIONS, AVAILABILITY_OPTIONS, PRICE_RANGES } from "@/lib/catalog/options";
import { handler, list } from "../../_lib/http";

const options = (o: Record<string, string>) => Object.entries(o).map(([value, label]) => ({ value, label }));

export const GET = handler(async () => {
  const attributes = await listFilterAttributes();
  const groups: ApiFilterGroup[] = [
    ...attributes.map((a) => ({
      key: a.name,
      name: a.name,
      param: "selected_attribute_values[]" as const,
      query_key: a.key,
      options: a.values.map((v) => ({ value: `${a.name}:${v.value}`, label: v.value })),
    })),
    {
      key: "Price",
      name: "Price",
      param: "price",
      options: Object.entries(PRICE_RANGES).map(([value, range]) => ({ value, label: range.label })),
    },
    { key: "Availability", name: "Availability", param: "availability", options: options(AVAILABILITY_OPTIONS) },
    { key: "Advanced", name: "Advanced", param: "advanced_filters", options: options(ADVANCED_OPTIONS) },
  ];
  return list(groups);
}, { cache: "taxonomy" });
