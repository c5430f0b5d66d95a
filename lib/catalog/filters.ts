import { FIXED_ATTRIBUTE_KEYS, type AttributeKey } from "./attribute-keys";
import {
  ADVANCED_OPTIONS,
  AVAILABILITY_OPTIONS,
  PRICE_RANGES,
  SORT_OPTIONS,
  hasControlChars,
  type AdvancedFilter,
  type AvailabilityFilter,
  type PriceRange,
  type SortOption,
} from "./options";
import type { ProductSearch } from "./schemas";

/**
 * The filter bar's state, kept in the URL so a filtered list can be shared, crawled and reached
 * with the back button: /products?price=under_10000&material=Cotton&page=2
 */
export type FilterState = {
  page: number;
  price?: PriceRange;
  availability?: AvailabilityFilter;
  advanced?: AdvancedFilter;
  sort?: SortOption;
  /** The attributes the list can be filtered by, with their address keys, in the shop's order. */
  filters: readonly AttributeKey[];
  /** The values asked of each attribute, by its name (every one of `filters` has a list). */
  attributes: Record<string, string[]>;
};

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const oneOf = <T extends string>(options: Record<T, unknown>, v: string | undefined): T | undefined =>
  v !== undefined && Object.prototype.hasOwnProperty.call(options, v) ? (v as T) : undefined;

const own = (params: SearchParamsRecord, key: string) => (Object.prototype.hasOwnProperty.call(params, key) ? params[key] : undefined);

/** Every attribute of `filters` with no value asked. */
const noAttributes = (filters: readonly AttributeKey[]) => Object.fromEntries(filters.map((f) => [f.name, [] as string[]]));

/**
 * Reads filters from page search params; unknown values are dropped rather than failing the page.
 * `filters` are the shop's attributes with their address keys (lib/catalog listFilterKeys);
 * a key that is none of theirs is ignored. Without them, Material, Size and Assembly.
 */
export function readFilters(params: SearchParamsRecord, filters: readonly AttributeKey[] = FIXED_ATTRIBUTE_KEYS): FilterState {
  const pageNumber = Number(first(params.page));
  const attributes = noAttributes(filters);
  for (const { name, key } of filters) {
    attributes[name] = [...new Set(all(own(params, key)).map((v) => v.trim()).filter((v) => v && v.length <= 120 && !hasControlChars(v)))].slice(0, 10);
  }
  return {
    page: Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber : 1,
    price: oneOf(PRICE_RANGES, first(params.price)),
    availability: oneOf(AVAILABILITY_OPTIONS, first(params.availability)),
    advanced: oneOf(ADVANCED_OPTIONS, first(params.advanced_filters)),
    sort: oneOf(SORT_OPTIONS, first(params.sort)),
    filters,
    attributes,
  };
}

/** The query string of a filter state, in a stable order; page 1 is left out. */
export function filtersToQuery(state: FilterState, extra: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
  if (state.price) q.set("price", state.price);
  if (state.availability) q.set("availability", state.availability);
  if (state.advanced) q.set("advanced_filters", state.advanced);
  for (const { name, key } of state.filters) for (const v of state.attributes[name] ?? []) q.append(key, v);
  // No sort is the list's own order (relevance for a search by words, what can be bought first
  // otherwise), so "newest" is named too.
  if (state.sort) q.set("sort", state.sort);
  if (state.page > 1) q.set("page", String(state.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export type FilterChange =
  | { kind: "price"; value?: PriceRange }
  | { kind: "availability"; value?: AvailabilityFilter }
  | { kind: "advanced"; value?: AdvancedFilter }
  | { kind: "sort"; value?: SortOption }
  | { kind: "attribute"; name: string; values: string[] }
  | { kind: "reset" };

/** Applies a change; any change of filters goes back to page 1. */
export function changeFilters(state: FilterState, change: FilterChange): FilterState {
  const next: FilterState = { ...state, attributes: { ...state.attributes }, page: 1 };
  switch (change.kind) {
    case "price":
      next.price = change.value;
      break;
    case "availability":
      next.availability = change.value;
      break;
    case "advanced":
      next.advanced = change.value;
      break;
    case "sort":
      next.sort = change.value;
      break;
    case "attribute":
      if (state.filters.some((f) => f.name === change.name)) next.attributes[change.name] = change.values;
      break;
    case "reset":
      return { page: 1, filters: state.filters, attributes: noAttributes(state.filters) };
  }
  return next;
}

/** How many filters narrow the list (sort order and page are not filters). */
export const activeFilterCount = (s: FilterState) =>
  [s.price, s.availability, s.advanced].filter(Boolean).length + s.filters.filter((f) => s.attributes[f.name]?.length).length;

export const hasActiveFilters = (s: FilterState) => activeFilterCount(s) > 0;

/** The service query for a filter state. */
export function toProductSearch(state: FilterState, extra: { name?: string; category?: string; perPage?: number } = {}): ProductSearch {
  return {
    page: state.page,
    per_page: extra.perPage ?? 12,
    name: extra.name,
    category: extra.category,
    price: state.price,
    availability: state.availability,
    advanced_filters: state.advanced,
    sort: state.sort,
    selected_attribute_values: state.filters.flatMap(({ name }) => (state.attributes[name] ?? []).map((value) => ({ name, value }))),
  };
}
