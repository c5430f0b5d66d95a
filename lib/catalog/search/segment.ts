import type { Availability } from "@/lib/platform/db/schema";
import { stem, words } from "./text";

/** A product as search sees it: its texts by field, and what the filters, facets and ranking read. */
export type IndexDoc = {
  id: number;
  name: string;
  /** Its category's name and its parent's ("Velvet Curtains Curtains"). */
  category: string;
  /** Attribute values and variant labels ("Velvet 7 ft 9 ft No Assembly King / Ivory"). */
  attributes: string;
  /** Short description and description as plain text. */
  description: string;
  categoryId: number;
  availability: Availability;
  /** Paise. */
  price: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
  popular: boolean;
  /** The popularity signal: units sold and page views (higher first among equals). */
  popularity: number;
  /**
   * Page views alone: the "popular" sort's order after the merchant's popular flag, as the
   * listings' own (catalog.ts SORT_SQL), so a search by words sorted so agrees with them.
   */
  views: number;
  attributeValueIds: number[];
};

/**
 * Where a term occurs in a product, one bit each. `head` is the name's head word, what the product
 * is ("Sheesham Coffee Table" is a table, "Block Print Table Runner" a runner): the last word of the
 * name before "with", "for", "in", "of", "set", a count or a bracket.
 */
export const FIELD = { name: 1, category: 2, attributes: 4, description: 8, head: 16 } as const;

const HEAD_STOP = new Set(["with", "for", "in", "of", "and", "set", "pack", "pair", "pcs", "piece", "pieces", "x"]);

