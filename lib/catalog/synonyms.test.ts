import { describe, expect, it } from "vitest";
import { DEFAULT_SYNONYMS } from "@/lib/platform/db/migrations/030_search_synonyms";
import { expandSynonyms, normalizeSynonymWord, splitSynonymWords, SYNONYM_MESSAGES, synonymCreateSchema, synonymRuleMatches, synonymRuleProblems, synonymRuleText, synonymUpdateSchema } from "./synonyms";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.map(String).join(".") || "_"] ??= []).push(issue.message);
  return out;
};

describe("a synonym word", () => {
  it("is kept lowercase and single-spaced, in any script", () => {
    expect(normalizeSynonymWord("  Parda ")).toBe("parda");
    expect(normalizeSynonymWord("Bed   \t Cover")).toBe("bed cover");
    expect(normalizeSynonymWord("पर्दा")).toBe("पर्दा");
  });

  it("splits a form's text on commas and lines", () => {
    expect(splitSynonymWords("parda, parde,,\npardaa ; ")).toEqual(["parda", "parde", "pardaa"]);
  });
});

describe("a synonym rule", () => {
  it("takes a one-way rule and a two-way group, from lists or comma text", () => {
    expect(synonymCreateSchema.parse({ words: ["Parda", " PARDE "], means: ["Curtain"] })).toEqual({ words: ["parda", "parde"], means: ["curtain"] });
    expect(synonymCreateSchema.parse({ words: "rug, Carpet" })).toEqual({ words: ["rug", "carpet"], means: [] });
    expect(synonymCreateSchema.parse({ words: ["रजाई"], means: "quilt, razai" })).toEqual({ words: ["रजाई"], means: ["quilt", "razai"] });
  });

  it("refuses empty words, long words, punctuation, lone two-way words, repeats and long lists, each under its field", () => {
    expect(errorsOf(synonymCreateSchema.safeParse({ words: [], means: ["curtain"] }))).toEqual({ words: [SYNONYM_MESSAGES.wordsEmpty] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: " , ", means: ["curtain"] }))).toEqual({ words: [SYNONYM_MESSAGES.wordsEmpty] });
    const long = "a".repeat(41);
    expect(errorsOf(synonymCreateSchema.safeParse({ words: [long], means: ["curtain"] }))).toEqual({ words: [SYNONYM_MESSAGES.tooLong(long)] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: ["x"], means: ["curtain"] }))).toEqual({ words: [SYNONYM_MESSAGES.tooShort("x")] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: ["parda!"], means: ["cur-tain"] }))).toEqual({ words: [SYNONYM_MESSAGES.badChars("parda!")], means: [SYNONYM_MESSAGES.badChars("cur-tain")] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: ["rug"] }))).toEqual({ words: [SYNONYM_MESSAGES.lonely] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: ["parda", "Parda"], means: ["curtain"] }))).toEqual({ words: [SYNONYM_MESSAGES.twice("parda")] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: ["parda", "curtain"], means: ["curtain"] }))).toEqual({ means: [SYNONYM_MESSAGES.bothSides("curtain")] });
    const many = Array.from({ length: 21 }, (_, i) => `word ${i}`);
    expect(errorsOf(synonymCreateSchema.safeParse({ words: many, means: ["curtain"] }))).toEqual({ words: [SYNONYM_MESSAGES.tooMany] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: ["parda"], means: many }))).toEqual({ means: [SYNONYM_MESSAGES.tooMany] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: 5 }))).toEqual({ words: [SYNONYM_MESSAGES.notList] });
    expect(errorsOf(synonymCreateSchema.safeParse({ means: ["curtain"] }))).toEqual({ words: [SYNONYM_MESSAGES.notList] });
    expect(errorsOf(synonymCreateSchema.safeParse({ words: ["parda", 5], means: ["curtain"] }))).toEqual({ "words.1": [SYNONYM_MESSAGES.notText] });
    expect(synonymCreateSchema.safeParse({ words: ["parda"], means: ["curtain"], extra: 1 }).success).toBe(false);
  });

  it("takes a change of one side, and refuses an empty change or an emptied word list", () => {
    expect(synonymUpdateSchema.parse({ means: ["curtain", "drape"] })).toEqual({ means: ["curtain", "drape"] });
    expect(synonymUpdateSchema.parse({ means: [] })).toEqual({ means: [] });
    expect(errorsOf(synonymUpdateSchema.safeParse({}))).toEqual({ _: [SYNONYM_MESSAGES.nothing] });
    expect(errorsOf(synonymUpdateSchema.safeParse({ words: [] }))).toEqual({ words: [SYNONYM_MESSAGES.wordsEmpty] });
    expect(errorsOf(synonymUpdateSchema.safeParse({ words: ["ok", "o.k."] }))).toEqual({ words: [SYNONYM_MESSAGES.badChars("o.k.")] });
  });

  it("reads as a line, is found by part of a word, and expands one way or both", () => {
    const rules = [
      { words: ["parda", "parde"], means: ["curtain"] },
      { words: ["rug", "carpet"], means: [] },
    ];
    expect(rules.map(synonymRuleText)).toEqual(["parda, parde → curtain", "rug ↔ carpet"]);
    expect(synonymRuleMatches(rules[0]!, "CURT")).toBe(true);
    expect(synonymRuleMatches(rules[0]!, "rug")).toBe(false);
    expect(expandSynonyms(rules, "Parda")).toEqual(["parda", "curtain"]);
    expect(expandSynonyms(rules, "curtain")).toEqual(["curtain"]);
    expect(expandSynonyms(rules, "carpet")).toEqual(["carpet", "rug"]);
  });
});

describe("the shop's first synonyms (migration 030)", () => {
  it("are all rules the back office would accept, with the issue's examples among them", () => {
    for (const [words, means] of DEFAULT_SYNONYMS) expect(synonymRuleProblems(words, means), `${words.join(", ")} → ${means.join(", ")}`).toEqual({});
    const rules = DEFAULT_SYNONYMS.map(([words, means]) => ({ words: [...words], means: [...means] }));
    const expect1 = (word: string, found: string) => expect(expandSynonyms(rules, word), word).toContain(found);
    expect1("parda", "curtain");
    expect1("chadar", "bedsheet");
    expect1("dari", "dhurrie");
    expect1("durrie", "dhurrie");
    expect1("takiya", "pillow");
    expect1("razai", "quilt");
    expect1("rajai", "razai");
    expect1("gadda", "mattress");
    expect1("drapes", "curtain");
    expect1("rug", "carpet");
    expect1("carpet", "rug");
    expect1("throw", "blanket");
    expect(expandSynonyms(rules, "curtain")).toEqual(["curtain"]);
  });
});
