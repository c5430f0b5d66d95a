import { afterEach, describe, expect, it } from "vitest";
import { searchAnswerJson } from "@/lib/catalog/search/search-answer";
import { weakEtag } from "@/lib/platform/cache-policy";
import { SearchEngine, type EngineQuery } from "../search/engine";
import { searchPage } from "../search/search-page";
import { Segment, type IndexDoc } from "../search/segment";
import type { FilterAttribute } from "./catalog";
import type { ProductCard } from "./cards";
import { SearchThread, SearchThreadDrift } from "./search-thread";

// Node alone cannot load the thread's TypeScript (next build bundles it): tsx does, as for scripts.
const execArgv = ["--import", "tsx"];

function doc(id: number, name: string, extra: Partial<IndexDoc> = {}): IndexDoc {
  return { id, name, category: "Curtains", attributes: "", description: "", categoryId: 1, availability: "in_stock", price: 199_900, createdAt: Date.UTC(2026, 0, 1), popular: false, popularity: 0, views: 0, attributeValueIds: [], ...extra };
}

const catalog = [
  doc(1, "Peacock Velvet Curtain", { attributes: "Velvet", attributeValueIds: [11] }),
  doc(2, "Indigo Cotton Curtain", { attributes: "Cotton", attributeValueIds: [12] }),
  doc(3, "Ivory Velvet Cushion", { category: "Cushions", attributes: "Velvet", attributeValueIds: [11], availability: "out_of_stock" }),
  doc(4, "Jaipuri Bedsheet", { category: "Bedsheets", attributes: "Cotton", attributeValueIds: [12] }),
];
const attributeOf = new Map([
  [11, 1],
  [12, 1],
]);
const query = (text: string): EngineQuery => ({ text, offset: 0, limit: 10 });

const started: SearchThread[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((t) => t.stop()));
});

function start(onExit: (why: Error) => void = () => {}, maxCards?: number): SearchThread {
  const thread = SearchThread.start(onExit, { execArgv, maxCards });
  if (!thread) throw new Error("no search thread");
  started.push(thread);
  return thread;
}

