import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/lib/platform/db/connection";
import { addProducts, openShopDb } from "@/lib/testing/shop-db";

// What the index expires in the store's cache (listings read beside it), recorded instead.
const expired = vi.hoisted(() => [] as string[][]);
vi.mock("@/lib/platform/cache", () => ({ expireTagsAnywhere: async (tags: readonly string[]) => void expired.push([...tags]) }));
// The cards' read ahead, as it is unless a test puts something between its read and its answer.
const readAhead = vi.hoisted(() => ({ meanwhile: null as null | (() => Promise<void>) }));
vi.mock("./cards", async (importOriginal) => {
  const cards = await importOriginal<typeof import("./cards")>();
  return {
    ...cards,
    readCards: async (...args: Parameters<typeof cards.readCards>) => {
      const read = await cards.readCards(...args);
      const meanwhile = readAhead.meanwhile;
      readAhead.meanwhile = null;
      await meanwhile?.();
      return read;
    },
  };
});

// The synonyms' version, read by every look after it read the products: a test may put something there.
const synonymsRead = vi.hoisted(() => ({ meanwhile: null as null | (() => Promise<void>) }));
vi.mock("./synonyms", async (importOriginal) => {
  const synonyms = await importOriginal<typeof import("./synonyms")>();
  return {
    ...synonyms,
    synonymsVersion: async (...args: Parameters<typeof synonyms.synonymsVersion>) => {
      const meanwhile = synonymsRead.meanwhile;
      synonymsRead.meanwhile = null;
      await meanwhile?.();
      return synonyms.synonymsVersion(...args);
    },
  };
});

/**
 * A restarted server loads the search index from the snapshot the last full build wrote, reads what
 * changed while it was down, and builds from the database instead when the database does not carry
 * on from the snapshot (./product-search.ts).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-search-snapshot-"));
const file = path.join(tmp, "shop.db");
const snapshots = path.join(tmp, "furnish-search-index");
const previous = { url: process.env.DATABASE_URL, tmpdir: process.env.TMPDIR };
let setup: DbHandle;

type Search = typeof import("./product-search");
const search = (): Promise<Search> => import("./product-search");
const names = async (text: string) => {
  const { searchIndex } = await search();
  const answer = await searchIndex({ text, offset: 0, limit: 20 });
  const rows = answer.ids.length ? await setup.db.selectFrom("products").select("name").where("id", "in", answer.ids).execute() : [];
  // Every product the index finds is in the database, and it counts what it finds.
  expect(rows).toHaveLength(answer.ids.length);
  expect(answer.total).toBe(answer.ids.length);
  return rows.map((r) => r.name).sort();
};
/** Stops the index as a server's exit does; the next search starts it again, as a new process would. */
const restart = async () => (await search()).stopProductSearch();
/** The snapshot's file, once one is written. */
const snapshotFile = () => (fs.existsSync(snapshots) ? fs.readdirSync(snapshots).filter((f) => f.endsWith(".bin")) : []).map((f) => path.join(snapshots, f))[0];
/**
 * Which snapshot file is there: its inode, new at every write (one is written to a side file and
 * renamed over the old). Not its time: the file system stamps with a coarse clock, a few ms behind
 * Date.now().
 */
const snapshotId = () => { const f = snapshotFile(); return f === undefined ? undefined : fs.statSync(f).ino; };
/** Waits until a build has written a snapshot other than `before` (snapshotId() taken before). */
const snapshotWritten = (before: number | undefined) => expect.poll(() => { const id = snapshotId(); return id !== undefined && id !== before; }, { timeout: 5000 }).toBe(true);
const why = async () => (await search()).productSearchStats();

beforeAll(async () => {
  setup = await openShopDb(file, { name: "Curtains", slug: "curtains" });
  await addProducts(setup, ["Peacock Velvet Curtain", "Bagru Dabu Indigo Curtain", "Ikat Cotton Curtain"]);
  process.env.DATABASE_URL = file;
  // The snapshot goes to the system's temporary folder: this file's own.
  process.env.TMPDIR = tmp;
});

