/**
 * The measures of npm run search:relevance, as pure functions over a ranked list of product slugs
 * and a query's judgements (slug → grade: 2 the best or exactly what was asked, 1 acceptable).
 */

/** A query's judged products: slug → grade (1 or 2). Empty for a query that should find nothing. */
export type Grades = Readonly<Record<string, number>>;

/** The highest grade a query's judgements give, 0 when there are none (a miss). */
export function topGrade(grades: Grades): number {
  return Math.max(0, ...Object.values(grades));
}

/**
 * 1 when one of the first `k` results has the query's top grade (the best product, or another as
 * good), else 0. For a query that should find nothing (no judgements), 1 when the first `k`
 * results are empty: nothing is offered as a match.
 */
export function successAtK(ranked: readonly string[], grades: Grades, k: number): 0 | 1 {
  const top = ranked.slice(0, k);
  const wanted = topGrade(grades);
  if (wanted === 0) return top.length === 0 ? 1 : 0;
  return top.some((slug) => (grades[slug] ?? 0) === wanted) ? 1 : 0;
}

/** Discounted cumulative gain of grades in rank order, the first `k`: (2^grade − 1) / log2(rank + 1). */
export function dcgAtK(gradesInOrder: readonly number[], k: number): number {
  let sum = 0;
  for (const [i, grade] of gradesInOrder.slice(0, k).entries()) sum += (2 ** grade - 1) / Math.log2(i + 2);
  return sum;
}

/**
 * Normalized DCG of the first `k` results: their DCG over that of the ideal order of every judged
 * product (highest grades first), so a list that misses a judged product scores below 1 even when
 * what it shows is in the right order. Unjudged results gain nothing. null for a query with no
 * judgements (a miss), where the measure has no meaning.
 */
export function ndcgAtK(ranked: readonly string[], grades: Grades, k: number): number | null {
  const ideal = Object.values(grades)
    .filter((g) => g > 0)
    .sort((a, b) => b - a);
  const best = dcgAtK(ideal, k);
  if (best === 0) return null;
  return dcgAtK(
    ranked.map((slug) => grades[slug] ?? 0),
    k,
  ) / best;
}

/** Where `slug` is in the ranked list, 1-based; null when it is not there. */
export function rankOf(ranked: readonly string[], slug: string): number | null {
  const i = ranked.indexOf(slug);
  return i < 0 ? null : i + 1;
}

/** The mean of the numbers that are not null; null when there are none. */
export function mean(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
}
