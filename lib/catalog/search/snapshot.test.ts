import { describe, expect, it } from "vitest";
import { SearchEngine, type EngineQuery } from "./engine";
import { Segment, type IndexDoc } from "./segment";
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT } from "./snapshot";

const doc = (id: number, name: string, extra: Partial<IndexDoc> = {}): IndexDoc => ({
  id,
  name,
  category: "Curtains",
  attributes: "Cotton 7 ft",
  description: "Hand block printed in Bagru.",
  categoryId: 1 + (id % 3),
  availability: id % 5 === 0 ? "out_of_stock" : "in_stock",
  price: 99_900 + id * 1_000,
  createdAt: Date.UTC(2026, 0, 1) + id * 86_400_000,
  popular: id % 4 === 0,
  popularity: id % 7,
  views: id % 5,
  attributeValueIds: [10 + (id % 2), 20],
  ...extra,
});

const catalog = [
  doc(1, "Peacock Velvet Curtain", { attributes: "Velvet 9 ft", attributeValueIds: [11, 21] }),
  doc(2, "Bagru Dabu Indigo Curtain"),
  doc(3, "Jaipuri Double Bedsheet", { category: "Bedsheets Bedding", attributes: "Cotton King" }),
  doc(4, "Mango Wood Coffee Table", { category: "Tables Furniture", attributes: "Mango Wood" }),
  doc(5, "Ikat Cushion Cover", { category: "Cushions" }),
  doc(6, "बनारसी रेशम कुशन", { category: "Cushions", attributes: "Silk" }),
  ...Array.from({ length: 40 }, (_, i) => doc(100 + i, `Sheer Curtain ${["Ivory", "Rose", "Moss", "Teal"][i % 4]} ${i}`)),
];
const attributeOf = new Map([
  [10, 1],
  [11, 1],
  [20, 2],
  [21, 2],
]);

const queries: Partial<EngineQuery>[] = [
  { text: "curtain" },
  { text: "velvet curtian" },
  { text: "sheer cur", availability: "in_stock", sort: "price_asc" },
  { text: "कुशन" },
  { text: "cotton", attributes: [{ attributeId: 1, valueIds: [10] }], price: "under_10000" },
  { text: "", categoryIds: [2] },
  { text: "zzqx" },
];

describe("the search index's snapshot", () => {
  it("gives back a segment that answers every query as the one written, with the owner's meta", () => {
    const segment = Segment.of(catalog);
    const meta = { since: 1_790_000_000_000, maxId: 139, seen: [[139, 1_790_000_000_000]] };
    const bytes = encodeSnapshot(segment, meta);
    const read = decodeSnapshot<typeof meta>(new Uint8Array(bytes));
    expect(read).not.toBeNull();
    expect(read!.meta).toEqual(meta);
    expect(read!.segment.size).toBe(catalog.length);
    expect(read!.segment.termCount).toBe(segment.termCount);
    const before = new SearchEngine(segment, attributeOf);
    const after = new SearchEngine(read!.segment, attributeOf);
    for (const q of queries) {
      const query = { text: "", offset: 0, limit: 12, ...q };
      expect(after.search(query), JSON.stringify(q)).toEqual(before.search(query));
    }
    expect(after.suggestQueries("velvat curtian")).toEqual(before.suggestQueries("velvat curtian"));
  });

  it("reads the arrays wherever the bytes sit (a copy when they are not aligned)", () => {
    const bytes = encodeSnapshot(Segment.of(catalog), null);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const read = decodeSnapshot(shifted.subarray(3));
    expect(new SearchEngine(read!.segment, attributeOf).search({ text: "bedsheet", offset: 0, limit: 5 }).ids).toEqual([3]);
  });

  it("refuses another format, a cut-off file and bytes that are no snapshot", () => {
    const bytes = encodeSnapshot(Segment.of(catalog), { since: 1 });
    const older = Buffer.from(bytes);
    older.writeUInt32LE(SNAPSHOT_FORMAT + 1, 4);
    expect(decodeSnapshot(older)).toBeNull();
    expect(decodeSnapshot(bytes.subarray(0, bytes.length - 9))).toBeNull();
    expect(decodeSnapshot(bytes.subarray(0, 40))).toBeNull();
    expect(decodeSnapshot(Buffer.from("not a snapshot at all, just some text"))).toBeNull();
    expect(decodeSnapshot(new Uint8Array(0))).toBeNull();
  });
});
