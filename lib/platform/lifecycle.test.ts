import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { searchIndexSegments } from "@/lib/catalog/server/search-index";
import { addProducts, openShopDb } from "@/lib/testing/shop-db";
import { openDatabase } from "./db/connection";
import { writeTransaction } from "./db/transaction";
import { registerEffect } from "./outbox/dispatcher";
import { insertEvent } from "./outbox/store";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-lifecycle-"));
const file = path.join(tmp, "shop.db");
const previousUrl = process.env.DATABASE_URL;
afterAll(async () => {
  const { getDb } = await import("./db");
  await (await getDb()).close();
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a running instance (startInstance)", () => {
  it("merges the product search index that a shop's edits split, without a restart", async () => {
    // A shop on the embedded database that added products one at a time while running.
    const setup = await openShopDb(file, { name: "Bath Linen", slug: "bath-linen" });
    await addProducts(setup, Array.from({ length: 10 }, (_, i) => `Turkish Cotton Bath Towel ${i}`));
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

  it("delivers an outbox event a process committed and never dispatched (it died), on its own", async () => {
    const delivered: number[] = [];
    registerEffect("lifecycle-test", async (payload) => void delivered.push((payload as { n: number }).n));
    // Written straight into the database, as by a process killed right after its commit: no dispatchSoon().
    const handle = await openDatabase({ dialect: "sqlite", file });
    try {
      const eventId = await writeTransaction(handle, (trx) => insertEvent(trx, "test", { n: 7 }, ["lifecycle-test"], new Date()));
      const state = () => handle.db.selectFrom("outbox_deliveries").select(["status", "attempts"]).where("event_id", "=", eventId).executeTakeFirstOrThrow();
      const deadline = Date.now() + 10_000;
      while ((await state()).status !== "done" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await state()).toEqual({ status: "done", attempts: 1 });
      expect(delivered).toEqual([7]);
    } finally {
      await handle.close();
    }
  });
});
