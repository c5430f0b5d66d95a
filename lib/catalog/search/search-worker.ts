import { parentPort, workerData } from "node:worker_threads";
import { searchAnswerJson } from "./search-answer";
import { weakEtag } from "@/lib/platform/cache-policy";
import type { CategoryMatch, FilterAttribute, ProductCard } from "../server/catalog";
import { SearchEngine, type EngineAnswer, type EngineQuery, type SynonymRuleData } from "./engine";
import { searchPage } from "./search-page";
import type { IndexDoc } from "./segment";
import { decodeSnapshot } from "./snapshot";

/**
 * The search thread (../server/search-thread.ts): a copy of the store's search engine that answers
 * the shoppers' searches off the server's main thread. It is told every change the main thread's
 * engine is told, in the same order, so a search posted after a change is answered with it. The
 * main segment comes as a snapshot's bytes (./snapshot.ts) in shared memory: both threads read
 * the same arrays.
 *
 * It also writes the API's answer to a search by words, whole (decision 0068): the main thread
 * posts the cards it reads (its read ahead, up to `maxCards`: more than it keeps itself, and a
 * page's) and drops those of every product that changes, in order, and posts the shop's filter
 * attributes and categories when they change; a search whose page's cards are all here gets its
 * JSON and ETag back, so the main thread only sends the bytes. Otherwise (a card not kept,
 * nothing found, which needs the fallbacks) it gets the index's answer and builds the page
 * itself, as for the pages' searches.
 */

/** What the thread is started with: how many cards it keeps at most (the oldest kept go first). */
export type SearchThreadData = { maxCards: number };

/** What a search's answer says besides the index and the cards: the shop's filter attributes, and its categories with their subcategories. */
export type AnswerContext = { version: number; attributes: readonly FilterAttribute[]; categories: readonly CategoryMatch[] };

export type ThreadRequest =
  | { op: "replace"; bytes: Uint8Array; attributeOf: [number, number][] }
  | { op: "apply"; upserts: IndexDoc[]; removals: number[]; attributeOf: [number, number][] | null }
  | { op: "synonyms"; rules: SynonymRuleData[] }
  /** `size`: how many products the main thread's engine held when it posted the search. */
  | { op: "search"; id: number; query: EngineQuery; size: number }
  /** Cards to keep (read ahead or read for a page), and those of products that changed (null: every card). */
  | { op: "cards"; cards: ProductCard[] }
  | { op: "dropCards"; ids: number[] | null }
  | { op: "context"; context: AnswerContext }
  /** A search whose whole answer is wanted: `context`, the version the main thread holds. */
  | { op: "answer"; id: number; query: EngineQuery; size: number; text: string; page: number; perPage: number; context: number };

/**
 * `drift`: this engine's size, when it is not the main thread's (it answers nothing then). `body`:
 * an answer's JSON, with its ETag and the ms spent in the index and on the page.
 */
export type ThreadReply =
  | { id: number; answer: EngineAnswer }
  | { id: number; body: Uint8Array<ArrayBuffer>; etag: string; total: number; indexMs: number; pageMs: number }
  | { id: number; error: string; drift?: number };

const port = parentPort;
if (port) {
  const engine = new SearchEngine();
  const cards = new Map<number, ProductCard>();
  const { maxCards } = workerData as SearchThreadData;
  let context: AnswerContext | null = null;
  const encoder = new TextEncoder();
  port.on("message", (request: ThreadRequest) => {
    switch (request.op) {
      case "replace": {
        const decoded = decodeSnapshot<null>(request.bytes);
        if (!decoded) throw new Error("the search thread was sent a segment it cannot read");
        engine.replaceAll(decoded.segment, new Map(request.attributeOf));
        return;
      }
      case "apply":
        engine.apply(request.upserts, request.removals, request.attributeOf ? new Map(request.attributeOf) : undefined);
        return;
      case "synonyms":
        engine.setSynonyms(request.rules);
        return;
      case "search": {
        let reply: ThreadReply;
        try {
          reply = drift(request) ?? { id: request.id, answer: engine.search(request.query) };
        } catch (error) {
          reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
        }
        port.postMessage(reply);
        return;
      }
      case "cards":
        for (const card of request.cards) cards.set(card.id, card);
        // The oldest kept first out (a Map keeps its order of insertion).
        for (const id of cards.keys()) {
          if (cards.size <= maxCards) break;
          cards.delete(id);
        }
        return;
      case "dropCards":
        if (request.ids === null) cards.clear();
        else for (const id of request.ids) cards.delete(id);
        return;
      case "context":
        context = request.context;
        return;
      case "answer": {
        let reply: ThreadReply;
        try {
          reply = drift(request) ?? wholeAnswer(request);
        } catch (error) {
          reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
        }
        port.postMessage(reply, "body" in reply ? [reply.body.buffer] : []);
        return;
      }
    }
  });

  /**
   * Told every change the main thread's engine was, in order, before a search: it holds as many
   * products as that one did when it posted it, or the two have drifted apart (and it answers
   * nothing).
   */
  function drift(request: { id: number; size: number }): ThreadReply | null {
    return engine.size === request.size ? null : { id: request.id, error: `the search thread holds ${engine.size} products where the main thread held ${request.size}`, drift: engine.size };
  }

  /** The answer's JSON when its context is the main thread's and every card of its page is here; else the index's answer. */
  function wholeAnswer(request: Extract<ThreadRequest, { op: "answer" }>): ThreadReply {
    const started = performance.now();
    const answer = engine.search(request.query);
    const searched = performance.now();
    const items = context?.version === request.context && answer.total > 0 ? pageCards(answer.ids) : null;
    if (!items || !context) return { id: request.id, answer };
    const page = searchPage(answer, items, request.page, request.perPage, request.text, context.categories);
    const body = encoder.encode(searchAnswerJson(page, context.attributes));
    return { id: request.id, body, etag: weakEtag(body), total: answer.total, indexMs: searched - started, pageMs: performance.now() - searched };
  }

  /** The page's cards in the index's order, or null when one of them is not kept here. */
  function pageCards(ids: readonly number[]): ProductCard[] | null {
    const items: ProductCard[] = [];
    for (const id of ids) {
      const card = cards.get(id);
      if (!card) return null;
      items.push(card);
    }
    return items;
  }
}
