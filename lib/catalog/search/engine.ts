import type { Availability } from "@/lib/platform/db/schema";
import { PRICE_RANGES, type PriceRange, type SortOption } from "../options";
import { AVAILABILITY_OF_RANK, FIELD, Segment, type IndexDoc } from "./segment";
import { editDistance, otherForms, QUERY_STOPWORDS, stem, words } from "./text";

/**
 * Product search in process: an inverted index of the published catalog (./segment.ts) that
 * answers a shopper's words with the products ranked by relevance, then what can be bought, then
 * popularity; with every filter of the listing pages and the counts each filter value would give.
 * Decision 0065 says why it is not the databases' full-text search and what it costs.
 *
 * Understanding a query: its words in any order and case; each word may match its stem and other
 * forms (curtains, dhurries, printed), the merchant's synonyms (parda → curtain, rug ↔ carpet),
 * the last word as a prefix (what is typed so far), and a word of five letters or more that no
 * product has by one or two letters (curtian, bedshet); two neighbouring words may be one
 * ("bed sheet" finds Bedsheet; the index joins a name's neighbours, so "tablecloth" finds Table
 * Cloth). Every word must match (in the name, category, attributes or description); how well and
 * where is the relevance: an exact word beats a synonym, a synonym a prefix, a prefix a typo, a
 * name a category or attribute, those a description, and a rare word a common one.
 */

export type SynonymRuleData = { words: readonly string[]; means: readonly string[] };

export type AttributeFilterGroup = { attributeId: number; valueIds: readonly number[] };

export type EngineQuery = {
  text: string;
  /** The category and its subcategories; null: every category. */
  categoryIds?: readonly number[] | null;
  availability?: Availability;
  price?: PriceRange;
  popularOnly?: boolean;
  /** Only products listed at or after this time (ms), the "New Article" filter. */
  newSince?: number | null;
  /** OR within a group, AND across groups; one group per attribute. */
  attributes?: readonly AttributeFilterGroup[];
  /** Unset: relevance. */
  sort?: SortOption;
  offset: number;
  limit: number;
};

export type Facets = {
  availability: Record<Availability, number>;
  price: Record<PriceRange, number>;
  /** Attribute value id → products it would give with the other filters in force. */
  values: Map<number, number>;
};

export type Correction = { from: string; to: string };

export type EngineAnswer = {
  /** Product ids of the page, in order. */
  ids: number[];
  total: number;
  facets: Facets;
  /** Words read as others because no product has them (typos). */
  corrections: Correction[];
  /**
   * When no product matches every word: the word left out to find these (the products match all
   * the others). Unset when every word matched.
   */
  unmatched?: string;
};

type Alternative = { term: string; weight: number };
type Group = { word: string; alts: Alternative[] };

/** Weights of the ways a query word matches a term. */
const WEIGHT = { exact: 1, form: 0.9, synonym: 0.9, joined: 1, prefix: 0.75, typo1: 0.55, typo2: 0.4 } as const;
/**
 * Score of a term by the fields it is in: the best field's weight, a quarter for each other, and
 * one more when it is the name's head word (what the product is).
 */
const FIELD_SCORE = (() => {
  const out = new Float64Array(32);
  const weights: [number, number][] = [
    [FIELD.name, 3],
    [FIELD.category, 2],
    [FIELD.attributes, 2],
    [FIELD.description, 1],
  ];
  for (let mask = 1; mask < 32; mask++) {
    const present = weights.filter(([bit]) => mask & bit).map(([, w]) => w);
    out[mask] = (present.length ? Math.max(...present) + 0.25 * (present.length - 1) : 0) + (mask & FIELD.head ? 1 : 0);
  }
  return out;
})();
/** A match anywhere but the free-text description. */
const STRONG_FIELDS = FIELD.name | FIELD.category | FIELD.attributes;

/** At most this many words of a query are read (the API allows 100 characters). */
const MAX_WORDS = 10;
/** At most this many terms a typed prefix stands for (the commonest). */
const MAX_PREFIX_TERMS = 40;
const MAX_SHORT_PREFIX_TERMS = 8;
const MIN_TYPO_LENGTH = 5;
/** Attribute value ids below this are counted in a typed array (1 MB at most); larger ones in a Map. */
const MAX_DENSE_VALUE_ID = 1 << 18;

const PRICE_KEYS = Object.keys(PRICE_RANGES) as PriceRange[];
const PRICE_BOUNDS = PRICE_KEYS.map((key) => PRICE_RANGES[key]);
/** Each product's price range (its index in PRICE_KEYS), by segment, made when first asked. */
const bucketsOf = new WeakMap<Segment, Uint8Array>();
function priceBuckets(segment: Segment): Uint8Array {
  let buckets = bucketsOf.get(segment);
  if (!buckets) {
    buckets = new Uint8Array(segment.size);
    for (let d = 0; d < segment.size; d++) {
      const price = segment.price[d] as number;
      const r = PRICE_BOUNDS.findIndex(({ from, below }) => (from === null || price >= from) && (below === null || price < below));
      buckets[d] = r < 0 ? 0 : r;
    }
    bucketsOf.set(segment, buckets);
  }
  return buckets;
}

/**
 * How many letters a word may have wrong: one in words of five or six letters (a wrong, missing,
 * extra or swapped letter: cushon, sofaa), two from seven (brocaid, curtian, bedshet); more would
 * read short words as other words ("saree" as "sheer").
 */
