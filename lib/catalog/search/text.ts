/**
 * The words of product search: how text becomes the terms the index keeps and a query asks for.
 * Pure, shared by the index (lib/catalog/search/segment.ts) and the query planner (./engine.ts).
 *
 * - Case and accents do not count ("Sofá" is "sofa"); Devanagari and other scripts are kept as
 *   they are (their vowel signs are letters of the word, not accents).
 * - A word is a letter or digit and the letters, marks and digits after it; everything else
 *   (an emoji's variation selector included) separates words, so "7-ft",
 *   "7 ft" and "7ft" all hold the words 7 and ft, and SQL or FTS operator characters are spaces.
 * - Units are spelled one way: feet, foot → ft; metre, meter, mtr → m.
 * - Plurals fold to one term (Harman's S-stemmer, three rules: curtains → curtain, dhurries →
 *   dhurrie or dhurry, boxes → boxe is avoided by keeping "es" words whose stem exists); the
 *   index keeps the stem, and the planner tries a query word's other forms.
 */

const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const LATIN_WORD = /^[a-z]+$/;
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

const UNITS: Record<string, string> = { feet: "ft", foot: "ft", metre: "m", metres: "m", meter: "m", meters: "m", mtr: "m", mtrs: "m" };

/** Lower case, accents off Latin letters, compatibility forms folded (ﬁ → fi, full-width → ASCII). */
export function normalizeText(text: string): string {
  // Plain ASCII (nearly every product's text) has nothing to fold: skip the two normalizations.
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFKD").replace(LATIN_ACCENTS, "").normalize("NFC").toLowerCase();
}

/** The words of a text, normalized, in order, units spelled one way. One-letter words are kept (a size's "x", "m"). */
export function words(text: string): string[] {
  const out: string[] = [];
  if (ASCII.test(text)) {
    // The same words for ASCII text (letters and digits are [a-z0-9] there), without the Unicode
    // pattern: most of the catalog's text, and the index's build reads all of it.
    for (const word of text.toLowerCase().split(ASCII_SEPARATORS)) if (word) out.push(UNITS[word] ?? word);
    return out;
  }
  for (const match of normalizeText(text).matchAll(WORD)) {
    const word = match[0];
    out.push(UNITS[word] ?? word);
  }
  return out;
}

/**
 * The index term of a word: its singular by the S-stemmer's rules for Latin words of four letters
 * or more ("ies" → "y" unless "eies"/"aies"; "es" → "e" unless "aes"/"ees"/"oes"; "s" → "" unless
 * "us"/"ss"); other words as they are.
 */
export function stem(word: string): string {
  if (word.length < 4 || !LATIN_WORD.test(word)) return word;
  if (word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("es") && !word.endsWith("aes") && !word.endsWith("ees") && !word.endsWith("oes")) return word.slice(0, -1);
  if (word.endsWith("s") && !word.endsWith("us") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * Other forms a query word may have in the catalog, most likely first, without the word's own stem:
 * "dhurries" → dhurrie; "boxes" → box; "printed" → print, printe; "quilting" → quilt, quilte.
 * The planner keeps those the index has.
 */
export function otherForms(word: string): string[] {
  if (word.length < 4 || !LATIN_WORD.test(word)) return [];
  const forms: string[] = [];
  if (word.endsWith("ies")) forms.push(word.slice(0, -1)); // dhurries → dhurrie
  if (word.endsWith("es")) forms.push(word.slice(0, -2)); // boxes → box
  if (word.endsWith("ed") && word.length >= 6) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("ing") && word.length >= 7) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  if (word.endsWith("y") && word.length >= 5) forms.push(`${word.slice(0, -1)}ie`); // dhurry → dhurrie
  if (word.endsWith("ie") && word.length >= 5) forms.push(`${word.slice(0, -2)}y`);
  return forms.filter((f) => f !== stem(word)).map(stem);
}

/**
 * Words a query can leave out: they are in every sort of shopper's phrase and in no product's
 * name ("curtain for bedroom", "king size bedsheet"). Dropped unless the query is nothing else.
 */
export const QUERY_STOPWORDS: ReadonlySet<string> = new Set(["a", "an", "and", "the", "for", "of", "with", "in", "on", "to", "by", "size", "sized", "buy", "online", "best", "new", "latest", "price", "cheap", "set", "sets", "pcs", "piece", "pieces", "&"]);

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions: "curtian" is one
 * edit from "curtain"), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, (prevPrev[j - 2] as number) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, cur] = [prev, cur, prevPrev];
  }
  return Math.min(prev[n] as number, max + 1);
}

/**
 * The words' text of stored rich text, for the index: tags become spaces, the commonest entities
 * are decoded. Not lib/platform/html.ts's htmlToText, which parses with sanitize-html for text a
 * person reads (meta descriptions): 66 µs a product description against 3.7 µs here, which is
 * 6.6 s more of an index build at 100,000 products; the index needs only the words between tags.
 */
export function indexableText(html: string | null | undefined): string {
  if (!html) return "";
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/**
 * The values of a rich text's list items ("Material: Velvet", "Colour: Turmeric" give Velvet and
 * Turmeric): a product's specification as the merchant writes it, which search reads as
 * attributes rather than free text. A label before a colon is left out: every product has
 * "Material" and "Size" there, and "mat" would find them all.
 */
export function listItems(html: string | null | undefined): string[] {
  if (!html) return [];
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => indexableText(m[1]).replace(/^[^:]{1,40}:/, "").trim()).filter(Boolean);
}
