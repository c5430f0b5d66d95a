import { z } from "@/lib/platform/zod";

/**
 * Search synonyms: the words shoppers type and the catalog words they stand for, kept as data the
 * merchant edits on /admin/synonyms (and through /api/v2/admin/search/synonyms). The search engine
 * reads them with listSynonymRules() and notices a change through synonymsVersion()
 * (./server/synonyms.ts). Pure (zod only): the back office's form uses the same rules.
 *
 * A rule is one of two kinds:
 *  - one-way (`means` not empty): each of `words` also finds what `means` names: "parda, parde →
 *    curtain" makes "parda" find curtains, while "curtain" does not find a product called parda;
 *  - two-way (`means` empty): a group of words that all stand for one another: "rug, carpet"
 *    makes "rug" find carpets and "carpet" find rugs.
 *
 * A word is lowercased, its spaces collapsed, and is 2 to 40 letters, digits (any script, so
 * Devanagari too: "पर्दा") and spaces: a phrase such as "bed cover" is one word here.
 */

export type SynonymRule = { id: number; words: string[]; means: string[] };

export const SYNONYM_LIMITS = { minWordLength: 2, maxWordLength: 40, maxWordsPerSide: 20, maxRules: 1000 } as const;

export const SYNONYM_MESSAGES = {
  wordsEmpty: "Add at least one word shoppers type.",
  notList: "Send a list of words (or words separated by commas).",
  notText: "Each word is text.",
  tooShort: (w: string) => `"${w}" is too short: a word is ${SYNONYM_LIMITS.minWordLength} to ${SYNONYM_LIMITS.maxWordLength} characters.`,
  tooLong: (w: string) => `"${w.slice(0, 20)}…" is too long: a word is ${SYNONYM_LIMITS.minWordLength} to ${SYNONYM_LIMITS.maxWordLength} characters.`,
  badChars: (w: string) => `"${w}" may have only letters, digits and spaces (no punctuation).`,
  tooMany: `At most ${SYNONYM_LIMITS.maxWordsPerSide} words on a side: split the rule in two.`,
  twice: (w: string) => `"${w}" is listed twice.`,
  bothSides: (w: string) => `"${w}" is both a word and what it means: leave it on one side.`,
  lonely: "A two-way group needs at least two words (rug, carpet), or fill in what the word means (parda → curtain).",
  full: `The shop keeps at most ${SYNONYM_LIMITS.maxRules} synonym rules: delete one before adding another.`,
  nothing: "Send words, means or both to change.",
  notFound: "Synonym rule not found.",
  created: "The synonym rule is added.",
  saved: "The synonym rule is saved.",
  deleted: "The synonym rule is deleted.",
} as const;

/** A word as the rules keep it: Unicode NFC, lowercase, single-spaced, trimmed. */
export function normalizeSynonymWord(word: string): string {
  return word.normalize("NFC").toLowerCase().replace(/\s+/gu, " ").trim();
}

/** Letters (with their combining marks: Devanagari's vowel signs), digits and single spaces. */
const WORD = /^[\p{L}\p{M}\p{N}]+(?: [\p{L}\p{M}\p{N}]+)*$/u;

/** What is wrong with one normalized word, or null. */
export function synonymWordProblem(word: string): string | null {
  const length = [...word].length;
  if (length > SYNONYM_LIMITS.maxWordLength) return SYNONYM_MESSAGES.tooLong(word);
  if (!WORD.test(word)) return SYNONYM_MESSAGES.badChars(word);
  if (length < SYNONYM_LIMITS.minWordLength) return SYNONYM_MESSAGES.tooShort(word);
  return null;
}

/** A form's text ("parda, parde, pardaa" or one a line) as a list of words, empties dropped. */
export function splitSynonymWords(text: string): string[] {
  return text
    .split(/[,\n،、;]/u)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
}

/** What is wrong with one side of a rule (normalized words): too many, a bad word, a word twice. */
export function synonymSideProblems(list: readonly string[]): string[] {
  const out: string[] = [];
  const add = (message: string) => {
    if (!out.includes(message)) out.push(message);
  };
  if (list.length > SYNONYM_LIMITS.maxWordsPerSide) add(SYNONYM_MESSAGES.tooMany);
  const seen = new Set<string>();
  for (const w of list) {
    const problem = synonymWordProblem(w);
    if (problem) add(problem);
    else if (seen.has(w)) add(SYNONYM_MESSAGES.twice(w));
    seen.add(w);
  }
  return out;
}