export const typoDistance = (word: string) => (word.length >= 7 ? 2 : 1);

/** Scratch arrays of one segment's evaluation, reused between queries (evaluation never awaits). */
class Scratch {
  stamp: Uint32Array;
  strong: Uint32Array;
  /** The slot's place in the matches, valid where `matchStamp` is the current match's. */
  matchAt: Int32Array;
  matchStamp: Uint32Array;
  /** The slots a group matched, and the one before it. */
  next: Int32Array;
  touched: Int32Array;
  /** Groups matched outside the description, and the last group that was. */
  strongGroups: Uint8Array;
  strongGroupStamp: Uint32Array;
  groupStamp: Uint32Array;
  score: Float64Array;
  groupScore: Float64Array;
  constructor(size: number) {
    this.stamp = new Uint32Array(size);
    this.strong = new Uint32Array(size);
    this.matchAt = new Int32Array(size);
    this.matchStamp = new Uint32Array(size);
    this.next = new Int32Array(size);
    this.touched = new Int32Array(size);
    this.strongGroups = new Uint8Array(size);
    this.strongGroupStamp = new Uint32Array(size);
    this.groupStamp = new Uint32Array(size);
    this.score = new Float64Array(size);
    this.groupScore = new Float64Array(size);
  }
}

/**
 * Matches of one query: parallel typed arrays of segment (0 main, 1 changes), slot and score, the
 * first `length` of them. One buffer, reused by every query (a query never awaits, so two never
 * share it): 20 connections' worth of searches make no garbage for the collector.
 */
type Matches = { seg: Uint8Array; slot: Int32Array; score: Float64Array; precise: Uint8Array; length: number };

function matchesOf(capacity: number): Matches {
  return { seg: new Uint8Array(capacity), slot: new Int32Array(capacity), score: new Float64Array(capacity), precise: new Uint8Array(capacity), length: 0 };
}

/**
 * A catalog given as documents or as a built segment. Not `instanceof Segment`: the engine lives on
 * globalThis (../server/product-search.ts) and Next bundles the search module once per layer (route
 * handlers, pages), so a rebuild started from a page's server action hands in a segment made by
 * another copy of the Segment class, which instanceof would take for documents.
 */
function asSegment(catalog: readonly IndexDoc[] | Segment): Segment {
  return Array.isArray(catalog) ? Segment.of(catalog as readonly IndexDoc[]) : (catalog as Segment);
}

export class SearchEngine {
  private main: Segment;
  private mainDead: Uint8Array;
  private mainScratch: Scratch;
  private changes: Segment;
  private changesScratch: Scratch;
  /** Products changed since the main segment was built (the changes segment's documents). */
  private changed = new Map<number, IndexDoc>();
  /** Products of the main segment that are gone or changed. */
  private removedFromMain = new Set<number>();
  private surfaceList: string[] = [];
  private surfaceDf = new Map<string, number>();
  private surfacesByLength = new Map<number, string[]>();
  private synonyms = new Map<string, Set<string>>();
  private stampCounter = 0;
  /** Attribute value id → its attribute's id, for the facets. */
  private attributeOf = new Map<number, number>();
  private matches: Matches | null = null;
  /** Stamps of the match buffer's entries (see evaluate). */
  private matchCounter = 0;
  /** The popular products a search that found nothing shows, until the catalog changes. */
  private popularCache: { limit: number; ids: number[] } | null = null;
  /** Reused by filterAndRank (see passingBuffer and valueCounter). */
  private passing = new Int32Array(0);
  private valueCounts = new Int32Array(0);

  constructor(catalog: readonly IndexDoc[] | Segment = [], attributeOf: ReadonlyMap<number, number> = new Map()) {
    this.main = asSegment(catalog);
    this.mainDead = new Uint8Array(this.main.size);
    this.mainScratch = new Scratch(this.main.size);
    this.changes = Segment.of([]);
    this.changesScratch = new Scratch(0);
    this.attributeOf = new Map(attributeOf);
    this.rebuildSurfaces();
  }

  /** Replaces the whole catalog (a full rebuild); the changes since are dropped with it. */
  replaceAll(catalog: readonly IndexDoc[] | Segment, attributeOf: ReadonlyMap<number, number>): void {
    this.main = asSegment(catalog);
    this.mainDead = new Uint8Array(this.main.size);
    this.mainScratch = new Scratch(this.main.size);
    this.changed.clear();
    this.removedFromMain.clear();
    this.changes = Segment.of([]);
    this.changesScratch = new Scratch(0);
    this.attributeOf = new Map(attributeOf);
    this.rebuildSurfaces();
  }

  /** Adds or replaces products (published ones) and drops others (unpublished or deleted ids). */
  apply(upserts: readonly IndexDoc[], removals: readonly number[], attributeOf?: ReadonlyMap<number, number>): void {
    if (!upserts.length && !removals.length) return;
    if (attributeOf) for (const [v, a] of attributeOf) this.attributeOf.set(v, a);
    for (const doc of upserts) {
      this.changed.set(doc.id, doc);
      this.killInMain(doc.id);
    }
    for (const id of removals) {
      this.changed.delete(id);
      this.killInMain(id);
    }
    this.changes = Segment.of([...this.changed.values()]);
    this.changesScratch = new Scratch(this.changes.size);
    this.rebuildSurfaces();
  }

