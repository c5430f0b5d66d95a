/**
 * The catalog's filter and sort options, without zod: client components (the filter bar) import
 * these, and zod would add ~30 KB to their pages. The zod schemas in validation/catalog.ts use them.
 */
/**
 * Price ranges in paise, each half-open: from `from` (inclusive) up to `below` (exclusive), so a
 * price on a boundary (exactly ₹10,000, ₹20,000 or ₹30,000) belongs to exactly one range, the
 * higher one. The SQL filter (server/catalog.ts) and priceInRange use these same bounds.
 */
export const PRICE_RANGES = {
  under_10000: { label: "Under ₹10,000", from: null, below: 1_000_000 },
  "10000_20000": { label: "₹10,000 to under ₹20,000", from: 1_000_000, below: 2_000_000 },
  "20000_30000": { label: "₹20,000 to under ₹30,000", from: 2_000_000, below: 3_000_000 },
  above_30000: { label: "₹30,000 and above", from: 3_000_000, below: null },
} as const satisfies Record<string, { label: string; from: number | null; below: number | null }>;
export type PriceRange = keyof typeof PRICE_RANGES;

/** Whether a price in paise falls in a range, by the same rule as the SQL filter. */
export function priceInRange(range: PriceRange, paise: number): boolean {
  const { from, below } = PRICE_RANGES[range];
  return (from === null || paise >= from) && (below === null || paise < below);
}

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

/**
 * The shop's first attributes, whose names (and so their address keys, ?material= ?size=
 * ?assembly=) are fixed: links shared before keep working, and Size also takes variant sizes.
 * The filter bar offers every attribute published products have values of (attribute-keys.ts).
 */
export const ATTRIBUTE_FILTERS = ["Material", "Size", "Assembly"] as const;
export type AttributeFilterName = (typeof ATTRIBUTE_FILTERS)[number];

/** A product counts as a "New Article" for this many days after it is listed. */
export const NEW_ARRIVAL_DAYS = 90;
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_MIN_MESSAGE = "Enter at least 3 characters to search.";
export const SEARCH_CONTROL_MESSAGE = "Search text cannot contain control characters.";

/**
 * Whether text holds a control character (C0, DEL or C1), a NUL byte included. No shopper types
 * one; PostgreSQL refuses NUL in text outright and SQLite's FTS5 reads it as the end of the query,
 * so such input is turned away as invalid instead of reaching the database.
 */
export function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
