import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { addProducts, openShopDb } from "@/lib/testing/shop-db";
import { compactSearchIndex, compactSearchIndexIfFragmented, searchIndexSegments } from "./search-index";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-search-index-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("compactSearchIndex", () => {
  it("merges the segments that product writes leave into one, and every search finds the same products", async () => {
    const handle = await openShopDb(path.join(tmp, "shop.db"), { name: "Curtains", slug: "curtains" });
    try {
      const woven = ["Ikat", "Kalamkari", "Bagru", "Dabu", "Ajrakh", "Sanganeri", "Kantha", "Chikankari"];
      await addProducts(handle, Array.from({ length: 40 }, (_, i) => `${woven[i % woven.length]} Cotton Curtain ${i}`));
      const found = async (words: string) =>
        (await sql<{ id: number }>`select rowid as id from products_fts where products_fts match ${words} order by rowid`.execute(handle.db)).rows.map((r) => r.id);
      const before = { cotton: await found('"cotton"'), ikat: await found('"ikat"'), kant: await found('"kant" AND "curt"') };
      expect(before.cotton).toHaveLength(40);
      expect(before.ikat).toHaveLength(5);
      expect(await searchIndexSegments(handle)).toBeGreaterThan(1);

      await compactSearchIndex(handle);
      expect(await searchIndexSegments(handle)).toBe(1);
      expect({ cotton: await found('"cotton"'), ikat: await found('"ikat"'), kant: await found('"kant" AND "curt"') }).toEqual(before);
      // FTS5's own check of the index against the products table.
      await sql`insert into products_fts(products_fts, rank) values ('integrity-check', 1)`.execute(handle.db);

      // Again on a compact index: nothing changes.
      await compactSearchIndex(handle);
      expect(await searchIndexSegments(handle)).toBe(1);
    } finally {
      await handle.close();
    }
  });
});

describe("compactSearchIndexIfFragmented", () => {
  it("merges only an index in several segments, and says whether it did", async () => {
    const handle = await openShopDb(path.join(tmp, "running.db"), { name: "Cushions", slug: "cushions" });
    try {
      await addProducts(handle, Array.from({ length: 12 }, (_, i) => `Velvet Cushion Cover ${i}`));
      expect(await searchIndexSegments(handle)).toBeGreaterThan(1);

      expect(await compactSearchIndexIfFragmented(handle)).toBe(true);
      expect(await searchIndexSegments(handle)).toBe(1);
      // Nothing written since: nothing to do.
      expect(await compactSearchIndexIfFragmented(handle)).toBe(false);
      expect(await searchIndexSegments(handle)).toBe(1);
      const cushions = await sql<{ id: number }>`select rowid as id from products_fts where products_fts match '"cushion"'`.execute(handle.db);
      expect(cushions.rows).toHaveLength(12);
    } finally {
      await handle.close();
    }
  });
});