  private killInMain(id: number) {
    const slot = this.main.slot(id);
    if (slot !== undefined && !this.mainDead[slot]) {
      this.mainDead[slot] = 1;
      this.removedFromMain.add(id);
    }
  }

  /** How many products have changed since the last full build: the caller rebuilds when it grows large. */
  get changedCount(): number {
    // A changed product of the main segment is in both sets: count it once.
    let added = 0;
    for (const id of this.changed.keys()) if (!this.removedFromMain.has(id)) added++;
    return this.removedFromMain.size + added;
  }

  /** Products searchable now. */
  get size(): number {
    return this.main.size - this.removedFromMain.size + this.changed.size;
  }

  /** The sum of the searchable products' ids: with `size`, what tells a database the index agrees with (a restart from a snapshot). */
  get idSum(): number {
    let sum = 0;
    for (let slot = 0; slot < this.main.size; slot++) if (!this.mainDead[slot]) sum += this.main.ids[slot] as number;
    for (const id of this.changed.keys()) sum += id;
    return sum;
  }

  /** Whether a product is searchable now (tests, diagnostics). */
  has(id: number): boolean {
    if (this.changed.has(id)) return true;
    const slot = this.main.slot(id);
    return slot !== undefined && !this.mainDead[slot];
  }

  /** Bytes held by the index's typed arrays and an estimate of its maps (for the memory report). */
  get approximateBytes(): number {
    const arrays = this.main.arrayBytes + this.changes.arrayBytes + this.mainDead.byteLength;
    const scratch = (this.main.size + this.changes.size) * (4 + 4 + 8 + 8);
    // A term in a Map: its string (~2 bytes a character plus a header) and the entry, ~60 bytes.
    const dictionary = (this.main.termCount + this.changes.termCount + this.surfaceList.length * 2) * 60;
    return arrays + scratch + dictionary;
  }

  /** What a second engine over the same main segment (its arrays shared) holds besides them: the search thread's. */
  get unsharedBytes(): number {
    return this.approximateBytes - this.main.arrayBytes;
  }

  /** The merchant's synonyms: a one-way rule's words also find its means; a two-way rule's words find each other. */
  setSynonyms(rules: readonly SynonymRuleData[]): void {
    const map = new Map<string, Set<string>>();
    const key = (phrase: string) => words(phrase).join("");
    const link = (from: string, to: string) => {
      const a = key(from);
      const b = key(to);
      if (!a || !b || a === b) return;
      let set = map.get(a);
      if (!set) map.set(a, (set = new Set()));
      set.add(b);
    };
    for (const rule of rules) {
      if (rule.means.length) for (const w of rule.words) for (const m of rule.means) link(w, m);
      else for (const w of rule.words) for (const other of rule.words) link(w, other);
    }
    this.synonyms = map;
  }

  private rebuildSurfaces() {
    this.popularCache = null;
    let maxValue = -1;
    for (const seg of [this.main, this.changes]) for (const v of seg.attrValues) if (v > maxValue) maxValue = v;
    const size = Math.min(maxValue + 1, MAX_DENSE_VALUE_ID);
    if (this.valueCounts.length < size) this.valueCounts = new Int32Array(size);
    const df = new Map(this.main.surfaces);
    for (const [s, n] of this.changes.surfaces) df.set(s, (df.get(s) ?? 0) + n);
    this.surfaceDf = df;
    this.surfaceList = [...df.keys()].sort();
    const byLength = new Map<number, string[]>();
    const strong = new Set([...this.main.strongSurfaces, ...this.changes.strongSurfaces]);
    for (const s of strong) {
      let list = byLength.get(s.length);
      if (!list) byLength.set(s.length, (list = []));
      list.push(s);
    }
    this.surfacesByLength = byLength;
  }

  private documentFrequency(term: string): number {
    return this.main.documentFrequency(term) + this.changes.documentFrequency(term);
  }

  private hasTerm(term: string): boolean {
    return this.main.postings(term) !== null || this.changes.postings(term) !== null;
  }

