/**
 * The catalog's filter and sort options, without zod: client components (the filter bar) import
 * these, and zod would add ~30 KB to their pages. The zod schemas in validation/catalog.ts use them.
 */
export const PRICE_RANGES = {
  under_10000: { label: "Under ₹10,000", min: null, max: 999_999 },
  "10000_20000": { label: "₹10,000 – ₹20,000", min: 1_000_000, max: 2_000_000 },
  "20000_30000": { label: "₹20,000 – ₹30,000", min: 2_000_000, max: 3_000_000 },
  above_30000: { label: "Above ₹30,000", min: 3_000_001, max: null },
} as const satisfies Record<string, { label: string; min: number | null; max: number | null }>;
export type PriceRange = keyof typeof PRICE_RANGES;

export const AVAILABILITY_OPTIONS = {
  in_stock: "In Stock",
  made_to_order: "Made to Order",
  out_of_stock: "Out of Stock",
} as const;
export type AvailabilityFilter = keyof typeof AVAILABILITY_OPTIONS;

export const ADVANCED_OPTIONS = {
  new_article: "New Article",
  popular: "Popular",
} as const;
export type AdvancedFilter = keyof typeof ADVANCED_OPTIONS;

export const SORT_OPTIONS = {
  newest: "Newest first",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  popular: "Popularity",
} as const;
export type SortOption = keyof typeof SORT_OPTIONS;

/** The attribute filters that come from the database, by name. */
export const ATTRIBUTE_FILTERS = ["Material", "Size", "Assembly"] as const;
export type AttributeFilterName = (typeof ATTRIBUTE_FILTERS)[number];

/** A product counts as a "New Article" for this many days after it is listed. */
export const NEW_ARRIVAL_DAYS = 90;
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_MIN_MESSAGE = "Enter at least 3 characters to search.";
