import { parentPort } from "node:worker_threads";
import { SearchEngine, type EngineAnswer, type EngineQuery, type SynonymRuleData } from "./engine";
import type { IndexDoc } from "./segment";
import { decodeSnapshot } from "./snapshot";

/**
 * The search thread (../server/search-thread.ts): a copy of the store's search engine that answers
 * the shoppers' searches off the server's main thread. It is told every change the main thread's
 * engine is told, in the same order, so a search posted after a change is answered with it. The
 * main segment comes as a snapshot's bytes (./snapshot.ts) in shared memory: both threads read
 * the same arrays.
 */

export type ThreadRequest =
  | { op: "replace"; bytes: Uint8Array; attributeOf: [number, number][] }
  | { op: "apply"; upserts: IndexDoc[]; removals: number[]; attributeOf: [number, number][] | null }
  | { op: "synonyms"; rules: SynonymRuleData[] }
  /** `size`: how many products the main thread's engine held when it posted the search. */
  | { op: "search"; id: number; query: EngineQuery; size: number };

/** `drift`: this engine's size, when it is not the main thread's (it answers nothing then). */
export type ThreadReply = { id: number; answer: EngineAnswer } | { id: number; error: string; drift?: number };

const port = parentPort;
if (port) {
  const engine = new SearchEngine();
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
          // Told every change the main thread's engine was, in order, before this search: it holds
          // as many products as that one did when it posted it, or the two have drifted apart.
          if (engine.size !== request.size) reply = { id: request.id, error: `the search thread holds ${engine.size} products where the main thread held ${request.size}`, drift: engine.size };
          else reply = { id: request.id, answer: engine.search(request.query) };
        } catch (error) {
          reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
        }
        port.postMessage(reply);
        return;
      }
    }
  });
}