/**
 * Everything wrong with a rule, by field ("words", "means"), or {} when it is good. Takes
 * normalized words (normalizeSynonymWord).
 */
export function synonymRuleProblems(words: readonly string[], means: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const wordProblems = words.length === 0 ? [SYNONYM_MESSAGES.wordsEmpty] : synonymSideProblems(words);
  const meansProblems = synonymSideProblems(means);
  for (const w of new Set(means)) if (words.includes(w) && synonymWordProblem(w) === null) meansProblems.push(SYNONYM_MESSAGES.bothSides(w));
  if (means.length === 0 && words.length === 1 && wordProblems.length === 0) wordProblems.push(SYNONYM_MESSAGES.lonely);
  if (wordProblems.length) out.words = wordProblems;
  if (meansProblems.length) out.means = meansProblems;
  return out;
}

/** A list of words from JSON: an array of strings, or one string of words separated by commas. */
const wordList = z
  .preprocess((v) => (typeof v === "string" ? splitSynonymWords(v) : v), z.array(z.string({ error: SYNONYM_MESSAGES.notText }), { error: SYNONYM_MESSAGES.notList }))
  .transform((list) => list.map(normalizeSynonymWord).filter((w) => w.length > 0));

function checked(value: { words?: string[]; means?: string[] }, ctx: z.RefinementCtx, whole: boolean) {
  // A change of one side checks that side here, and the rule as a whole once merged with what is kept.
  const problems = whole ? synonymRuleProblems(value.words ?? [], value.means ?? []) : { words: value.words === undefined ? [] : value.words.length ? synonymSideProblems(value.words) : [SYNONYM_MESSAGES.wordsEmpty], means: value.means === undefined ? [] : synonymSideProblems(value.means) };
  for (const [field, messages] of Object.entries(problems)) for (const message of messages) ctx.addIssue({ code: "custom", path: [field], message });
}

/** A new rule: `words` (what shoppers type) and `means` (what they stand for; empty or absent for a two-way group). */
export const synonymCreateSchema = z
  .object({ words: wordList, means: wordList.optional().default([]) })
  .strict()
  .superRefine((v, ctx) => checked(v, ctx, true));
export type SynonymCreateInput = z.output<typeof synonymCreateSchema>;

/** A change to a rule: its words, its means, or both (checked again as a whole rule once merged). */
export const synonymUpdateSchema = z
  .object({ words: wordList.optional(), means: wordList.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.words === undefined && v.means === undefined) ctx.addIssue({ code: "custom", path: [], message: SYNONYM_MESSAGES.nothing });
    else checked(v, ctx, false);
  });
export type SynonymUpdateInput = z.output<typeof synonymUpdateSchema>;

/** A rule as one line: "parda, parde → curtain" or "rug ↔ carpet". */
export function synonymRuleText(rule: Pick<SynonymRule, "words" | "means">): string {
  return rule.means.length ? `${rule.words.join(", ")} → ${rule.means.join(", ")}` : rule.words.join(" ↔ ");
}

/** Whether a rule has a word starting with (or containing) the text searched for on the admin page. */
export function synonymRuleMatches(rule: Pick<SynonymRule, "words" | "means">, query: string): boolean {
  const q = normalizeSynonymWord(query);
  if (!q) return true;
  return [...rule.words, ...rule.means].some((w) => w.includes(q));
}

/** The words a shopper's word stands for under the rules (the engine may use this or its own expansion): itself first. */
export function expandSynonyms(rules: readonly Pick<SynonymRule, "words" | "means">[], word: string): string[] {
  const w = normalizeSynonymWord(word);
  const out = [w];
  for (const rule of rules) {
    if (!rule.words.includes(w)) continue;
    for (const other of rule.means.length ? rule.means : rule.words) if (!out.includes(other)) out.push(other);
  }
  return out;
}

/** The list's search: ?q= (any part of a word, either side). */
export const synonymListQuerySchema = z.object({ q: z.string({ error: "The search is text." }).max(100, "The search is at most 100 characters.").optional() });
