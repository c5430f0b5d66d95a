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

/**
 * The terms of each field of a product: the stems of its words, and of every two neighbouring
 * words joined ("Table Cloth" also holds "tablecloth", "Door Mat" "doormat"), so a shopper who
 * joins words finds the name that splits them. Descriptions are not joined (their neighbours are
 * seldom one thing).
 */
export function docTerms(doc: Pick<IndexDoc, "name" | "category" | "attributes" | "description">): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (text: string, field: number, join: boolean) => {
    const list = words(text);
    for (let i = 0; i < list.length; i++) {
      const w = list[i] as string;
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
  return terms;
}

/**
 * The surface words of a product: what prefixes are completed to (every field) and typos corrected
 * to (`strong`: name, category and attributes only; a description's vocabulary is too wide to
 * guess a misspelt word from).
 */
export function docSurfaces(doc: Pick<IndexDoc, "name" | "category" | "attributes" | "description">): { all: Set<string>; strong: Set<string> } {
  const strong = new Set<string>();
  for (const text of [doc.name, doc.category, doc.attributes]) for (const w of words(text)) strong.add(w);
  const all = new Set(strong);
  for (const w of words(doc.description)) all.add(w);
  return { all, strong };
}

/**
 * An immutable inverted index of some products: each term's postings (product slots, ascending,
 * with the fields it occurs in) packed in two typed arrays, and the products' filter and ranking
 * columns as typed arrays. The engine keeps one large segment of the whole catalog and one small
 * segment of what changed since, rebuilt on every change (./engine.ts).
 */
export class Segment {
  readonly size: number;
  readonly ids: Int32Array;
  readonly availability: Uint8Array;
  readonly price: Float64Array;
  readonly createdAt: Float64Array;
  readonly popular: Uint8Array;
  readonly popularity: Float64Array;
  readonly categoryId: Int32Array;
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
  readonly strongSurfaces = new Set<string>();
  /** Product id → slot. */
  private readonly slotOf: Map<number, number>;

  constructor(docs: readonly IndexDoc[]) {
    const n = docs.length;
    this.size = n;
    this.ids = new Int32Array(n);
    this.availability = new Uint8Array(n);
    this.price = new Float64Array(n);
    this.createdAt = new Float64Array(n);
    this.popular = new Uint8Array(n);
    this.popularity = new Float64Array(n);
    this.categoryId = new Int32Array(n);
    this.attrStart = new Int32Array(n + 1);
    this.slotOf = new Map();
    this.surfaces = new Map();
    const attrList: number[] = [];
    const postings = new Map<string, number[]>();
    docs.forEach((doc, slot) => {
      this.ids[slot] = doc.id;
      this.slotOf.set(doc.id, slot);
      this.availability[slot] = AVAILABILITY_RANK[doc.availability];
      this.price[slot] = doc.price;
      this.createdAt[slot] = doc.createdAt;
      this.popular[slot] = doc.popular ? 1 : 0;
      this.popularity[slot] = doc.popularity;
      this.categoryId[slot] = doc.categoryId;
      this.attrStart[slot] = attrList.length;
      for (const v of doc.attributeValueIds) attrList.push(v);
      for (const [term, fields] of docTerms(doc)) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = []));
        list.push(slot, fields);
      }
      const { all, strong } = docSurfaces(doc);
      for (const surface of all) this.surfaces.set(surface, (this.surfaces.get(surface) ?? 0) + 1);
      for (const surface of strong) this.strongSurfaces.add(surface);
    });
    this.attrStart[n] = attrList.length;
    this.attrValues = Int32Array.from(attrList);
    let total = 0;
    for (const list of postings.values()) total += list.length / 2;
    this.postDocs = new Int32Array(total);
    this.postFields = new Uint8Array(total);
    this.terms = new Map();
    this.termStart = new Int32Array(postings.size);
    this.termMid = new Int32Array(postings.size);
    this.termEnd = new Int32Array(postings.size);
    let at = 0;
    let t = 0;
    for (const [term, list] of postings) {
      this.terms.set(term, t);
      this.termStart[t] = at;
      for (const strong of [true, false]) {
        for (let i = 0; i < list.length; i += 2) {
          const fields = list[i + 1] as number;
          if ((fields !== FIELD.description) !== strong) continue;
          this.postDocs[at] = list[i] as number;
          this.postFields[at] = fields;
          at++;
        }
        if (strong) this.termMid[t] = at;
      }
      this.termEnd[t] = at;
      t++;
    }
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

  /** Bytes of the typed arrays (the maps' overhead is not counted). */
  get arrayBytes(): number {
    return [this.ids, this.availability, this.price, this.createdAt, this.popular, this.popularity, this.categoryId, this.attrStart, this.attrValues, this.termStart, this.termMid, this.termEnd, this.postDocs, this.postFields].reduce((n, a) => n + a.byteLength, 0);
  }

  get termCount(): number {
    return this.terms.size;
  }
}
