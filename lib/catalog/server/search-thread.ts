import "server-only";
import { Worker } from "node:worker_threads";
import { log as rootLog } from "@/lib/platform/log";
import type { EngineAnswer, EngineQuery, SynonymRuleData } from "../search/engine";
import type { AnswerContext, SearchThreadData, ThreadReply, ThreadRequest } from "../search/search-worker";
import type { IndexDoc, Segment } from "../search/segment";
import { decodeSnapshot, encodeSnapshot } from "../search/snapshot";
import type { ProductCard } from "./catalog";

const log = rootLog.child({ module: "product-search" });

/**
 * Where the shoppers' searches are answered when the store runs as a built server: a worker thread
 * holding a copy of the search engine (../search/search-worker.ts), so that reading a common
 * word's postings and counting its facets over 100,000 products runs beside the main thread,
 * not on it (decision 0067: the main thread was the server's bottleneck while a third of the
 * machine stood idle). ./product-search.ts tells it every change it gives its own engine, in the
 * same order; the main segment's arrays are in shared memory, read by both threads.
 *
 * Not under vitest or a script run by tsx (the worker's file is bundled by next build, and Node
 * alone cannot load it): there every search runs on the main thread's engine, as it does here
 * whenever the thread has stopped.
 */
/** The search thread's engine does not hold what the main thread's does (a change one was told and not the other). */
export class SearchThreadDrift extends Error {
  override name = "SearchThreadDrift";
}

/**
 * Cards the search thread keeps at most, the oldest kept first out: the read ahead gives it the
 * whole of a catalog of up to 100,000 products. Measured at 100,000 products (the bench's
 * catalog): its heap held 44 MB after a full collection (of its 128 MB), the main thread's 118 MB
 * with its 20,000 cards (of 256 MB; docs/measurements/2026-11-26-search-scale.md).
 */
export const THREAD_CARDS = 100_000;

/** A search's whole answer from the thread: its JSON's bytes and ETag, and where the time went (ms). */
export type WholeAnswer = { body: Uint8Array<ArrayBuffer>; etag: string; total: number; indexMs: number; pageMs: number };