describe("the search thread", () => {
  it("is not started outside a built server (tests and scripts search on their own thread)", () => {
    expect(process.env.NEXT_RUNTIME).toBeUndefined();
    expect(SearchThread.start(() => {})).toBeNull();
  });

  it("answers as the main thread's engine does, with every change posted before the search", async () => {
    const thread = start();
    expect(thread.ready).toBe(false);
    const main = new SearchEngine(thread.replaceAll(Segment.of(catalog), attributeOf), attributeOf);
    expect(thread.ready).toBe(true);
    for (const text of ["velvet", "curtian", "cotton curtain", "velv", "nothing here"]) expect(await thread.search(query(text), main.size)).toEqual(main.search(query(text)));

    // A change and a synonym, then at once a search: the thread has taken both.
    const change = [doc(5, "Saffron Velvet Curtain", { attributes: "Velvet", attributeValueIds: [11] })];
    main.apply(change, [1]);
    thread.apply(change, [1]);
    main.setSynonyms([{ words: ["parda"], means: ["curtain"] }]);
    thread.setSynonyms([{ words: ["parda"], means: ["curtain"] }]);
    const parda = await thread.search(query("velvet parda"), main.size);
    expect(parda.ids).toEqual([5]);
    expect(parda).toEqual(main.search(query("velvet parda")));
    expect(parda.facets.values).toEqual(new Map([[11, 1]]));
  });

  it("answers nothing when its copy does not hold what the main thread's engine does, and says so", async () => {
    const thread = start();
    const main = new SearchEngine(thread.replaceAll(Segment.of(catalog), attributeOf), attributeOf);
    // A change the main thread's engine was given and the thread was not.
    main.apply([], [1]);
    await expect(thread.search(query("velvet"), main.size)).rejects.toThrow(SearchThreadDrift);
    await expect(thread.search(query("velvet"), main.size)).rejects.toThrow(`the search thread holds ${catalog.length} products where the main thread held ${catalog.length - 1}`);
    thread.apply([], [1]);
    expect(await thread.search(query("velvet"), main.size)).toEqual(main.search(query("velvet")));
  });

  it("writes a search's whole answer as the main thread writes it, from the cards and the shop's attributes and categories it was given, and only then", async () => {
    const thread = start();
    const main = new SearchEngine(thread.replaceAll(Segment.of(catalog), attributeOf), attributeOf);
    const card = (id: number, name: string, price: number): ProductCard => ({ id, slug: name.toLowerCase().replaceAll(" ", "-"), name, thumbnail: `/media/${id}.webp`, price, listPrice: price + 50_000, discountPercent: 20, stockQuantity: 7, availability: "in_stock", variantCount: 0 });
    const cards = [card(1, "Peacock Velvet Curtain", 199_900), card(2, "Indigo Cotton Curtain", 149_900), card(3, "Ivory Velvet Cushion", 59_900), card(4, "Jaipuri Bedsheet", 89_900)];
    const attributes: FilterAttribute[] = [{ id: 1, name: "Material", key: "material", values: [{ id: 11, value: "Velvet" }, { id: 12, value: "Cotton" }] }];
    const categories = [{ name: "Curtains", slug: "curtains" }, { name: "Cushions", slug: "cushions" }, { name: "Velvet Curtains", slug: "velvet-curtains" }];
    const page = { text: "velvet curtain", page: 1, perPage: 10 };
    const q = query("velvet curtain");
    const expected = () => {
      const answer = main.search(q);
      const bytes = new TextEncoder().encode(searchAnswerJson(searchPage(answer, answer.ids.map((id) => cards.find((c) => c.id === id) as ProductCard), 1, 10, page.text, categories), attributes));
      return { bytes, etag: weakEtag(bytes) };
    };

    // No context yet: the index's answer, for the main thread to build the page from.
    expect(await thread.answer(q, main.size, { ...page, context: 1 })).toEqual(main.search(q));
    thread.setContext({ version: 1, attributes, categories });
    // The cards not kept there yet: the same.
    expect(await thread.answer(q, main.size, { ...page, context: 1 })).toEqual(main.search(q));

    thread.keepCards(cards);
    const whole = await thread.answer(q, main.size, { ...page, context: 1 });
    if (!("body" in whole)) throw new Error("no whole answer");
    expect(Buffer.from(whole.body).toString("utf8")).toBe(Buffer.from(expected().bytes).toString("utf8"));
    expect(whole.etag).toBe(expected().etag);
    expect(whole.total).toBe(1);
    const json = JSON.parse(Buffer.from(whole.body).toString("utf8")) as { data: { name: string; main_price: number }[]; meta: { total: number; categories: { slug: string }[]; facets: { attributes: { values: { value: string; count: number }[] }[] } }; success: boolean; status: number };
    expect(json.data.map((d) => [d.name, d.main_price])).toEqual([["Peacock Velvet Curtain", 1999]]);
    expect(json.meta.categories.map((c) => c.slug)).toEqual(["velvet-curtains"]);
    expect(json.meta.facets.attributes[0]?.values).toEqual([{ value: "Velvet", count: 1 }, { value: "Cotton", count: 0 }]);
    expect([json.success, json.status]).toEqual([true, 200]);

    // Another context version than the thread holds (the main thread read newer ones): not from the old.
    expect("body" in (await thread.answer(q, main.size, { ...page, context: 2 }))).toBe(false);
    // A price change: the main thread drops the card, then keeps the new one; the answer says the new price.
    thread.dropCards([1]);
    expect(await thread.answer(q, main.size, { ...page, context: 1 })).toEqual(main.search(q));
    cards[0] = card(1, "Peacock Velvet Curtain", 179_900);
    thread.keepCards([cards[0] as ProductCard]);
    const repriced = await thread.answer(q, main.size, { ...page, context: 1 });
    expect("body" in repriced && Buffer.from(repriced.body).toString("utf8")).toBe(Buffer.from(expected().bytes).toString("utf8"));
    expect(Buffer.from(expected().bytes).toString("utf8")).toContain('"main_price":1799');
    // Every card dropped (a rebuild), and a search that finds nothing (the main thread adds the fallbacks): the index's answer.
    thread.dropCards(null);
    expect("body" in (await thread.answer(q, main.size, { ...page, context: 1 }))).toBe(false);
    thread.keepCards(cards);
    expect(await thread.answer(query("zzzq"), main.size, { ...page, text: "zzzq", context: 1 })).toEqual(main.search(query("zzzq")));
  });

  it("keeps at most its number of cards, the oldest kept first out, and writes whole only the answers whose cards it still has", async () => {
    const thread = start(() => {}, 2);
    const main = new SearchEngine(thread.replaceAll(Segment.of(catalog), attributeOf), attributeOf);
    const card = (id: number, name: string): ProductCard => ({ id, slug: name.toLowerCase().replaceAll(" ", "-"), name, thumbnail: null, price: 99_900, listPrice: 99_900, discountPercent: 0, stockQuantity: 3, availability: "in_stock", variantCount: 0 });
    thread.setContext({ version: 1, attributes: [], categories: [] });
    const whole = async (text: string) => {
      const reply = await thread.answer(query(text), main.size, { text, page: 1, perPage: 10, context: 1 });
      return "body" in reply ? (JSON.parse(Buffer.from(reply.body).toString("utf8")) as { data: { name: string }[] }).data.map((d) => d.name) : null;
    };
    // Kept least shown first, as the read ahead posts them: the bedsheet, then the two curtains.
    thread.keepCards([card(4, "Jaipuri Bedsheet")]);
    thread.keepCards([card(2, "Indigo Cotton Curtain"), card(1, "Peacock Velvet Curtain")]);
    expect((await whole("curtain"))?.toSorted()).toEqual(["Indigo Cotton Curtain", "Peacock Velvet Curtain"]);
    // The bedsheet went first: the main thread builds that answer from the index's.
    expect(await whole("bedsheet")).toBeNull();
    // Read again for a page: kept again, and the oldest (the cotton curtain) goes.
    thread.keepCards([card(4, "Jaipuri Bedsheet")]);
    expect(await whole("bedsheet")).toEqual(["Jaipuri Bedsheet"]);
    expect(await whole("velvet curtain")).toEqual(["Peacock Velvet Curtain"]);
    expect(await whole("cotton curtain")).toBeNull();
  });

  it("shares the main segment's arrays with the main thread rather than copying them", () => {
    const thread = start();
    const shared = thread.replaceAll(Segment.of(catalog), attributeOf);
    expect(shared.postDocs.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.ids.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it("when it fails, rejects the searches waiting for it and says so, and sends nothing more", async () => {
    const exits: Error[] = [];
    const thread = start((why) => exits.push(why));
    thread.replaceAll(Segment.of(catalog), attributeOf);
    // What no snapshot is: the thread's engine cannot read it and the thread dies.
    thread.load(new Uint8Array(16), attributeOf);
    const waiting = thread.search(query("velvet"), catalog.length);
    await expect(waiting).rejects.toThrow(/stopped/);
    expect(exits.map((e) => e.message)).toEqual(["the search thread was sent a segment it cannot read"]);
    expect(thread.ready).toBe(false);
    await expect(thread.search(query("velvet"), catalog.length)).rejects.toThrow(/stopped/);
  });

  it("stopped on purpose, says nothing", async () => {
    const exits: Error[] = [];
    const thread = start((why) => exits.push(why));
    thread.replaceAll(Segment.of(catalog), attributeOf);
    await thread.stop();
    expect(thread.ready).toBe(false);
    expect(exits).toEqual([]);
  });
});
