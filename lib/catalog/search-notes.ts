import { stem, words } from "./search/text";

/**
 * What the shopper-facing search says besides the cards (pure; the search page, the filter bar and
 * the header's dropdown use it, and the catalog service picks the matching categories with it):
 * the corrected query, a facet's count, the categories whose names match what is typed.
 */

/** Above this a filter value's count shows as "1,000+": a shopper needs "many", not the exact figure. */
export const FACET_COUNT_CAP = 1000;

const numbers = new Intl.NumberFormat("en-IN");

/** A filter value's count as the filter bar shows it: "12", "1,000", "1,000+". */
export function facetCount(count: number): string {
  return count > FACET_COUNT_CAP ? `${numbers.format(FACET_COUNT_CAP)}+` : numbers.format(count);
}

/** A filter value's label with its count: "Velvet (12)". */
export function facetLabel(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${facetCount(count)})`;
}

/**
 * The query as the search read it, with each word it took for another in its place ("curtian
 * velvet" read with curtain: "curtain velvet"); in the words' normalized form (lower case).
 */
export function correctedQuery(text: string, corrections: readonly { from: string; to: string }[]): string {
  return words(text)
    .map((w) => corrections.find((c) => c.from === w)?.to ?? w)
    .join(" ");
}

/**
 * A category name's words and their stems, kept per category object while its name stays the
 * same: the category tree is one shared object for a second at a time (lib/platform/cache.ts), and
 * analysing every name again was a tenth of a search's own time.
 */
const analysed = new WeakMap<object, { name: string; own: string[]; stems: string[] }>();
function nameWords(name: string, holder: object): { own: string[]; stems: string[] } {
  const known = analysed.get(holder);
  if (known?.name === name) return known;
  const own = words(name);
  const fresh = { name, own, stems: own.map(stem) };
  analysed.set(holder, fresh);
  return fresh;
}

/** At most this many words of a query are compared with category names. */
const MAX_WORDS = 6;

/**
 * The categories (in the order given: the shop's) whose names hold every word of the query, in
 * any case and order: each word as a whole word or its singular or plural, the last one also as
 * the start of a word (what is still being typed: "bed" finds Beds, Bedding and Bedsheets); the
 * words written together count too ("bed sheet" finds Bedsheets). Names that hold every word
 * whole come first. At most `limit`, each slug once.
 */
export function matchingCategories<C extends { name: string; slug: string }>(text: string, categories: readonly C[], limit: number): { name: string; slug: string }[] {
  const asked = words(text).slice(0, MAX_WORDS);
  if (!asked.length || limit <= 0) return [];
  const readings = (asked.length > 1 ? [asked, [asked.join("")]] : [asked]).map((reading) => reading.map((word) => ({ word, stem: stem(word) })));
  const whole: C[] = [];
  const partly: C[] = [];
  const seen = new Set<string>();
  for (const category of categories) {
    if (seen.has(category.slug)) continue;
    const { own, stems } = nameWords(category.name, category);
    let best = 0;
    for (const reading of readings) {
      let exact = true;
      const ok = reading.every(({ word, stem: s }, i) => {
        if (stems.includes(s)) return true;
        exact = false;
        return i === reading.length - 1 && own.some((w) => w.startsWith(word));
      });
      if (ok) best = Math.max(best, exact ? 2 : 1);
    }
    if (!best) continue;
    seen.add(category.slug);
    (best === 2 ? whole : partly).push(category);
  }
  return [...whole, ...partly].slice(0, limit).map((c) => ({ name: c.name, slug: c.slug }));
}