  /** Surface words that start with `prefix` (not the word itself), commonest first. */
  private completions(prefix: string, limit: number): string[] {
    const list = this.surfaceList;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < list.length && (list[i] as string).startsWith(prefix); i++) if (list[i] !== prefix) out.push(list[i] as string);
    if (out.length > limit) {
      out.sort((a, b) => (this.surfaceDf.get(b) ?? 0) - (this.surfaceDf.get(a) ?? 0));
      out.length = limit;
    }
    return out;
  }

  /**
   * The surface words nearest a word no product has, at the least distance found (one or two
   * edits; words of five letters or more), commonest first.
   */
  nearestWords(word: string, maxDistance = typoDistance(word)): { words: string[]; distance: number } {
    if (word.length < MIN_TYPO_LENGTH || !/^[a-z]+$/.test(word)) return { words: [], distance: 0 };
    let best = maxDistance + 1;
    let found: string[] = [];
    for (let len = word.length - maxDistance; len <= word.length + maxDistance; len++) {
      for (const candidate of this.surfacesByLength.get(len) ?? []) {
        const d = editDistance(word, candidate, Math.min(best, maxDistance));
        if (d < best) {
          best = d;
          found = [candidate];
        } else if (d === best && d <= maxDistance) found.push(candidate);
      }
    }
    if (best > maxDistance) return { words: [], distance: 0 };
    found.sort((a, b) => (this.surfaceDf.get(b) ?? 0) - (this.surfaceDf.get(a) ?? 0));
    return { words: found.slice(0, 5), distance: best };
  }

  /**
   * The index terms a (normalized) word or joined phrase stands for, with how well; the nearest
   * words by typo too, unless `corrections` is null (a joined pair, whose typo readings weigh less
   * than a prefix and are never used: looking for them cost more than the rest of the query).
   */
  private alternatives(word: string, isLast: boolean, corrections: Correction[] | null): Alternative[] {
    const alts = new Map<string, number>();
    const add = (term: string, weight: number) => {
      if (weight > (alts.get(term) ?? 0) && this.hasTerm(term)) alts.set(term, weight);
    };
    const addSynonyms = (key: string, weight: number) => {
      for (const target of this.synonyms.get(key) ?? []) {
        add(stem(target), weight);
        for (const form of otherForms(target)) add(form, weight * 0.95);
      }
    };
    add(stem(word), WEIGHT.exact);
    for (const form of otherForms(word)) add(form, WEIGHT.form);
    addSynonyms(word, WEIGHT.synonym);
    if (stem(word) !== word) addSynonyms(stem(word), WEIGHT.synonym);
    if (isLast) {
      // A word of one or two letters could be the start of hundreds: the commonest few.
      for (const completion of this.completions(word, word.length <= 2 ? MAX_SHORT_PREFIX_TERMS : MAX_PREFIX_TERMS)) {
        add(stem(completion), WEIGHT.prefix);
        addSynonyms(completion, WEIGHT.prefix * WEIGHT.synonym);
      }
    }
    const understood = [...alts.values()].some((w) => w >= WEIGHT.prefix);
    if (!understood && corrections && word.length >= MIN_TYPO_LENGTH) {
      const near = this.nearestWords(word);
      const weight = near.distance === 1 ? WEIGHT.typo1 : WEIGHT.typo2;
      for (const candidate of near.words) {
        add(stem(candidate), weight);
        addSynonyms(candidate, weight * WEIGHT.synonym);
      }
      if (near.words[0]) corrections.push({ from: word, to: near.words[0] });
    }
    return [...alts].map(([term, weight]) => ({ term, weight }));
  }

  /**
   * The readings of a query: its words as groups (each must match), and, where two neighbours
   * read as one word the catalog or the synonyms know ("bed sheet", "table cloth"), the reading
   * with them joined.
   */
  private plan(text: string): { groups: Group[]; readings: Group[][]; corrections: Correction[] } {
    let list = words(text).filter((w) => w.length <= 40).slice(0, MAX_WORDS);
    const meaningful = list.filter((w) => !QUERY_STOPWORDS.has(w));
    if (meaningful.length) list = meaningful;
    const corrections: Correction[] = [];
    const groups = list.map((word, i) => ({ word, alts: this.alternatives(word, i === list.length - 1, corrections) }));
    const readings: Group[][] = [groups];
    for (let i = 0; i + 1 < list.length && readings.length < 4; i++) {
      const joined = `${list[i]}${list[i + 1]}`;
      const alts = this.alternatives(joined, i + 1 === list.length - 1, null).filter((a) => a.weight >= WEIGHT.prefix);
      if (!alts.length) continue;
      readings.push([...groups.slice(0, i), { word: joined, alts: alts.map((a) => ({ term: a.term, weight: Math.min(a.weight, WEIGHT.joined) })) }, ...groups.slice(i + 2)]);
    }
    return { groups, readings: readings.filter((r) => r.every((g) => g.alts.length)), corrections };
  }

  /** Every product that matches each group of a reading, with its relevance, in one segment. */
  private evaluate(segment: Segment, scratch: Scratch, dead: Uint8Array | null, groups: Group[], segIndex: number, into: Matches, matchId: number) {
    if (!segment.size) return;
    const total = this.main.size + this.changes.size;
    // Rarest group first: it bounds the candidates every later group is checked against.
    const ordered = groups
      .map((g) => ({ g, cost: g.alts.reduce((n, a) => n + segment.documentFrequency(a.term), 0) }))
      .sort((a, b) => a.cost - b.cost)
      .map((x) => x.g);
    if (ordered.some((g) => g.alts.every((a) => !segment.postings(a.term)))) return;
    const { stamp, strong, groupStamp, score, groupScore, strongGroups, strongGroupStamp } = scratch;
    const { postDocs, postFields } = segment;
    const queryStamp = this.nextStamp(scratch);
    if (ordered.length === 1) return this.evaluateOne(segment, scratch, dead, ordered[0] as Group, segIndex, into, matchId, queryStamp, total);
    let touched = scratch.touched;
    let next = scratch.next;
    let touchedCount = 0;
    for (let gi = 0; gi < ordered.length; gi++) {
      const group = ordered[gi] as Group;
      const groupId = this.nextStamp(scratch);
      let nextCount = 0;
      // One rarity for the whole group (how many products any of its terms finds), so a rare
      // completion or synonym does not outrank the word itself.
      const groupDf = group.alts.reduce((n, a) => n + this.documentFrequency(a.term), 0);
      const idf = Math.log(1 + total / Math.max(1, Math.min(total, groupDf)));
      for (const alt of group.alts) {
        // A query of one word needs no product that has it in its description only (see below).
        const range = segment.postings(alt.term, ordered.length === 1);
        if (!range) continue;
        const w = alt.weight * idf;
        for (let k = range[0]; k < range[1]; k++) {
          const d = postDocs[k] as number;
          if (gi === 0) {
            if (dead && dead[d]) continue;
            if (stamp[d] !== queryStamp) {
              stamp[d] = queryStamp;
              score[d] = 0;
              strongGroups[d] = 0;
            }
          } else if (stamp[d] !== queryStamp || (groupStamp[d] !== groupId - 1 && groupStamp[d] !== groupId)) continue;
          const fields = postFields[k] as number;
          if (fields & STRONG_FIELDS && strongGroupStamp[d] !== groupId) {
            strong[d] = queryStamp;
            strongGroupStamp[d] = groupId;
            strongGroups[d] = (strongGroups[d] as number) + 1;
          }
          const s = w * (FIELD_SCORE[fields] as number);
          if (groupStamp[d] !== groupId) {
            groupStamp[d] = groupId;
            groupScore[d] = s;
            next[nextCount++] = d;
          } else if (s > (groupScore[d] as number)) groupScore[d] = s;
        }
      }
      for (let i = 0; i < nextCount; i++) {
        const d = next[i] as number;
        score[d] = (score[d] as number) + (groupScore[d] as number);
      }
      [touched, next] = [next, touched];
      touchedCount = nextCount;
      if (!touchedCount) return;
    }
    const { matchAt, matchStamp } = scratch;
    for (let i = 0; i < touchedCount; i++) {
      const d = touched[i] as number;
      // A product whose every word matched only in its description's free text is not what was
      // asked for ("mattress" in a bed's text): some word must be in its name, category or attributes.
      if (strong[d] !== queryStamp) continue;
      if (matchStamp[d] === matchId) {
        // Found by an earlier reading of the query: keep its better score.
        const at = matchAt[d] as number;
        if ((score[d] as number) > (into.score[at] as number)) into.score[at] = score[d] as number;
        if (strongGroups[d] === ordered.length) into.precise[at] = 1;
        continue;
      }
      matchStamp[d] = matchId;
      matchAt[d] = into.length;
      into.seg[into.length] = segIndex;
      into.slot[into.length] = d;
      into.score[into.length] = score[d] as number;
      into.precise[into.length] = strongGroups[d] === ordered.length ? 1 : 0;
      into.length++;
    }
  }

  /**
   * evaluate() for a reading of one word (the commonest query, and the broadest): only the
   * products with it outside their description are read (see postings' strongOnly), so every one
   * is a precise match and its relevance is its best alternative's score; four arrays are touched
   * a product instead of eleven, which counts when a word is in a third of 100,000 products.
   */
  private evaluateOne(segment: Segment, scratch: Scratch, dead: Uint8Array | null, group: Group, segIndex: number, into: Matches, matchId: number, queryStamp: number, total: number) {
    const { stamp, score, matchAt, matchStamp } = scratch;
    const touched = scratch.touched;
    const { postDocs, postFields } = segment;
    const groupDf = group.alts.reduce((n, a) => n + this.documentFrequency(a.term), 0);
    const idf = Math.log(1 + total / Math.max(1, Math.min(total, groupDf)));
    let count = 0;
    for (const alt of group.alts) {
      const range = segment.postings(alt.term, true);
      if (!range) continue;
      const w = alt.weight * idf;
      for (let k = range[0]; k < range[1]; k++) {
        const d = postDocs[k] as number;
        if (dead && dead[d]) continue;
        const s = w * (FIELD_SCORE[postFields[k] as number] as number);
        if (stamp[d] !== queryStamp) {
          stamp[d] = queryStamp;
          score[d] = s;
          touched[count++] = d;
        } else if (s > (score[d] as number)) score[d] = s;
      }
    }
    for (let i = 0; i < count; i++) {
      const d = touched[i] as number;
      if (matchStamp[d] === matchId) {
        const at = matchAt[d] as number;
        if ((score[d] as number) > (into.score[at] as number)) into.score[at] = score[d] as number;
        into.precise[at] = 1;
        continue;
      }
      matchStamp[d] = matchId;
      matchAt[d] = into.length;
      into.seg[into.length] = segIndex;
      into.slot[into.length] = d;
      into.score[into.length] = score[d] as number;
      into.precise[into.length] = 1;
      into.length++;
    }
  }

  /** The engine's one match buffer, large enough for every product. */
  private matchBuffer(): Matches {
    const capacity = this.main.size + this.changes.size;
    if (!this.matches || this.matches.slot.length < capacity) this.matches = matchesOf(capacity);
    this.matches.length = 0;
    return this.matches;
  }

  /**
   * A stamp no slot holds yet: group stamps must follow each other (a slot that matched the
   * previous group holds groupId - 1), so stamps are taken in order from one counter; on the
   * rare wrap the arrays are cleared.
   */
  private nextStamp(scratch: Scratch): number {
    if (this.stampCounter >= 0xfffffff0) {
      this.stampCounter = 0;
      for (const s of [this.mainScratch, this.changesScratch, scratch]) {
        s.stamp.fill(0);
        s.strong.fill(0);
        s.matchStamp.fill(0);
        s.strongGroupStamp.fill(0);
        s.groupStamp.fill(0);
      }
    }
    return ++this.stampCounter;
  }

  /**
   * Every match of a query's words (all readings), before filters. When nothing matches every word
   * of a query of three words or more, the products that match all words but one: of the readings
   * leaving one word out, the one that finds the most (a shopper's extra word, "six seater sofa"
   * where the shop has three-seaters, is not a dead end).
   */
  private match(text: string): { matches: Matches; corrections: Correction[]; unmatched?: string } {
    const { groups, readings, corrections } = this.plan(text);
    const run = (list: Group[][]) => {
      const matches = this.matchBuffer();
      if (this.matchCounter >= 0xfffffff0) {
        this.matchCounter = 0;
        this.mainScratch.matchStamp.fill(0);
        this.changesScratch.matchStamp.fill(0);
      }
      const matchId = ++this.matchCounter;
      for (const reading of list) {
        this.evaluate(this.main, this.mainScratch, this.mainDead, reading, 0, matches, matchId);
        this.evaluate(this.changes, this.changesScratch, null, reading, 1, matches, matchId);
      }
      return matches;
    };
    const matches = precise(run(readings));
    if (matches.length || groups.length < 3) return { matches, corrections };
    let best: { rest: Group[]; word: string; found: number } | null = null;
    for (let i = 0; i < groups.length; i++) {
      const rest = groups.filter((_, j) => j !== i);
      if (rest.some((g) => !g.alts.length)) continue;
      const found = run([rest]).length;
      if (found > (best?.found ?? 0)) best = { rest, word: (groups[i] as Group).word, found };
    }
    return best ? { matches: precise(run([best.rest])), corrections, unmatched: best.word } : { matches: run([]), corrections };
  }

  /** Every product, for a list without words (score 0). */
  private everything(): Matches {
    const matches = this.matchBuffer();
    for (let d = 0; d < this.main.size; d++) {
      if (this.mainDead[d]) continue;
      matches.seg[matches.length] = 0;
      matches.slot[matches.length] = d;
      matches.score[matches.length++] = 0;
    }
    for (let d = 0; d < this.changes.size; d++) {
      matches.seg[matches.length] = 1;
      matches.slot[matches.length] = d;
      matches.score[matches.length++] = 0;
    }
    return matches;
  }

  search(query: EngineQuery): EngineAnswer {
    const text = query.text.trim();
    if (!text) return { ...this.filterAndRank(this.everything(), query, false), corrections: [] };
    const { matches, corrections, unmatched } = this.match(text);
    return { ...this.filterAndRank(matches, query, true), corrections, ...(unmatched ? { unmatched } : {}) };
  }

  /**
   * Filters, counts each filter value's results with the other filters in force (a value of the
   * filter being counted replaces that filter's choice, as the filter bar offers it), and takes
   * the page in the query's order.
   */
  private filterAndRank(matches: Matches, query: EngineQuery, byRelevance: boolean): Omit<EngineAnswer, "corrections"> {
    const segs = [this.main, this.changes];
    const categories = query.categoryIds ? new Set(query.categoryIds) : null;
    const range = query.price ? PRICE_RANGES[query.price] : null;
    const availabilityRank = query.availability ? AVAILABILITY_OF_RANK.indexOf(query.availability) : -1;
    const groups = (query.attributes ?? []).slice(0, 28).map((g) => ({ attributeId: g.attributeId, values: new Set(g.valueIds) }));
    const groupBit = new Map<number, number>(groups.map((g, i) => [g.attributeId, 1 << (3 + i)]));
    const AVAILABILITY_BIT = 1 << 1;
    const PRICE_BIT = 1 << 2;

    const availabilityCounts = new Int32Array(3);
    const priceCounts = new Int32Array(PRICE_KEYS.length);
    const values = this.valueCounter();
    const passing = this.passingBuffer(matches.length);
    let passed = 0;
    const unfiltered = !categories && !query.popularOnly && !query.newSince && availabilityRank < 0 && !range && !groups.length;
    for (let s = 0; s < segs.length; s++) {
      const seg = segs[s] as Segment;
      if (!seg.size) continue;
      const buckets = priceBuckets(seg);
      const { availability, attrStart, attrValues } = seg;
      for (let i = 0; i < matches.length; i++) {
        if (matches.seg[i] !== s) continue;
        const d = matches.slot[i] as number;
        const avail = availability[d] as number;
        const a0 = attrStart[d] as number;
        const a1 = attrStart[d + 1] as number;
        if (unfiltered) {
          // No filter in force (most searches): every match passes and counts everywhere.
          passing[passed++] = i;
          availabilityCounts[avail] = (availabilityCounts[avail] as number) + 1;
          priceCounts[buckets[d] as number] = (priceCounts[buckets[d] as number] as number) + 1;
          for (let k = a0; k < a1; k++) values.add(attrValues[k] as number);
          continue;
        }
        if (categories && !categories.has(seg.categoryId[d] as number)) continue;
        if (query.popularOnly && !seg.popular[d]) continue;
        if (query.newSince && (seg.createdAt[d] as number) < query.newSince) continue;
        let fail = 0;
        if (availabilityRank >= 0 && avail !== availabilityRank) fail |= AVAILABILITY_BIT;
        const price = seg.price[d] as number;
        if (range && ((range.from !== null && price < range.from) || (range.below !== null && price >= range.below))) fail |= PRICE_BIT;
        for (const g of groups) {
          let hit = false;
          for (let k = a0; k < a1 && !hit; k++) hit = g.values.has(attrValues[k] as number);
          if (!hit) fail |= groupBit.get(g.attributeId) as number;
        }
        if (fail === 0) passing[passed++] = i;
        // A facet counts the products that pass every filter but its own.
        if (fail === 0 || fail === AVAILABILITY_BIT) availabilityCounts[avail] = (availabilityCounts[avail] as number) + 1;
        if (fail === 0 || fail === PRICE_BIT) priceCounts[buckets[d] as number] = (priceCounts[buckets[d] as number] as number) + 1;
        if (a1 > a0 && (fail === 0 || (fail & (fail - 1)) === 0)) {
          for (let k = a0; k < a1; k++) {
            const value = attrValues[k] as number;
            if (fail !== 0 && fail !== (groupBit.get(this.attributeOf.get(value) ?? -1) ?? 0)) continue;
            values.add(value);
          }
        }
      }
    }
    const facets: Facets = {
      availability: Object.fromEntries(AVAILABILITY_OF_RANK.map((a, r) => [a, availabilityCounts[r] as number])) as Record<Availability, number>,
      price: Object.fromEntries(PRICE_KEYS.map((key, r) => [key, priceCounts[r] as number])) as Record<PriceRange, number>,
      values: values.result(),
    };

    // The page in the query's order: relevance (the matches' own order after precise()) needs no
    // full sort, only the best offset + limit of them.
    const compare = this.comparator(matches, query.sort, byRelevance);
    const wanted = Math.min(passed, query.offset + query.limit);
    const top = topK(passing.subarray(0, passed), wanted, compare);
    const ids = top.slice(query.offset).map((i) => (segs[matches.seg[i] as number] as Segment).ids[matches.slot[i] as number] as number);
    return { ids, total: passed, facets };
  }

  /** The reused list of the matches that pass the filters, large enough for `n`. */
  private passingBuffer(n: number): Int32Array {
    if (this.passing.length < n) this.passing = new Int32Array(Math.max(n, this.passing.length * 2, 1024));
    return this.passing;
  }

  /**
   * Counts of attribute values for the facets: in a reused typed array indexed by value id (ids
   * are the database's, small and dense), touched entries listed so that reading and clearing
   * them costs the values seen, not the array; a Map for an id too large for the array.
   */
  private valueCounter(): { add(value: number): void; result(): Map<number, number> } {
    const counts = this.valueCounts;
    const touched: number[] = [];
    const large = new Map<number, number>();
    return {
      add(value: number) {
        if (value >= 0 && value < counts.length) {
          if (counts[value] === 0) touched.push(value);
          counts[value] = (counts[value] as number) + 1;
        } else large.set(value, (large.get(value) ?? 0) + 1);
      },
      result() {
        const out = large;
        for (const value of touched) {
          out.set(value, counts[value] as number);
          counts[value] = 0;
        }
        return out;
      },
    };
  }

  private comparator(m: Matches, sort: SortOption | undefined, byRelevance: boolean): (a: number, b: number) => number {
    if (!this.changes.size) return mainOnlyComparator(this.main, m, sort, byRelevance);
    const segs = [this.main, this.changes];
    const col = (i: number) => segs[m.seg[i] as number] as Segment;
    const slot = (i: number) => m.slot[i] as number;
    const id = (i: number) => col(i).ids[slot(i)] as number;
    const byId = (a: number, b: number) => id(b) - id(a);
    switch (sort) {
      case "price_asc":
        return (a, b) => (col(a).price[slot(a)] as number) - (col(b).price[slot(b)] as number) || byId(a, b);
      case "price_desc":
        return (a, b) => (col(b).price[slot(b)] as number) - (col(a).price[slot(a)] as number) || byId(a, b);
      case "newest":
        return (a, b) => (col(b).createdAt[slot(b)] as number) - (col(a).createdAt[slot(a)] as number) || byId(a, b);
      case "popular":
        return (a, b) =>
          (col(b).popular[slot(b)] as number) - (col(a).popular[slot(a)] as number) ||
          (col(b).views[slot(b)] as number) - (col(a).views[slot(a)] as number) ||
          byId(a, b);
      default: {
        // Relevance, then what can be bought, then popularity; a list without words: what can
        // be bought, then the newest.
        const availability = (a: number, b: number) => (col(a).availability[slot(a)] as number) - (col(b).availability[slot(b)] as number);
        if (!byRelevance) return (a, b) => availability(a, b) || (col(b).createdAt[slot(b)] as number) - (col(a).createdAt[slot(a)] as number) || byId(a, b);
        return (a, b) =>
          (m.score[b] as number) - (m.score[a] as number) ||
          availability(a, b) ||
          (col(b).popularity[slot(b)] as number) - (col(a).popularity[slot(a)] as number) ||
          byId(a, b);
      }
    }
  }

  /**
   * When a query finds nothing: other queries that do, each with one unknown word replaced by the
   * nearest word the catalog has ("curtian blu" → "curtian blue"), at most `limit`.
   */
  suggestQueries(text: string, limit = 3): string[] {
    const list = words(text).slice(0, MAX_WORDS);
    const out: string[] = [];
    for (let i = 0; i < list.length && out.length < limit; i++) {
      const word = list[i] as string;
      if (this.alternatives(word, false, []).length) continue;
      const near = this.nearestWords(word, 3).words;
      for (const candidate of near) {
        const attempt = list.map((w, j) => (j === i ? candidate : w)).join(" ");
        if (!out.includes(attempt) && this.match(attempt).matches.length) out.push(attempt);
        if (out.length >= limit) break;
      }
    }
    return out;
  }

  /**
   * The products searches show most, at most `limit`, best first: most matches of a search by
   * words tie on relevance, and ties go to what can be bought, then the more popular, then the
   * newest (the cards read ahead beside the index, ../server/product-search.ts).
   */
  leadingIds(limit: number): number[] {
    const matches = this.everything();
    const segs = [this.main, this.changes];
    const all = new Int32Array(matches.length);
    for (let i = 0; i < all.length; i++) all[i] = i;
    const top = topK(all, limit, this.comparator(matches, undefined, true));
    return top.map((i) => (segs[matches.seg[i] as number] as Segment).ids[matches.slot[i] as number] as number);
  }

  /** The most popular products that can be bought, for a search that found nothing. */
  popularIds(limit: number): number[] {
    if (!this.popularCache || this.popularCache.limit < limit) this.popularCache = { limit, ids: this.search({ text: "", sort: "popular", availability: "in_stock", offset: 0, limit }).ids };
    return this.popularCache.ids.slice(0, limit);
  }
}

