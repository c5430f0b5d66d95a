// Types of the cache handler Next loads (next-cache-handler.mjs), for the tests that drive it.
import type { CacheHandler } from "@fortedigital/nextjs-cache-handler";

export const SECOND_PASS_MS: number;
export default class StoreCacheHandler extends CacheHandler {}