/** The head word of a name (see FIELD.head), or undefined for a name without one. */
export function headWord(name: string): string | undefined {
  const list = words(name.replace(/[([].*$/, ""));
  let end = list.length;
  for (let i = 1; i < list.length; i++) {
    if (HEAD_STOP.has(list[i] as string)) {
      end = i;
      break;
    }
  }
  for (let i = end - 1; i >= 0; i--) {
    const w = list[i] as string;
    if (!/^\d+$/.test(w) && !HEAD_STOP.has(w)) return w;
  }
  return undefined;
}

/** Buyable first: in stock, then made to order, then out of stock. */
export const AVAILABILITY_RANK: Record<Availability, number> = { in_stock: 0, made_to_order: 1, out_of_stock: 2 };
export const AVAILABILITY_OF_RANK: readonly Availability[] = ["in_stock", "made_to_order", "out_of_stock"];

type DocTexts = Pick<IndexDoc, "name" | "category" | "attributes" | "description">;

/**
 * A product's words, read once: `terms`, each term with the fields it is in: the stems of its
 * words, and of every two neighbouring words joined ("Table Cloth" also holds "tablecloth", "Door
 * Mat" "doormat"), so a shopper who joins words finds the name that splits them (descriptions are
 * not joined: their neighbours are seldom one thing); and its surface words, what prefixes are
 * completed to (`all`) and typos corrected to (`strong`: name, category and attributes only; a
 * description's vocabulary is too wide to guess a misspelt word from).
 */
export function analyzeDoc(doc: DocTexts): { terms: Map<string, number>; all: Set<string>; strong: Set<string> } {
  const terms = new Map<string, number>();
  const all = new Set<string>();
  const strong = new Set<string>();
  const add = (text: string, field: number, join: boolean) => {
    const list = words(text);
    for (let i = 0; i < list.length; i++) {
      const w = list[i] as string;
      all.add(w);
      if (field !== FIELD.description) strong.add(w);
      const t = stem(w);
      terms.set(t, (terms.get(t) ?? 0) | field);
      const next = list[i + 1];
      if (join && next !== undefined && w.length + next.length >= 4) {
        const joined = stem(w + next);
        terms.set(joined, (terms.get(joined) ?? 0) | field);
      }
    }
  };
  add(doc.name, FIELD.name, true);
  const head = headWord(doc.name);
  if (head) terms.set(stem(head), (terms.get(stem(head)) ?? 0) | FIELD.head);
  add(doc.category, FIELD.category, true);
  add(doc.attributes, FIELD.attributes, true);
  add(doc.description, FIELD.description, false);
  return { terms, all, strong };
}

/** A typed array that grows as values are pushed (amortized doubling), outside V8's heap. */
class Growable<T extends Int32Array | Uint8Array | Float64Array> {
  data: T;
  length = 0;
  constructor(private readonly make: (size: number) => T) {
    this.data = make(1024);
  }
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  /** The values pushed, in an array of their exact length. */
  done(): T {
    return this.data.slice(0, this.length) as T;
  }
}

/**
 * Builds a segment from products added one at a time, so a catalog of 100,000 is never all in
 * memory as objects: each product's terms go into three growing typed arrays (term, slot, fields;
 * about 9 bytes a term, outside the 256 MB JavaScript heap the server runs with), and `build()`
 * groups them by term with a counting sort.
 */
export class SegmentBuilder {
  private readonly termIds = new Map<string, number>();
  private readonly pTerm = new Growable((n) => new Int32Array(n));
  private readonly pSlot = new Growable((n) => new Int32Array(n));
  private readonly pFields = new Growable((n) => new Uint8Array(n));
  private readonly ids = new Growable((n) => new Int32Array(n));
  private readonly availability = new Growable((n) => new Uint8Array(n));
  private readonly price = new Growable((n) => new Float64Array(n));
  private readonly createdAt = new Growable((n) => new Float64Array(n));
  private readonly popular = new Growable((n) => new Uint8Array(n));
  private readonly popularity = new Growable((n) => new Float64Array(n));
  private readonly views = new Growable((n) => new Float64Array(n));
  private readonly categoryId = new Growable((n) => new Int32Array(n));
  private readonly attrStart = new Growable((n) => new Int32Array(n));
  private readonly attrValues = new Growable((n) => new Int32Array(n));
  private readonly surfaces = new Map<string, number>();
  private readonly strongSurfaces = new Set<string>();

  get size(): number {
    return this.ids.length;
  }

  add(doc: IndexDoc): void {
    const slot = this.ids.length;
    this.ids.push(doc.id);
    this.availability.push(AVAILABILITY_RANK[doc.availability]);
    this.price.push(doc.price);
    this.createdAt.push(doc.createdAt);
    this.popular.push(doc.popular ? 1 : 0);
    this.popularity.push(doc.popularity);
    this.views.push(doc.views);
    this.categoryId.push(doc.categoryId);
    this.attrStart.push(this.attrValues.length);
    for (const v of doc.attributeValueIds) this.attrValues.push(v);
    const { terms, all, strong } = analyzeDoc(doc);
    for (const [term, fields] of terms) {
      let t = this.termIds.get(term);
      if (t === undefined) this.termIds.set(term, (t = this.termIds.size));
      this.pTerm.push(t);
      this.pSlot.push(slot);
      this.pFields.push(fields);
    }
    for (const surface of all) this.surfaces.set(surface, (this.surfaces.get(surface) ?? 0) + 1);
    for (const surface of strong) this.strongSurfaces.add(surface);
  }

  build(): Segment {
    const termCount = this.termIds.size;
    const total = this.pTerm.length;
    const terms = this.pTerm.data;
    const slots = this.pSlot.data;
    const fields = this.pFields.data;
    // Counting sort by term: each term's strong postings first (name, category, attributes), then
    // its description-only ones, each in slot order.
    const strongCount = new Int32Array(termCount);
    const weakCount = new Int32Array(termCount);
    for (let i = 0; i < total; i++) {
      const t = terms[i] as number;
      if (fields[i] === FIELD.description) weakCount[t] = (weakCount[t] as number) + 1;
      else strongCount[t] = (strongCount[t] as number) + 1;
    }
    const termStart = new Int32Array(termCount);
    const termMid = new Int32Array(termCount);
    const termEnd = new Int32Array(termCount);
    let at = 0;
    for (let t = 0; t < termCount; t++) {
      termStart[t] = at;
      at += strongCount[t] as number;
      termMid[t] = at;
      at += weakCount[t] as number;
      termEnd[t] = at;
    }
    const nextStrong = termStart.slice();
    const nextWeak = termMid.slice();
    const postDocs = new Int32Array(total);
    const postFields = new Uint8Array(total);
    for (let i = 0; i < total; i++) {
      const t = terms[i] as number;
      const f = fields[i] as number;
      const k = f === FIELD.description ? (nextWeak[t] as number) : (nextStrong[t] as number);
      if (f === FIELD.description) nextWeak[t] = k + 1;
      else nextStrong[t] = k + 1;
      postDocs[k] = slots[i] as number;
      postFields[k] = f;
    }
    this.attrStart.push(this.attrValues.length);
    return new Segment({
      ids: this.ids.done(),
      availability: this.availability.done(),
      price: this.price.done(),
      createdAt: this.createdAt.done(),
      popular: this.popular.done(),
      popularity: this.popularity.done(),
      views: this.views.done(),
      categoryId: this.categoryId.done(),
      attrStart: this.attrStart.done(),
      attrValues: this.attrValues.done(),
      terms: this.termIds,
      termStart,
      termMid,
      termEnd,
      postDocs,
      postFields,
      surfaces: this.surfaces,
      strongSurfaces: this.strongSurfaces,
    });
  }
}

/** What a segment is made of (Segment.parts(), ./snapshot.ts). */
export type SegmentParts = {
  ids: Int32Array;
  availability: Uint8Array;
  price: Float64Array;
  createdAt: Float64Array;
  popular: Uint8Array;
  popularity: Float64Array;
  views: Float64Array;
  categoryId: Int32Array;
  attrStart: Int32Array;
  attrValues: Int32Array;
  terms: Map<string, number>;
  termStart: Int32Array;
  termMid: Int32Array;
  termEnd: Int32Array;
  postDocs: Int32Array;
  postFields: Uint8Array;
  surfaces: Map<string, number>;
  strongSurfaces: Set<string>;
};

/**
 * An immutable inverted index of some products: each term's postings (product slots, with the
 * fields it occurs in) packed in two typed arrays, and the products' filter and ranking columns
 * as typed arrays. The engine keeps one large segment of the whole catalog and one small segment
 * of what changed since, rebuilt on every change (./engine.ts). Made by SegmentBuilder, or
 * `Segment.of(docs)`.
 */
export class Segment {
  readonly size: number;
  readonly ids: Int32Array;
  readonly availability: Uint8Array;
  readonly price: Float64Array;
  readonly createdAt: Float64Array;
  readonly popular: Uint8Array;
  readonly popularity: Float64Array;
  readonly views: Float64Array;
  readonly categoryId: Int32Array;
  /** Product slot → [attrStart[slot], attrStart[slot + 1]) in attrValues. */
  readonly attrStart: Int32Array;
  readonly attrValues: Int32Array;
  /**
   * Term → [start, end) in `postDocs` / `postFields`: first the products that have it in their
   * name, category or attributes, up to `termMid`, then those that have it in their description only.
   */
  private readonly terms: Map<string, number>;
  private readonly termStart: Int32Array;
  private readonly termMid: Int32Array;
  private readonly termEnd: Int32Array;
  readonly postDocs: Int32Array;
  readonly postFields: Uint8Array;
  /** Surface word → number of products with it. */
  readonly surfaces: Map<string, number>;
  /** Surface words of names, categories and attributes. */
  readonly strongSurfaces: Set<string>;
  /** Product id → slot. */
  private readonly slotOf = new Map<number, number>();

  constructor(parts: SegmentParts) {
    this.size = parts.ids.length;
    this.ids = parts.ids;
    this.availability = parts.availability;
    this.price = parts.price;
    this.createdAt = parts.createdAt;
    this.popular = parts.popular;
    this.popularity = parts.popularity;
    this.views = parts.views;
    this.categoryId = parts.categoryId;
    this.attrStart = parts.attrStart;
    this.attrValues = parts.attrValues;
    this.terms = parts.terms;
    this.termStart = parts.termStart;
    this.termMid = parts.termMid;
    this.termEnd = parts.termEnd;
    this.postDocs = parts.postDocs;
    this.postFields = parts.postFields;
    this.surfaces = parts.surfaces;
    this.strongSurfaces = parts.strongSurfaces;
    for (let slot = 0; slot < this.size; slot++) this.slotOf.set(this.ids[slot] as number, slot);
  }

  static of(docs: readonly IndexDoc[]): Segment {
    const builder = new SegmentBuilder();
    for (const doc of docs) builder.add(doc);
    return builder.build();
  }

  /**
   * The [start, end) range of a term's postings, or null when no product here has it; `strongOnly`:
   * only the products with it outside their description.
   */
  postings(term: string, strongOnly = false): [number, number] | null {
    const t = this.terms.get(term);
    return t === undefined ? null : [this.termStart[t] as number, (strongOnly ? this.termMid[t] : this.termEnd[t]) as number];
  }

  /** How many products here have the term. */
  documentFrequency(term: string): number {
    const range = this.postings(term);
    return range ? range[1] - range[0] : 0;
  }

  slot(id: number): number | undefined {
    return this.slotOf.get(id);
  }

  /** Its arrays and dictionaries, as the constructor took them (./snapshot.ts writes them to disk). */
  parts(): SegmentParts {
    const { ids, availability, price, createdAt, popular, popularity, views, categoryId, attrStart, attrValues, terms, termStart, termMid, termEnd, postDocs, postFields, surfaces, strongSurfaces } = this;
    return { ids, availability, price, createdAt, popular, popularity, views, categoryId, attrStart, attrValues, terms, termStart, termMid, termEnd, postDocs, postFields, surfaces, strongSurfaces };
  }

  /** Bytes of the typed arrays (the maps' overhead is not counted). */
  get arrayBytes(): number {
    return [this.ids, this.availability, this.price, this.createdAt, this.popular, this.popularity, this.views, this.categoryId, this.attrStart, this.attrValues, this.termStart, this.termMid, this.termEnd, this.postDocs, this.postFields].reduce((n, a) => n + a.byteLength, 0);
  }

  get termCount(): number {
    return this.terms.size;
  }
}
