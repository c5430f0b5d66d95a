// Next's cache handler (next.config.ts `cacheHandler`): where rendered pages (ISR) and the reads
// cached with unstable_cache (lib/platform/cache.ts) live, and what revalidateTag() clears.
//
// Decided when the server starts, not at build time, so one build (one Docker image) runs either way:
// - REDIS_URL set: everything in Redis, through @fortedigital/nextjs-cache-handler's redis-strings
//   handler. Every instance reads and writes the same entries, with no copy in its own memory (Next
//   keeps none in front of a custom handler, and next.config.ts sets cacheMaxMemorySize: 0), so a
//   revalidateTag() on one instance deletes the entries of that tag for all of them and the next
//   request anywhere renders from the database. A restarted instance reads Redis, never the pages
//   prerendered by the build.
// - REDIS_URL unset: the same library's in-process LRU (50 MB), the single-process embedded default.
//   A server starts empty and renders each page on its first request, so a restart never brings
//   back the build's pages either.
//
// Plain JavaScript: Next imports this file as it is (it is traced into .next/standalone with its
// imports), outside the app's bundle.
import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createLruHandler from "@fortedigital/nextjs-cache-handler/local-lru";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { processRedisClient, redisKeyPrefixFromEnv, redisUrlFromEnv, waitForRedis } from "./redis-connection.mjs";

/** Memory of the in-process cache when there is no Redis (Next's own default was 50 MB too). */
const MEMORY_CACHE_BYTES = 50 * 1024 * 1024;
/** A Redis command slower than this counts as a miss (the page renders) rather than holding the request. */
const REDIS_TIMEOUT_MS = 1500;

/** @type {import("@redis/client").RedisClientType | null} */
let redis = null;

CacheHandler.onCreation(async ({ buildId }) => {
  // `next build` never writes to Redis: its pages are rendered from the build machine's database,
  // and the servers of the previous build are still serving from Redis meanwhile.
  const url = process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD ? null : redisUrlFromEnv();
  if (!url) {
    return { handlers: [createLruHandler({ maxItemsNumber: 20_000, maxItemSizeBytes: MEMORY_CACHE_BYTES })] };
  }
  redis = processRedisClient(url);
  // The first requests after a start wait for the connection (2 s at most) rather than miss the
  // cache and fail to store what they rendered. If Redis is down, the server serves uncached
  // (every request renders) until the client reconnects.
  await waitForRedis(redis, 2000);
  return {
    handlers: [
      createRedisHandler({
        client: redis,
        // Entries belong to one build: a page rendered by another build names JavaScript chunks
        // this one does not have. During a rolling deploy each build keeps its own entries; the
        // old build's expire by themselves (1.5 x their revalidate time).
        keyPrefix: `${redisKeyPrefixFromEnv()}:next:${(buildId ?? "dev").trim()}:`,
        timeoutMs: REDIS_TIMEOUT_MS,
        // Keys get their expiry in the SET itself, so an entry never exists without one.
        keyExpirationStrategy: "EXAT",
      }),
    ],
  };
});

/** Tags revalidated while Redis was unreachable, replayed once it is back. */
const missedTags = new Set();

/**
 * How long after a revalidation its tags are revalidated once more. A request that read the
 * database before the write and stores its page or read after the first revalidation would
 * otherwise leave the old content in the cache until the next change (up to the revalidate time,
 * an hour); the second pass removes what such requests stored. Renders take well under this here.
 */
export const SECOND_PASS_MS = 5000;

export default class StoreCacheHandler extends CacheHandler {
  async revalidateTag(tag, durations) {
    await this.#revalidate(tag, durations);
    const secondPass = setTimeout(() => void this.#revalidate(tag, durations).catch(() => {}), SECOND_PASS_MS);
    secondPass.unref?.();
  }

  /**
   * The library ignores a failed revalidation (Redis down), which would let entries written before
   * a change outlive it once Redis is back. This process remembers those tags and revalidates them
   * again as soon as the connection is ready. (While Redis is down nothing is served from it.)
   */
  async #revalidate(tag, durations) {
    const wasReady = redis?.isReady ?? true;
    await super.revalidateTag(tag, durations);
    if (!redis || (wasReady && redis.isReady)) return;
    const first = missedTags.size === 0;
    for (const t of typeof tag === "string" ? [tag] : tag) missedTags.add(t);
    if (first) {
      redis.once("ready", () => {
        const tags = [...missedTags];
        missedTags.clear();
        if (tags.length > 0) void this.#revalidate(tags).catch(() => {});
      });
    }
  }
}
