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
export function cachedRead<T>(name: string, args: readonly unknown[], tags: string[], read: () => Promise<T>): Promise<T> {
  return unstable_cache(read, [name, JSON.stringify(args)], { tags, revalidate: cacheLifetime(tags) })();
}

type IncrementalCache = { revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void> };
const server = globalThis as typeof globalThis & { __incrementalCache?: IncrementalCache };

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
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch (error) {
    // Outside a request (or after its answer, in after()): the server's own incremental cache.
    const cache = server.__incrementalCache;
    if (!process.env.NEXT_RUNTIME || !cache) throw error;
    void cache.revalidateTag([...tags], { expire: 0 }).catch((failure: unknown) => log.warn({ err: failure, tags }, "expiring cache tags outside a request failed"));
  }
}
