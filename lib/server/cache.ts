import "server-only";
import { createHash } from "node:crypto";
import { unstable_cache } from "next/cache";
import { getConfig } from "../config";

/** Default freshness of catalog and content reads; writes revalidate their tags at once. */
export const CATALOG_REVALIDATE_SECONDS = 3600;

let scope: string | undefined;
/**
 * Reads cached at run time live in this process's memory only (isrFlushToDisk: false in
 * next.config.ts). The reads made while `next build` prerendered were written under
 * .next/cache/fetch-cache, though, and a server falls back to those files for a key its memory
 * lacks. So keys carry the database they were read from: a server started on another
 * DATABASE_URL than the build's never serves the build database's rows.
 */
function databaseScope(): string {
  if (!scope) {
    const target = getConfig().database;
    scope = createHash("sha256").update(target.dialect === "sqlite" ? target.file : target.url).digest("hex").slice(0, 12);
  }
  return scope;
}

/**
 * Runs a read through the Next.js data cache, keyed by name and arguments and tagged so that
 * revalidateTag() after a write refreshes it and every page that used it.
 */
export function cachedRead<T>(name: string, args: readonly unknown[], tags: string[], read: () => Promise<T>, revalidate = CATALOG_REVALIDATE_SECONDS): Promise<T> {
  return unstable_cache(read, [databaseScope(), name, JSON.stringify(args)], { tags, revalidate })();
}