/**
 * comparator()'s orders when every match is in the main segment (no product changed since the
 * last build, the usual case): the same keys read straight from its columns. A word's matches
 * mostly tie on relevance, so the tie-breaks run for nearly every comparison of the page's top k.
 */
function mainOnlyComparator(seg: Segment, m: Matches, sort: SortOption | undefined, byRelevance: boolean): (a: number, b: number) => number {
  const { ids, price, createdAt, popular, popularity, views, availability } = seg;
  const slot = m.slot;
  const score = m.score;
  switch (sort) {
    case "price_asc":
      return (a, b) => (price[slot[a] as number] as number) - (price[slot[b] as number] as number) || (ids[slot[b] as number] as number) - (ids[slot[a] as number] as number);
    case "price_desc":
      return (a, b) => (price[slot[b] as number] as number) - (price[slot[a] as number] as number) || (ids[slot[b] as number] as number) - (ids[slot[a] as number] as number);
    case "newest":
      return (a, b) => (createdAt[slot[b] as number] as number) - (createdAt[slot[a] as number] as number) || (ids[slot[b] as number] as number) - (ids[slot[a] as number] as number);
    case "popular":
      return (a, b) => {
        const x = slot[a] as number;
        const y = slot[b] as number;
        return (popular[y] as number) - (popular[x] as number) || (views[y] as number) - (views[x] as number) || (ids[y] as number) - (ids[x] as number);
      };
    default:
      if (!byRelevance)
        return (a, b) => {
          const x = slot[a] as number;
          const y = slot[b] as number;
          return (availability[x] as number) - (availability[y] as number) || (createdAt[y] as number) - (createdAt[x] as number) || (ids[y] as number) - (ids[x] as number);
        };
      return (a, b) => {
        const x = slot[a] as number;
        const y = slot[b] as number;
        return (score[b] as number) - (score[a] as number) || (availability[x] as number) - (availability[y] as number) || (popularity[y] as number) - (popularity[x] as number) || (ids[y] as number) - (ids[x] as number);
      };
  }
}