afterAll(async () => {
  await restart();
  const { getDb } = await import("@/lib/platform/db");
  await (await getDb()).close();
  await setup.close();
  for (const [name, value] of [["DATABASE_URL", previous.url], ["TMPDIR", previous.tmpdir]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the search index across a restart", () => {
  it("builds from the database the first time and writes its snapshot, readable by this user only", async () => {
    const started = snapshotId();
    expect(await names("curtain")).toEqual(["Bagru Dabu Indigo Curtain", "Ikat Cotton Curtain", "Peacock Velvet Curtain"]);
    expect((await (await search()).productSearchStats()).source).toBe("database");
    await snapshotWritten(started);
    const [name] = fs.readdirSync(snapshots);
    expect(fs.statSync(path.join(snapshots, name as string)).mode & 0o777).toBe(0o600);
  });

  it("loads the snapshot after a restart, with what changed while it was down: a rename, a new product, one unpublished", async () => {
    await restart();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = new Date(Date.now() + 1000).toISOString();
    await setup.db.updateTable("products").set({ name: "Peacock Silk Curtain", updated_at: later }).where("name", "=", "Peacock Velvet Curtain").execute();
    await setup.db.updateTable("products").set({ published: 0, updated_at: later }).where("name", "=", "Ikat Cotton Curtain").execute();
    await addProducts(setup, ["Sheer Linen Curtain"]);

    expect(await names("curtain")).toEqual(["Bagru Dabu Indigo Curtain", "Peacock Silk Curtain", "Sheer Linen Curtain"]);
    expect(await names("velvet")).toEqual([]);
    expect((await (await search()).productSearchStats()).source).toBe("snapshot");
  });

  it("builds from the database when a product it read last was deleted while it was down", async () => {
    await restart();
    const started = snapshotId();
    await setup.db.deleteFrom("products").where("name", "=", "Bagru Dabu Indigo Curtain").execute();
    expect(await names("curtain")).toEqual(["Peacock Silk Curtain", "Sheer Linen Curtain"]);
    expect((await why()).source).toBe("database");
    await snapshotWritten(started);
  });

  it("builds from the database when an older product was deleted while it was down (its published products are not the index's)", async () => {
    await restart();
    // An old product: not among those the snapshot read last, which are looked up by id.
    await addProducts(setup, ["Antique Brass Curtain Rod"]);
    await setup.db.updateTable("products").set({ updated_at: "2025-01-01T00:00:00.000Z" }).where("name", "=", "Antique Brass Curtain Rod").execute();
    // A build from the database (no snapshot to load), whose snapshot holds the rod in its segment.
    fs.rmSync(snapshotFile() as string);
    const before = snapshotId();
    expect(await names("rod")).toEqual(["Antique Brass Curtain Rod"]);
    await snapshotWritten(before);
    await restart();
    await setup.db.deleteFrom("products").where("name", "=", "Antique Brass Curtain Rod").execute();
    const rebuilt = snapshotId();
    expect(await names("rod")).toEqual([]);
    expect((await why()).source).toBe("database");
    await snapshotWritten(rebuilt);
  });

  it("builds from the database when the database under the same address is another one", async () => {
    await restart();
    const started = snapshotId();
    // Recreated from an older copy: the products it read last carry older stamps than it saw.
    await setup.db.updateTable("products").set({ name: "Moss Velvet Curtain", updated_at: "2020-01-01T00:00:00.000Z" }).where("name", "=", "Sheer Linen Curtain").execute();
    expect(await names("curtain")).toEqual(["Moss Velvet Curtain", "Peacock Silk Curtain"]);
    expect((await (await search()).productSearchStats()).source).toBe("database");
    await snapshotWritten(started);
  });

  it("builds from the database when the file is damaged", async () => {
    await restart();
    const [name] = fs.readdirSync(snapshots).filter((f) => f.endsWith(".bin"));
    fs.writeFileSync(path.join(snapshots, name as string), "FSIX and then nothing of use");
    const damaged = snapshotId();
    expect(await names("velvet")).toEqual(["Moss Velvet Curtain"]);
    expect((await (await search()).productSearchStats()).source).toBe("database");
    await snapshotWritten(damaged);
  });
});

describe("the snapshot's folder", () => {
  it("is neither read nor written when others may write to it", async () => {
    await restart();
    const file = snapshotFile() as string;
    fs.chmodSync(snapshots, 0o777);
    try {
      const before = fs.statSync(file).mtimeMs;
      expect(await names("velvet")).toEqual(["Moss Velvet Curtain"]);
      expect((await why()).source).toBe("database");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fs.statSync(file).mtimeMs).toBe(before);
    } finally {
      fs.chmodSync(snapshots, 0o700);
    }
  });
});

describe("the index while it runs", () => {
  it("keeps a product's card until the index reads a change to its row, and keeps none read across a change", async () => {
    await restart();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const { productCards, warmProductSearch } = await search();
      await addProducts(setup, ["Kota Doria Sheer Curtain"]);
      const { id } = await setup.db.selectFrom("products").select("id").where("name", "=", "Kota Doria Sheer Curtain").executeTakeFirstOrThrow();
      // The index starts, and reads the cards ahead: this one among them.
      await warmProductSearch();
      let reads = 0;
      const read = async (ids: number[]) => {
        reads++;
        const rows = await setup.db.selectFrom("products").select(["id", "slug", "name", "price", "list_price"]).where("id", "in", ids).execute();
        return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, thumbnail: null, price: r.price, listPrice: r.list_price, discountPercent: 0, stockQuantity: 1, availability: "in_stock" as const, variantCount: 0 }));
      };
      const price = async () => (await productCards([id], read)).get(id)?.price;
      let stamps = 0;
      const reprice = (paise: number) => setup.db.updateTable("products").set({ price: paise, updated_at: new Date(Date.now() + 1000 * ++stamps).toISOString() }).where("id", "=", id).execute();
      await vi.advanceTimersByTimeAsync(1_000);

      expect(await price()).toBe(90000);
      expect(await price()).toBe(90000);
      expect(reads).toBe(0);
      // Another writer (an instance, a script) changes the price: the card follows on the index's next look.
      await reprice(80000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await price()).toBe(80000);
      expect(reads).toBe(1);

      // A read that a change overtakes: what it read is answered, not kept.
      await reprice(75000);
      await vi.advanceTimersByTimeAsync(1_000);
      const overtaken = productCards([id], async (ids) => {
        const before = await read(ids);
        await reprice(70000);
        await vi.advanceTimersByTimeAsync(1_000);
        return before;
      });
      expect((await overtaken).get(id)?.price).toBe(75000);
      expect(await price()).toBe(70000);
      expect(reads).toBe(3);
      // Kept cards are shared: frozen.
      expect(Object.isFrozen((await productCards([id], read)).get(id))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("has the published products' cards when it starts, as the database has them, so a search's first page reads none", async () => {
    await restart();
    const { productCards, warmProductSearch } = await search();
    await warmProductSearch();
    const rows = await setup.db.selectFrom("products").select(["id", "price", "published"]).execute();
    const published = rows.filter((r) => r.published === 1);
    const hidden = rows.filter((r) => r.published !== 1).map((r) => r.id);
    expect(published.length).toBeGreaterThanOrEqual(3);
    let asked: number[] = [];
    const cards = await productCards(
      rows.map((r) => r.id),
      async (ids) => {
        asked = ids;
        return [];
      },
    );
    // Only the products that are not published are asked for (and have no card).
    expect(asked.sort()).toEqual(hidden.sort());
    expect([...cards.keys()].sort()).toEqual(published.map((r) => r.id).sort());
    for (const r of published) expect(cards.get(r.id)?.price).toBe(r.price);
  });

  it("keeps no card read ahead for a product that changed while the cards were read", async () => {
    await restart();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const { productCards, warmProductSearch } = await search();
      const [changed, other] = await setup.db.selectFrom("products").select(["id", "price"]).where("published", "=", 1).orderBy("id").limit(2).execute();
      if (!changed || !other) throw new Error("two published products expected");
      // The read ahead has read every card; before it answers, a writer reprices one, and the index's look reads it.
      readAhead.meanwhile = async () => {
        await setup.db.updateTable("products").set({ price: changed.price + 500, updated_at: new Date(Date.now() + 1000).toISOString() }).where("id", "=", changed.id).execute();
        await vi.advanceTimersByTimeAsync(1_000);
      };
      await warmProductSearch();
      expect(readAhead.meanwhile).toBeNull();
      let asked: number[] = [];
      const cards = await productCards([changed.id, other.id], async (ids) => {
        asked = ids;
        const rows = await setup.db.selectFrom("products").select(["id", "slug", "name", "price", "list_price"]).where("id", "in", ids).execute();
        return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, thumbnail: null, price: r.price, listPrice: r.list_price, discountPercent: 0, stockQuantity: 1, availability: "in_stock" as const, variantCount: 0 }));
      });
      // The changed one is read again at its new price; the other one came from the read ahead.
      expect(asked).toEqual([changed.id]);
      expect(cards.get(changed.id)?.price).toBe(changed.price + 500);
      expect(cards.get(other.id)?.price).toBe(other.price);
    } finally {
      vi.useRealTimers();
    }
  });

  it("brings the page views into popularity once the index is a day old, and not before", async () => {
    /** The names `text` finds, in the index's order. */
    const ranked = async (text: string) => {
      const { ids } = await (await search()).searchIndex({ text, offset: 0, limit: 20 });
      const rows = await setup.db.selectFrom("products").select(["id", "name"]).where("id", "in", ids).execute();
      return ids.map((id) => rows.find((r) => r.id === id)?.name);
    };
    await restart();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      await addProducts(setup, ["Jaipur Runner Blue", "Jaipur Runner Pink"]);
      // Alike in every way but their ids: the newer first.
      expect(await ranked("jaipur runner")).toEqual(["Jaipur Runner Pink", "Jaipur Runner Blue"]);
      const { builtAt } = await why();
      // Views are counted on the row without stamping it (a view changes no page).
      await setup.db.updateTable("products").set({ view_count: 500 }).where("name", "=", "Jaipur Runner Blue").execute();
      await vi.advanceTimersByTimeAsync(12_000);
      expect(await ranked("jaipur runner")).toEqual(["Jaipur Runner Pink", "Jaipur Runner Blue"]);
      expect((await why()).builtAt).toBe(builtAt);

      vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
      await vi.advanceTimersByTimeAsync(12_000);
      await expect.poll(async () => (await why()).builtAt, { timeout: 5000 }).not.toBe(builtAt);
      expect(await ranked("jaipur runner")).toEqual(["Jaipur Runner Blue", "Jaipur Runner Pink"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the changes that come in while a rebuild reads the catalog: an edit another writer made, a product the back office deleted", async () => {
    await restart();
    await addProducts(setup, ["Chanderi Tissue Curtain", "Mulmul Tissue Curtain"]);
    const { rebuildProductSearch, productSearchDeleted, searchIndexNow } = await search();
    expect(await names("tissue")).toEqual(["Chanderi Tissue Curtain", "Mulmul Tissue Curtain"]);
    const { id: gone } = await setup.db.selectFrom("products").select("id").where("name", "=", "Mulmul Tissue Curtain").executeTakeFirstOrThrow();
    await rebuildProductSearch(async () => {
      // The rebuild has read both products as they were; now one is renamed, the other deleted.
      await setup.db.updateTable("products").set({ name: "Chanderi Organza Curtain", updated_at: new Date(Date.now() + 1000).toISOString() }).where("name", "=", "Chanderi Tissue Curtain").execute();
      await searchIndexNow({ text: "", offset: 0, limit: 0 });
      await setup.db.deleteFrom("products").where("id", "=", gone).execute();
      productSearchDeleted([gone]);
      await searchIndexNow({ text: "", offset: 0, limit: 0 });
    });
    expect(await names("tissue")).toEqual([]);
    expect(await names("organza")).toEqual(["Chanderi Organza Curtain"]);
    // And the next looks keep it so.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await names("tissue")).toEqual([]);
    expect(await names("organza")).toEqual(["Chanderi Organza Curtain"]);
  });

  it("rebuilds within ten seconds when a product was deleted straight from the database, and expires the listings counted beside it", async () => {
    await restart();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      await addProducts(setup, ["Sanganeri Print Curtain"]);
      expect(await names("sanganeri")).toEqual(["Sanganeri Print Curtain"]);
      const { builtAt } = await why();
      expired.length = 0;
      await setup.db.deleteFrom("products").where("name", "=", "Sanganeri Print Curtain").execute();
      await vi.advanceTimersByTimeAsync(12_000);
      await expect.poll(async () => (await why()).builtAt, { timeout: 5000 }).not.toBe(builtAt);
      expect(await names("sanganeri")).toEqual([]);
      expect(expired).toEqual([["products"]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("finds a product this instance just published, for every search, even when its one-second look had read the products just before", async () => {
    await restart();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const { productSearchStale } = await search();
      expect(await names("entrance")).toEqual([]);
      let searched: Promise<string[][]> | null = null;
      // The look has read the products, and reads the synonyms' version next: the back office
      // publishes one now, and two shoppers search before the look is over.
      synonymsRead.meanwhile = async () => {
        await addProducts(setup, ["Coir Entrance Mat"]);
        productSearchStale();
        await new Promise((resolve) => setImmediate(resolve));
        searched = Promise.all([names("entrance"), names("entrance")]);
      };
      await vi.advanceTimersByTimeAsync(1_000);
      await expect.poll(() => searched).not.toBeNull();
      expect(await searched).toEqual([["Coir Entrance Mat"], ["Coir Entrance Mat"]]);
    } finally {
      synonymsRead.meanwhile = null;
      vi.useRealTimers();
    }
  });

  it("takes a new product in on its one-second look, and its ten-second check rebuilds nothing for it", async () => {
    await restart();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      expect(await names("door")).toEqual([]);
      const { builtAt } = await why();
      expired.length = 0;
      await addProducts(setup, ["Velvet Door Curtain"]);
      await vi.advanceTimersByTimeAsync(12_000);
      expect(await names("door")).toEqual(["Velvet Door Curtain"]);
      expect((await why()).builtAt).toBe(builtAt);
      expect(expired).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
