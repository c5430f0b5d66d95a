import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { searchIndexSegments } from "@/lib/db/search-index";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-lifecycle-"));
const file = path.join(tmp, "shop.db");
const previousUrl = process.env.DATABASE_URL;
afterAll(async () => {
  const { getDb } = await import("@/lib/db");
  await (await getDb()).close();
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a running instance (startInstance)", () => {
  it("merges the product search index that a shop's edits split, without a restart", async () => {
    // A shop on the embedded database that added products one at a time while running.
    const setup = await openDatabase({ dialect: "sqlite", file });
    await migrateToLatest(setup);
    const now = new Date().toISOString();
    await sql`insert into categories (id, name, slug, created_at, updated_at) values (1, 'Bath Linen', 'bath-linen', ${now}, ${now})`.execute(setup.db);
    for (let i = 0; i < 10; i++) {
      await sql`insert into products (category_id, name, slug, sku, list_price, price, availability, created_at, updated_at)
        values (1, ${`Turkish Cotton Bath Towel ${i}`}, ${`towel-${i}`}, ${`SKU-TOWEL-${i}`}, 100000, 90000, 'in_stock', ${now}, ${now})`.execute(setup.db);
    }
    expect(await searchIndexSegments(setup)).toBeGreaterThan(1);

    process.env.DATABASE_URL = file;
    const { startInstance } = await import("./lifecycle");
    startInstance({ sweepIntervalMs: 50 });

    const deadline = Date.now() + 10_000;
    while ((await searchIndexSegments(setup)) > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await searchIndexSegments(setup)).toBe(1);
    const towels = await sql<{ id: number }>`select rowid as id from products_fts where products_fts match '"towel"'`.execute(setup.db);
    expect(towels.rows).toHaveLength(10);
    await setup.close();
  });
});
