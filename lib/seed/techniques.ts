/**
 * The hand techniques the demo catalog's copy names, and the words that name each. A product's
 * copy may speak only of its own technique: a woven ikat must not end with a paragraph about
 * block printing, nor sit in a block-print category (lib/seed/catalog-copy.test.ts checks the
 * base catalog and the generator against this list; the generator uses it to keep each made-up
 * product to one technique).
 */
export const TECHNIQUES = ["print", "weave", "tuft", "embroidery"] as const;
export type Technique = (typeof TECHNIQUES)[number];

const WORDS: Record<Technique, RegExp> = {
  // Hand block printing and its resist variant (dabu), and the printing towns.
  print: /block[- ]?print|hand[- ]stamp|\bdabu\b|wooden blocks|mud[- ]resist|\bbagru\b|\bsanganer/i,
  // Handloom weaving: ikat, khadi, panja dhurries. "Hand-woven cane" is furniture webbing, not cloth.
  weave: /\bikat\b|pochampally|hand-?woven(?! cane)|handloom|pit looms?|\bpanja\b|\bkhadi\b/i,
  // Hand-tufted pile rugs.
  tuft: /hand[- ]tufted|tufting gun|\bbhadohi\b/i,
  // Needlework: Kutch mirror work, kantha running stitch, hand embroidery.
  embroidery: /mirror[- ]work|\bkantha\b|hand[- ]embroider/i,
};

/** The techniques a text names. */
export function techniquesIn(text: string): Set<Technique> {
  const plain = text.replace(/<[^>]+>/g, " ");
  return new Set(TECHNIQUES.filter((t) => WORDS[t].test(plain)));
}

/** The techniques of `text` that are not in `own`. */
export function foreignTechniques(text: string, own: ReadonlySet<Technique>): Technique[] {
  return [...techniquesIn(text)].filter((t) => !own.has(t));
}
