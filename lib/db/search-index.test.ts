import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "./connection";
import { migrateToLatest } from "./migrate";
import { compactSearchIndex, compactSearchIndexIfFragmented, searchIndexSegments } from "./search-index";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-search-index-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function addProducts(handle: DbHandle, names: string[]): Promise<void> {
  const now = new Date().toISOString();
  // One statement each, as a shop adding products one by one (or an import without a batch) does.
  for (const [i, name] of names.entries()) {
    const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${i}`;
    await sql`insert into products (category_id, name, slug, sku, list_price, price, availability, created_at, updated_at)
      values (1, ${name}, ${slug}, ${`SKU-${slug}`}, 100000, 90000, 'in_stock', ${now}, ${now})`.execute(handle.db);
  }
}

describe("compactSearchIndex", () => {
  it("merges the segments that product writes leave into one, and every search finds the same products", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "shop.db") });
    try {
      await migrateToLatest(handle);
      const now = new Date().toISOString();
      await sql`insert into categories (id, name, slug, created_at, updated_at) values (1, 'Curtains', 'curtains', ${now}, ${now})`.execute(handle.db);
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
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "running.db") });
    try {
      await migrateToLatest(handle);
      const now = new Date().toISOString();
      await sql`insert into categories (id, name, slug, created_at, updated_at) values (1, 'Cushions', 'cushions', ${now}, ${now})`.execute(handle.db);
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
