import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addProducts, openShopDb } from "@/lib/testing/shop-db";
import { openDatabase } from "./db/connection";
import { writeTransaction } from "./db/transaction";
import { registerEffect } from "./outbox/dispatcher";
import { insertEvent } from "./outbox/store";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-lifecycle-"));
const file = path.join(tmp, "shop.db");
const previousUrl = process.env.DATABASE_URL;
afterAll(async () => {
  // The sweep first: one running after the database is closed logs "driver has already been destroyed".
  await (await import("./lifecycle")).stopInstance();
  await (await import("@/lib/catalog/server/product-search")).stopProductSearch();
  const { getDb } = await import("./db");
  await (await getDb()).close();
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a running instance (startInstance)", () => {
  it("builds the product search index when it starts, and finds a product added while it runs within seconds", async () => {
    const setup = await openShopDb(file, { name: "Bath Linen", slug: "bath-linen" });
    await addProducts(setup, Array.from({ length: 10 }, (_, i) => `Turkish Cotton Bath Towel ${i}`));

    process.env.DATABASE_URL = file;
    const { startInstance } = await import("./lifecycle");
    startInstance({ sweepIntervalMs: 50 });
    const { productSearchStats, searchIndex } = await import("@/lib/catalog/server/product-search");
    expect((await productSearchStats()).products).toBe(10);
    const towels = await searchIndex({ text: "towels", offset: 0, limit: 20 });
    expect(towels.total).toBe(10);

    // Written by another process (an import, another instance): the index reads it within seconds.
    await addProducts(setup, ["Waffle Bath Robe"]);
    await expect.poll(async () => (await searchIndex({ text: "bathrobe", offset: 0, limit: 5 })).total, { timeout: 5000 }).toBe(1);
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

  it("stops as on SIGTERM when asked (stopInstance): draining at once, done when the sweep under way has finished", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    registerEffect("lifecycle-slow", async () => {
      started++;
      await gate;
    });
    const handle = await openDatabase({ dialect: "sqlite", file });
    try {
      await writeTransaction(handle, (trx) => insertEvent(trx, "test", {}, ["lifecycle-slow"], new Date()));
      await expect.poll(() => started, { timeout: 10_000 }).toBe(1);
      const { isDraining, stopInstance } = await import("./lifecycle");
      let stopped = false;
      const stopping = stopInstance().then(() => void (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(isDraining()).toBe(true);
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(stopped).toBe(true);
      expect(started).toBe(1);
    } finally {
      release();
      await handle.close();
    }
  });
});
