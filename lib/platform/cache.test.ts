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

describe("a read's local copy (localMs)", () => {
  it("answers from this process's copy within localMs, one frozen value for every caller, and reads again after", async () => {
    let reads = 0;
    const read = async () => ({ reads: ++reads, names: ["Curtains"], nested: [{ slug: "curtains" }] });
    const first = await cachedRead("cache.test.local", [1], [cacheTags.categories], read, { localMs: 60 });
    const second = await cachedRead("cache.test.local", [1], [cacheTags.categories], read, { localMs: 60 });
    expect(first).toEqual({ reads: 1, names: ["Curtains"], nested: [{ slug: "curtains" }] });
    expect(second).toBe(first);
    // Frozen all the way down, on the read that stored it too: no caller can change another's.
    expect(() => first.names.push("Changed by one caller")).toThrow(TypeError);
    expect(() => ((first.nested[0] as { slug: string }).slug = "changed")).toThrow(TypeError);
    expect(await cachedRead("cache.test.local", [1], [cacheTags.categories], read, { localMs: 60 })).toEqual({ reads: 1, names: ["Curtains"], nested: [{ slug: "curtains" }] });
    // Other arguments are another read.
    expect(await cachedRead("cache.test.local", [2], [cacheTags.categories], read, { localMs: 60 })).toMatchObject({ reads: 2 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await cachedRead("cache.test.local", [1], [cacheTags.categories], read, { localMs: 60 })).toMatchObject({ reads: 3 });
  });

  it("drops the copies of a tag this process expires at once, and keeps no copy of a read that an expiry overtook", async () => {
    let reads = 0;
    const read = async () => ++reads;
    const local = (name: string, tag: string) => cachedRead(name, [], [tag], read, { localMs: 60_000 });
    expect(await local("cache.test.expire", cacheTags.attributes)).toBe(1);
    expect(await local("cache.test.other", cacheTags.categories)).toBe(2);
    await expireTagsAnywhere([cacheTags.attributes], false);
    expect(await local("cache.test.expire", cacheTags.attributes)).toBe(3);
    expect(await local("cache.test.other", cacheTags.categories)).toBe(2);

    let release: (value: number) => void = () => undefined;
    const slow = cachedRead("cache.test.race", [], [cacheTags.attributes], () => new Promise<number>((resolve) => (release = resolve)), { localMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expireTagsAnywhere([cacheTags.attributes], false);
    release(100);
    expect(await slow).toBe(100);
    expect(await local("cache.test.race", cacheTags.attributes)).toBe(4);
  });
});