/**
 * The matches that have every word outside their description, when there are any: "velvet
 * cushion" finds the velvet cushions, not a velvet sofa whose text mentions its cushions. Without
 * any, every match (a word only descriptions have still finds them, with another word elsewhere).
 */
function precise(matches: Matches): Matches {
  let kept = 0;
  for (let i = 0; i < matches.length; i++) if (matches.precise[i]) kept++;
  if (kept === 0 || kept === matches.length) return matches;
  let at = 0;
  for (let i = 0; i < matches.length; i++) {
    if (!matches.precise[i]) continue;
    matches.seg[at] = matches.seg[i] as number;
    matches.slot[at] = matches.slot[i] as number;
    matches.score[at] = matches.score[i] as number;
    matches.precise[at] = 1;
    at++;
  }
  matches.length = at;
  return matches;
}

/** The first `k` of `items` in `compare`'s order: a full sort when k is a large part, else a bounded heap. */
export function topK(items: ArrayLike<number> & Iterable<number>, k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k * 8 >= items.length) return Array.from(items).sort(compare).slice(0, k);
  // Max-heap (by `compare`) of the best k so far: its root is the worst of them.
  const heap: number[] = [];
  const worse = (a: number, b: number) => compare(a, b) > 0;
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(heap[i] as number, heap[p] as number)) break;
      [heap[i], heap[p]] = [heap[p] as number, heap[i] as number];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l] as number, heap[m] as number)) m = l;
      if (r < heap.length && worse(heap[r] as number, heap[m] as number)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m] as number, heap[i] as number];
      i = m;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (compare(item, heap[0] as number) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}