export class SearchThread {
  private worker: Worker | null;
  private waiting = new Map<number, { resolve: (answer: EngineAnswer | WholeAnswer) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private stopping = false;
  /** Whether it was given a catalog (until then its engine is empty, and searches stay on the main thread). */
  private loaded = false;

  private constructor(worker: Worker, onExit: (why: Error) => void) {
    this.worker = worker;
    worker.unref();
    worker.on("message", (reply: ThreadReply) => {
      const entry = this.waiting.get(reply.id);
      if (!entry) return;
      this.waiting.delete(reply.id);
      if ("answer" in reply) entry.resolve(reply.answer);
      else if ("body" in reply) entry.resolve({ body: reply.body, etag: reply.etag, total: reply.total, indexMs: reply.indexMs, pageMs: reply.pageMs });
      else entry.reject(reply.drift === undefined ? new Error(reply.error) : new SearchThreadDrift(reply.error));
    });
    let failure: Error | null = null;
    worker.on("error", (error) => (failure = error));
    worker.on("exit", (code) => {
      this.worker = null;
      for (const entry of this.waiting.values()) entry.reject(new Error(`the search thread stopped (exit code ${code})`));
      this.waiting.clear();
      if (!this.stopping) onExit(failure ?? new Error(`the search thread stopped (exit code ${code})`));
    });
  }

  /**
   * A new thread, or null where none can run (see above). `onExit`: it stopped on its own (not by
   * stop()), and why. `execArgv`: Node's options for the thread (its tests load it through tsx).
   * `maxCards`: how many cards it keeps at most (THREAD_CARDS unless a test wants a few).
   */
  static start(onExit: (why: Error) => void, options: { execArgv?: string[]; maxCards?: number } = {}): SearchThread | null {
    if (!options.execArgv && (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build")) return null;
    try {
      // Its heap holds the engine's dictionaries and scratch arrays; the postings are in shared memory.
      const workerData: SearchThreadData = { maxCards: options.maxCards ?? THREAD_CARDS };
      const worker = new Worker(new URL("../search/search-worker.ts", import.meta.url), { name: "product-search", resourceLimits: { maxOldGenerationSizeMb: 128 }, execArgv: options.execArgv, workerData });
      return new SearchThread(worker, onExit);
    } catch (error) {
      log.error({ err: error }, "the search thread could not be started: searches run on the main thread");
      return null;
    }
  }

  /** Whether searches can be sent to it: running, and given the catalog. */
  get ready(): boolean {
    return this.worker !== null && this.loaded;
  }

  private post(request: ThreadRequest): void {
    this.worker?.postMessage(request);
  }

  /** A snapshot's bytes (../search/snapshot.ts) copied into memory that both threads read. */
  static shared(bytes: Uint8Array): Uint8Array {
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    return shared;
  }

  /** The thread's engine takes the snapshot in `bytes` (shared: see shared()) as its whole catalog. */
  load(bytes: Uint8Array, attributeOf: ReadonlyMap<number, number>): void {
    this.post({ op: "replace", bytes, attributeOf: [...attributeOf] });
    this.loaded = this.worker !== null;
  }

  /**
   * The thread's engine takes `segment` as its whole catalog. Returns the same segment with its
   * arrays in the memory both threads share, for the main thread's engine to take instead (so the
   * postings are held once).
   */
  replaceAll(segment: Segment, attributeOf: ReadonlyMap<number, number>): Segment {
    const bytes = SearchThread.shared(encodeSnapshot(segment, null));
    const shared = decodeSnapshot<null>(bytes);
    if (!shared) throw new Error("a segment could not be read back from its own encoding");
    this.load(bytes, attributeOf);
    return shared.segment;
  }

  apply(upserts: readonly IndexDoc[], removals: readonly number[], attributeOf?: ReadonlyMap<number, number>): void {
    if (!upserts.length && !removals.length) return;
    this.post({ op: "apply", upserts: [...upserts], removals: [...removals], attributeOf: attributeOf ? [...attributeOf] : null });
  }

  setSynonyms(rules: readonly SynonymRuleData[]): void {
    this.post({ op: "synonyms", rules: [...rules] });
  }

  /**
   * The thread's answer: after every change posted before it. `size`: how many products the main
   * thread's engine holds now; a thread that holds another number rejects with SearchThreadDrift.
   */
  async search(query: EngineQuery, size: number): Promise<EngineAnswer> {
    const reply = await this.ask((id) => ({ op: "search", id, query, size }));
    if ("body" in reply) throw new Error("the search thread wrote an answer where the index's was asked for");
    return reply;
  }

  /**
   * The API's whole answer to a search by words (../search/search-worker.ts), or the index's
   * answer when the thread cannot write it (a card of the page it does not keep, nothing found,
   * or `page.context` not the version it holds). Same order and drift rule as search().
   */
  answer(query: EngineQuery, size: number, page: { text: string; page: number; perPage: number; context: number }): Promise<EngineAnswer | WholeAnswer> {
    return this.ask((id) => ({ op: "answer", id, query, size, ...page }));
  }

  /**
   * Cards to keep (after the changes posted before them): read ahead, or read for a page. Each is
   * kept until its product's drop is posted (dropCards), or, over its number, the oldest go.
   */
  keepCards(cards: readonly ProductCard[]): void {
    if (cards.length) this.post({ op: "cards", cards: [...cards] });
  }

  /** The cards of products that changed (null: every card). */
  dropCards(ids: readonly number[] | null): void {
    if (ids === null || ids.length) this.post({ op: "dropCards", ids: ids ? [...ids] : null });
  }

  /** The shop's filter attributes and categories the answers are written with, from now on. */
  setContext(context: AnswerContext): void {
    this.post({ op: "context", context });
  }

  private ask(request: (id: number) => ThreadRequest): Promise<EngineAnswer | WholeAnswer> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error("the search thread has stopped"));
    const id = this.nextId++;
    return new Promise<EngineAnswer | WholeAnswer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage(request(id));
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.worker?.terminate();
  }
}
