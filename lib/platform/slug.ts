/** A URL slug as the store writes them: lowercase letters and digits in hyphen-separated words. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest slug the store accepts (the same limit as the API's slug parameter). */
export const MAX_SLUG_LENGTH = 200;

/**
 * Whether a route segment is a well-formed slug. Checked before any database read, so odd paths
 * (upper case, dots, encoded characters, very long strings) are a plain 404.
 */
export function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}
