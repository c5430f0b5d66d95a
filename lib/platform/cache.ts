import "server-only";
import { unstable_cache } from "next/cache";

/** Default freshness of catalog and content reads; writes revalidate their tags at once. */
export const CATALOG_REVALIDATE_SECONDS = 3600;

/**
 * Runs a read through the Next.js data cache, keyed by name and arguments and tagged so that
 * revalidateTag() after a write refreshes it and every page that used it.
 *
 * Where entries live is the cache handler's choice (lib/platform/next-cache-handler.mjs): Redis,
 * shared by every instance, when REDIS_URL is set; else this process's memory. Keys used to carry
 * a digest of DATABASE_URL because Next's built-in handler fell back to the reads `next build`
 * wrote under .next/cache, which came from the build's database; our handler never reads those
 * files, so a key no longer needs to say which database it was read from. (Stores on different
 * databases must not share one Redis namespace: give each its own REDIS_KEY_PREFIX.)
 */
export function cachedRead<T>(name: string, args: readonly unknown[], tags: string[], read: () => Promise<T>, revalidate = CATALOG_REVALIDATE_SECONDS): Promise<T> {
  return unstable_cache(read, [name, JSON.stringify(args)], { tags, revalidate })();
}
