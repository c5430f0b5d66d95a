import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";
import { cacheLifetime } from "./cache-manifest";
import { log } from "./log";

/**
 * Runs a read through the Next.js data cache, keyed by name and arguments and tagged so that
 * expireTags() after a write refreshes it and every page that used it. The tags come from the cache
 * manifest (./cache-manifest.ts), and so does how long the read stays fresh: the shortest lifetime
 * of its tags.
 *
 * Where entries live is the cache handler's choice (lib/platform/next-cache-handler.mjs): Redis,
 * shared by every instance, when REDIS_URL is set; else this process's memory. Keys used to carry
 * a digest of DATABASE_URL because Next's built-in handler fell back to the reads `next build`
 * wrote under .next/cache, which came from the build's database; our handler never reads those
 * files, so a key no longer needs to say which database it was read from. (Stores on different
 * databases must not share one Redis namespace: give each its own REDIS_KEY_PREFIX.)
 */
export function cachedRead<T>(name: string, args: readonly unknown[], tags: string[], read: () => Promise<T>, options: { maxAge?: number; localMs?: number } = {}): Promise<T> {
  // `maxAge` only shortens the tags' lifetime: a read that knows when what it shows changes by the
  // clock (a scheduled blog post's time) says so, and the ISR page reading it regenerates then.
  const lifetime = cacheLifetime(tags);
  const revalidate = options.maxAge === undefined ? lifetime : Math.max(1, Math.min(lifetime, Math.ceil(options.maxAge)));
  const key = JSON.stringify(args);
  const shared = () =>
    unstable_cache(read, [name, key], { tags, revalidate })().catch((error: unknown) => {
      // Outside a request before the server's first one (the outbox's sweep when an instance starts
      // renders mails with the shop's settings), Next has no cache yet and says so before reading:
      // read straight from the database.
      if (error instanceof Error && error.message.startsWith(NO_CACHE_YET)) return read();
      throw error;
    });
  return options.localMs ? throughLocal(`${name}\u0000${key}`, tags, options.localMs, shared) : shared();
}

/**
 * The process's own short-lived copies of the reads that ask for one (`localMs`): the shop-wide
 * reads that every listing and search request makes (the filter keys and attributes, the category
 * tree). A read through the data cache costs about 0.15 ms however small its value (Next's key,
 * the handler's lookup and tag check, a JSON parse; Server-Timing of the search route, 10,000
 * products), three of them a search. What this process expires (expireTags, expireTagsAnywhere)
 * is dropped at once; a change expired by another instance reaches this one's copies within
 * `localMs` (one second), well inside the cache handler's second pass (SECOND_PASS_MS), which
 * removes what was stored from a copy read before it.
 * Every caller gets the same value, frozen (deeply, on the miss too, so a caller that would change
 * it fails in its tests rather than on the second read): a structuredClone for each caller cost
 * 0.2 ms of a search's 3.4 ms in the server (a CPU profile of npm run bench's search traffic).
 */
type LocalCopy = { value: unknown; until: number; tags: readonly string[] };
/**
 * On globalThis: Next bundles this module once per layer (route handlers, pages, server actions),
 * and an expiry in one layer must drop the copies read in another. `generation` moves on every
 * expiry in this process: a read that started before one keeps no copy.
 */
type LocalCopies = { copies: Map<string, LocalCopy>; generation: number };
const processWide = globalThis as typeof globalThis & { __localCopies?: LocalCopies };
const local: LocalCopies = (processWide.__localCopies ??= { copies: new Map<string, LocalCopy>(), generation: 0 });
const LOCAL_ENTRIES = 200;

async function throughLocal<T>(key: string, tags: readonly string[], ms: number, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const copy = local.copies.get(key);
  if (copy && copy.until > now) return copy.value as T;
  const generation = local.generation;
  const value = deepFreeze(await read());
  if (generation === local.generation) {
    if (local.copies.size >= LOCAL_ENTRIES) for (const [k, c] of local.copies) if (c.until <= now) local.copies.delete(k);
    if (local.copies.size < LOCAL_ENTRIES) local.copies.set(key, { value, until: now + ms, tags });
  }
  return value;
}

/** Freezes `value` and every object and array in it (plain data: what a cached read returns). */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

function dropLocalCopies(tags: readonly string[]): void {
  local.generation++;
  for (const [key, copy] of local.copies) if (copy.tags.some((t) => tags.includes(t))) local.copies.delete(key);
}

type IncrementalCache = { revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void> };
const server = globalThis as typeof globalThis & { __incrementalCache?: IncrementalCache };

/** How unstable_cache says it has no cache to read through (next/dist/server/web/spec-extension/unstable-cache.js). */
const NO_CACHE_YET = "Invariant: incrementalCache missing in unstable_cache";

/**
 * Expires tags of the cache manifest at once: the next request reads again, on every instance
 * once the cache handler is shared. Each module that calls it is named under the tag in the
 * manifest.
 *
 * Inside a request (a route handler, a server action) Next's revalidateTag does it. Outside one —
 * the server's own background work, such as the payment-deadline sweep — revalidateTag has no
 * request to attach to and throws (as it may after the answer, in after()); the server's incremental
 * cache (the one our cache handler sits behind, which Next keeps on globalThis once it has served a
 * request) is then told directly. With no request served yet there is nothing cached to expire
 * either, and the error stands. In a script (no server) Next throws and callers that run there too
 * catch it.
 */
export function expireTags(tags: readonly string[]): void {
  if (!tags.length) return;
  dropLocalCopies(tags);
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch (error) {
    // Outside a request (or after its answer, in after()): the server's own incremental cache.
    const cache = server.__incrementalCache;
    if (!process.env.NEXT_RUNTIME || !cache) throw error;
    void cache.revalidateTag([...tags], { expire: 0 }).catch((failure: unknown) => log.warn({ err: failure, tags }, "expiring cache tags outside a request failed"));
  }
}

/**
 * Expires tags from anywhere, for the outbox's cache effect (./outbox/), which runs after a
 * request has answered (Next's after()) or in the once-a-minute sweep, outside any request:
 *  - in a request, or in its after(): expireTags, as above (Next expires them once the callbacks
 *    are done);
 *  - outside one: Next keeps no request store there, and revalidateTag throws. Next's server keeps
 *    the incremental cache of its last request on globalThis.__incrementalCache (next-server's
 *    own fallback for work outside a request; not a public API, so a Next upgrade is checked by
 *    lib/platform/outbox/outbox.test.ts reading Next's source); its revalidateTag is what
 *    expireTags ends in: our cache handler (./next-cache-handler.mjs) deletes the tagged entries
 *    here or in Redis;
 *  - outside a request before the process served any: without Redis nothing is cached in this
 *    process yet, so there is nothing to expire; with Redis the entries are shared, so this throws
 *    and the outbox retries later.
 */
export async function expireTagsAnywhere(tags: readonly string[], redis: boolean): Promise<void> {
  if (tags.length === 0) return;
  dropLocalCopies(tags);
  try {
    expireTags(tags);
    return;
  } catch (error) {
    const incremental = server.__incrementalCache;
    if (incremental) return incremental.revalidateTag([...tags], { expire: 0 });
    if (!redis) return;
    throw new Error(`no cache to expire ${tags.join(", ")} in yet (outside a request, before the first one)`, { cause: error });
  }
}
