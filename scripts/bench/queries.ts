/**
 * Search queries for npm run bench, drawn from the catalog's product names the way a shopper types
 * them into the search box: lower case, a word or the start of one ("curt", "velvet"), or two
 * neighbouring words with the second one half typed ("jute ru", "block print"). Every query is
 * at least 3 characters (the endpoint's minimum) and no query appears twice, so no answer can come
 * from a cache that has seen it before within the run.
 */

import { mulberry32 } from "../../lib/seed/prng";

const MIN = 3;

/** The start of `word`, at least MIN characters, up to all of it. */
function typed(word: string, random: () => number): string {
  return word.slice(0, MIN + Math.floor(random() * (word.length - MIN + 1)));
}

/**
 * `count` distinct queries from `names`. A name is picked at random (so common words come up as
 * often as shoppers would meet them), then a word of it: half the time the query is that word as
 * typed so far, half the time it is that word and the start of the next one. Throws when the
 * names cannot give that many distinct queries.
 */
export function searchQueries(names: readonly string[], count: number, seed: number): string[] {
  const random = mulberry32(seed).next;
  const words = names.map((n) => n.toLowerCase().split(/\s+/).filter(Boolean)).filter((w) => w.length > 0);
  const out = new Set<string>();
  const maxAttempts = count * 200;
  for (let attempt = 0; out.size < count && attempt < maxAttempts; attempt++) {
    const name = words[Math.floor(random() * words.length)] as string[];
    const i = Math.floor(random() * name.length);
    const word = name[i] as string;
    const next = name[i + 1];
    let query: string;
    if (next && next.length >= MIN && random() < 0.5) query = `${word} ${typed(next, random)}`;
    else if (word.length >= MIN) query = typed(word, random);
    else continue;
    out.add(query);
  }
  if (out.size < count) throw new Error(`the catalog's product names give only ${out.size} distinct search queries, not ${count}`);
  return [...out];
}
