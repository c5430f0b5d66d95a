import { describe, expect, it } from "vitest";
import { cachedRead, expireTagsAnywhere } from "./cache";
import { cacheTags } from "./cache-manifest";

/**
 * Outside a request, before a server has served its first one (the outbox's sweep when an
 * instance starts; a script), Next has no cache: reads go straight to the source, and expiring
 * has nothing to do in this process, unless the entries live in Redis, which another instance
 * may have filled (then the outbox is told to try again).
 */
describe("the data cache outside a request", () => {
  it("reads straight through when Next has no cache yet", async () => {
    let reads = 0;
    const read = async () => ++reads;
    expect(await cachedRead("cache.test", [], [cacheTags.settings], read)).toBe(1);
    expect(await cachedRead("cache.test", [], [cacheTags.settings], read)).toBe(2);
  });

  it("has nothing to expire without Redis, and asks to be retried with it", async () => {
    await expect(expireTagsAnywhere([cacheTags.products], false)).resolves.toBeUndefined();
    await expect(expireTagsAnywhere([cacheTags.products], true)).rejects.toThrow(/no cache to expire products in yet/);
    await expect(expireTagsAnywhere([], true)).resolves.toBeUndefined();
  });

  it("expires through the cache Next keeps for the process once there is one", async () => {
    const expired: unknown[] = [];
    const global = globalThis as typeof globalThis & { __incrementalCache?: unknown };
    global.__incrementalCache = { revalidateTag: async (tags: string[], durations: unknown) => void expired.push([tags, durations]) };
    try {
      await expireTagsAnywhere([cacheTags.product("ikat-cushion"), cacheTags.products], true);
      expect(expired).toEqual([[["product:ikat-cushion", "products"], { expire: 0 }]]);
    } finally {
      delete global.__incrementalCache;
    }
  });
});
