import { z } from "zod";
import type { AttributeKey } from "./attribute-keys";
import {
  PRICE_RANGES,
  AVAILABILITY_OPTIONS,
  ADVANCED_OPTIONS,
  SORT_OPTIONS,
  SEARCH_CONTROL_MESSAGE,
  SEARCH_MIN_CHARS,
  SEARCH_MIN_MESSAGE,
  hasControlChars,
} from "./options";


/** "In Stock", "in-stock" and "in_stock" all mean in_stock. */
const slugKey = (value: unknown) =>
  typeof value === "string" ? value.trim().toLowerCase().replace(/[\s-]+/g, "_") : value;
const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const keyEnum = <T extends Record<string, unknown>>(options: T, what: string) =>
  z.preprocess(
    (v) => slugKey(emptyToUndefined(v)),
    z
      .enum(Object.keys(options) as [keyof T & string, ...(keyof T & string)[]], {
        error: `${what} must be one of: ${Object.keys(options).join(", ")}.`,
      })
      .optional(),
  );

export const ATTRIBUTE_VALUE_FORMAT = `Use "Name:value" where Name is one of the shop's attributes (Material:Cotton).`;

const attributeValue = z
  .string()
  .trim()
  .max(200)
  .refine((v) => !hasControlChars(v), "Attribute values cannot contain control characters.")
  .transform((raw, ctx) => {
    const at = raw.indexOf(":");
    const name = at > 0 ? raw.slice(0, at).trim() : "";
    const value = at > 0 ? raw.slice(at + 1).trim() : "";
    if (!name || !value || name.length > 60) {
      ctx.addIssue({ code: "custom", message: ATTRIBUTE_VALUE_FORMAT });
      return z.NEVER;
    }
    return { name, value };
  });

/**
 * The search's attribute values with each name as the shop spells it, or the message for a name
 * that is none of the shop's attributes (the search routes answer it as 422 under
 * `selected_attribute_values`). The names are known only to the database, so this runs after the schema.
 */
export function resolveAttributeNames<T extends { selected_attribute_values: { name: string; value: string }[] }>(search: T, filters: readonly AttributeKey[]): { search: T } | { error: string } {
  const resolved: { name: string; value: string }[] = [];
  for (const asked of search.selected_attribute_values) {
    const match = filters.find((f) => f.name.toLowerCase() === asked.name.toLowerCase());
    if (!match) return { error: `${asked.name} is not one of the shop's attributes (${filters.map((f) => f.name).join(", ") || "none yet"}).` };
    resolved.push({ name: match.name, value: asked.value });
  }
  return { search: { ...search, selected_attribute_values: resolved } };
}

export const productSearchSchema = z.object({
  name: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(100, "Search text is limited to 100 characters.")
      .refine((v) => !hasControlChars(v), SEARCH_CONTROL_MESSAGE)
      .refine((v) => v.length === 0 || v.length >= SEARCH_MIN_CHARS, SEARCH_MIN_MESSAGE)
      .optional(),
  ),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1, "Page must be 1 or more.").max(100_000).default(1)),
  per_page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(48, "At most 48 per page.").default(12)),
  availability: keyEnum(AVAILABILITY_OPTIONS, "Availability"),
  price: keyEnum(PRICE_RANGES, "Price"),
  advanced_filters: keyEnum(ADVANCED_OPTIONS, "Advanced filter"),
  sort: keyEnum(SORT_OPTIONS, "Sort"),
  category: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Category must be a category slug.").optional(),
  ),
  selected_attribute_values: z.array(attributeValue).max(30, "At most 30 attribute values.").default([]),
});

export type ProductSearchInput = z.input<typeof productSearchSchema>;
export type ProductSearch = z.output<typeof productSearchSchema>;

/**
 * Reads the search parameters of a URL, accepting both `selected_attribute_values[]` and the bare
 * key, and each attribute's own address key as the listing pages use it (`?colour=Blue` is
 * `Colour:Blue`; `filters` from listFilterKeys). Other keys are ignored.
 */
export function searchParamsToInput(params: URLSearchParams, filters: readonly AttributeKey[] = []): Record<string, unknown> {
  const single = (key: string) => params.get(key) ?? undefined;
  return {
    name: single("name"),
    page: single("page"),
    per_page: single("per_page"),
    availability: single("availability"),
    price: single("price"),
    advanced_filters: single("advanced_filters"),
    sort: single("sort"),
    category: single("category"),
    selected_attribute_values: [
      ...params.getAll("selected_attribute_values[]"),
      ...params.getAll("selected_attribute_values"),
      ...filters.flatMap(({ name, key }) => params.getAll(key).map((value) => `${name}:${value}`)),
    ],
  };
}
