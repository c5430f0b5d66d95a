import { Segment, type SegmentParts } from "./segment";

/**
 * A segment (./segment.ts) and what its owner needs to carry on from it, as bytes: what the search
 * index writes to disk after a full build so that a restarted server loads it instead of reading
 * and analysing the whole catalog again (../server/product-search.ts).
 *
 * Layout: "FSIX", the format's version (uint32), the header's length (uint32), the header (JSON:
 * the owner's `meta`, the dictionaries, and where each typed array starts), zero padding to a
 * multiple of 8, then the typed arrays' bytes, each at a multiple of 8 so that it is read in place.
 */
const MAGIC = "FSIX";
/** Moves whenever the layout or what a segment holds changes: an older file is not read. */
export const SNAPSHOT_FORMAT = 2;

const ARRAYS = {
  ids: Int32Array,
  availability: Uint8Array,
  price: Float64Array,
  createdAt: Float64Array,
  popular: Uint8Array,
  popularity: Float64Array,
  views: Float64Array,
  categoryId: Int32Array,
  attrStart: Int32Array,
  attrValues: Int32Array,
  termStart: Int32Array,
  termMid: Int32Array,
  termEnd: Int32Array,
  postDocs: Int32Array,
  postFields: Uint8Array,
} as const;
type ArrayName = keyof typeof ARRAYS;
const ARRAY_NAMES = Object.keys(ARRAYS) as ArrayName[];

type Header<M> = {
  meta: M;
  /** Terms in id order. */
  terms: string[];
  surfaces: [string, number][];
  strongSurfaces: string[];
  arrays: Record<ArrayName, { offset: number; length: number }>;
};

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** The segment and `meta` (anything JSON can hold) as one buffer. */
export function encodeSnapshot<M>(segment: Segment, meta: M): Buffer {
  const parts = segment.parts();
  const terms: string[] = new Array<string>(parts.terms.size);
  for (const [term, id] of parts.terms) terms[id] = term;
  const arrays = {} as Header<M>["arrays"];
  let offset = 0;
  for (const name of ARRAY_NAMES) {
    arrays[name] = { offset, length: parts[name].length };
    offset = align8(offset + parts[name].byteLength);
  }
  const header: Header<M> = { meta, terms, surfaces: [...parts.surfaces], strongSurfaces: [...parts.strongSurfaces], arrays };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const start = align8(12 + json.length);
  const out = Buffer.alloc(start + offset);
  out.write(MAGIC, 0, "latin1");
  out.writeUInt32LE(SNAPSHOT_FORMAT, 4);
  out.writeUInt32LE(json.length, 8);
  json.copy(out, 12);
  for (const name of ARRAY_NAMES) {
    const array = parts[name];
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), start + arrays[name].offset);
  }
  return out;
}

/** Reads what encodeSnapshot wrote; null for anything else (another format, a cut-off file). */
export function decodeSnapshot<M>(bytes: Uint8Array): { segment: Segment; meta: M } | null {
  if (bytes.length < 12 || Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString("latin1") !== MAGIC) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) !== SNAPSHOT_FORMAT) return null;
  const length = view.getUint32(8, true);
  if (12 + length > bytes.length) return null;
  let header: Header<M>;
  try {
    header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 12, length).toString("utf8")) as Header<M>;
  } catch {
    return null;
  }
  const start = align8(12 + length);
  const read = <N extends ArrayName>(name: N): InstanceType<(typeof ARRAYS)[N]> | null => {
    const Kind = ARRAYS[name];
    const where = header.arrays?.[name];
    if (!where) return null;
    const at = bytes.byteOffset + start + where.offset;
    if (start + where.offset + where.length * Kind.BYTES_PER_ELEMENT > bytes.length) return null;
    // In place when aligned (a file read whole is); else copied out.
    const buffer = bytes.buffer as ArrayBuffer;
    const array = at % Kind.BYTES_PER_ELEMENT === 0 ? new Kind(buffer, at, where.length) : new Kind(buffer.slice(at, at + where.length * Kind.BYTES_PER_ELEMENT));
    return array as InstanceType<(typeof ARRAYS)[N]>;
  };
  const arrays = {} as { [N in ArrayName]: InstanceType<(typeof ARRAYS)[N]> };
  for (const name of ARRAY_NAMES) {
    const array = read(name);
    if (!array) return null;
    (arrays as Record<ArrayName, unknown>)[name] = array;
  }
  const parts: SegmentParts = {
    ...arrays,
    terms: new Map(header.terms.map((term, id) => [term, id])),
    surfaces: new Map(header.surfaces),
    strongSurfaces: new Set(header.strongSurfaces),
  };
  return { segment: new Segment(parts), meta: header.meta };
}
