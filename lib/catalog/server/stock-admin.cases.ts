import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "@/lib/platform/audit";
import { openDatabase, type DbHandle } from "@/lib/platform/db/connection";
import { migrateToLatest } from "@/lib/platform/db/migrate";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { moveStock, type StockMove } from "./ledger";

/**
 * The Stock page's services on a real database of one dialect (stock-admin.sqlite.test.ts and
 * stock-admin.postgres.test.ts run these cases): the low rule for products and variants on their
 * own threshold or the shop's default (the Stock page, the product list's filter and the
 * dashboard agree), the thresholds' changes with their audit rows, and a product's ledger read
 * newest first, a page at a time, with the stock each movement left and who made it.
 */

type Item = { name: string; slug: string; sku: string; stock: number; threshold?: number | null; madeToOrder?: boolean; leadTime?: number | null; archived?: boolean; variants?: { sku: string; label: string; stock: number; madeToOrder?: boolean }[] };

/**
 * The shop: the default threshold is 5 until it changes.
 *  - anise (3, default 5): low;  basil (3, own 2): not low;  cumin (8, own 10): low;
 *  - dill (0): out;  fennel (made to order, 2): never low, lead time 12 days;  garlic (made to order, 0, shop's days);
 *  - hing sold by variant on its own threshold 4: Small 4 (low), Large 9 (not), Custom made to order 1;
 *  - jeera (archived, 1): left out of the Stock page.
 */
const ITEMS: Item[] = [
  { name: "Anise Cushion", slug: "anise", sku: "ST-ANISE", stock: 3 },
  { name: "Basil Cushion", slug: "basil", sku: "ST-BASIL", stock: 3, threshold: 2 },
  { name: "Cumin Throw", slug: "cumin", sku: "ST-CUMIN", stock: 8, threshold: 10 },
  { name: "Dill Runner", slug: "dill", sku: "ST-DILL", stock: 0 },
  { name: "Fennel Quilt", slug: "fennel", sku: "ST-FENNEL", stock: 2, madeToOrder: true, leadTime: 12 },
  { name: "Garlic Quilt", slug: "garlic", sku: "ST-GARLIC", stock: 0, madeToOrder: true },
  {
    name: "Hing Sheet",
    slug: "hing",
    sku: "ST-HING",
    stock: 0,
    threshold: 4,
    variants: [
      { sku: "ST-HING-S", label: "Small", stock: 4 },
      { sku: "ST-HING-L", label: "Large", stock: 9 },
      { sku: "ST-HING-C", label: "Custom", stock: 1, madeToOrder: true },
    ],
  },
  { name: "Jeera Mat", slug: "jeera", sku: "ST-JEERA", stock: 1, archived: true },
];

export function stockAdminCases(dialect: "sqlite" | "postgres") {
  let database: TestDatabase;
  let handle: DbHandle;
  const previousUrl = process.env.DATABASE_URL;
  const ids = new Map<string, number>();
  const variantIds = new Map<string, number>();
  let actor: StaffActor;
  const at = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 60_000);

  const move = (moves: StockMove[], i: number) => writeTransaction(handle, (trx) => moveStock(trx, handle.dialect, moves, at(i)));

  beforeAll(async () => {
    database = await createTestDatabase(dialect, "stock_admin");
    handle = await openDatabase(database.target);
    await migrateToLatest(handle);
    const db = handle.db;
    const t = at(0).toISOString();
    const category = (await db.insertInto("categories").values({ name: "Cushions", slug: "cushions", parent_id: null, description: null, cover_image: null, meta_title: null, meta_description: null, created_at: t, updated_at: t }).returning("id").executeTakeFirstOrThrow()).id;
    const user = await db.insertInto("users").values({ name: "Meera Fulfil", email: "meera@example.com", phone: null, avatar: null, email_verified: 1, deleted_at: null, role: "fulfilment", created_at: t, updated_at: t }).returning("id").executeTakeFirstOrThrow();
    actor = { userId: user.id, kind: "staff", tokenId: null, ip: "127.0.0.1", userAgent: "vitest" };
    for (const item of ITEMS) {
      const row = await db
        .insertInto("products")
        .values({
          category_id: category,
          name: item.name,
          slug: item.slug,
          sku: item.sku,
          list_price: 100_000,
          price: 100_000,
          stock_quantity: 0,
          made_to_order: item.madeToOrder ? 1 : 0,
          availability: "out_of_stock",
          is_featured: 0,
          is_popular: 0,
          published: item.archived ? 0 : 1,
          archived_at: item.archived ? t : null,
          lead_time_days: item.leadTime ?? null,
          low_stock_threshold: item.threshold ?? null,
          variant_count: item.variants?.length ?? 0,
          created_at: t,
          updated_at: t,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.set(item.slug, row.id);
      for (const [position, v] of (item.variants ?? []).entries()) {
        const made = await db
          .insertInto("product_variants")
          .values({ product_id: row.id, sku: v.sku, label: v.label, slug: v.label.toLowerCase(), list_price: 100_000, price: 100_000, stock_quantity: 0, made_to_order: v.madeToOrder ? 1 : 0, availability: "out_of_stock", photo: null, position, created_at: t, updated_at: t })
          .returning("id")
          .executeTakeFirstOrThrow();
        variantIds.set(v.sku, made.id);
      }
      // Stock comes through the ledger, as in the shop.
      const moves: StockMove[] = item.variants
        ? item.variants.filter((v) => v.stock > 0).map((v) => ({ productId: row.id, variantId: variantIds.get(v.sku)!, delta: v.stock, reason: "initial", actor: "system" }))
        : item.stock > 0
          ? [{ productId: row.id, delta: item.stock, reason: "initial", actor: "system" }]
          : [];
      if (moves.length) await move(moves, 1);
    }
    process.env.DATABASE_URL = database.url;
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    const { getDb } = await import("@/lib/platform/db");
    await (await getDb()).close();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    await database?.drop();
  });

  const services = () => import("./stock-admin");
  const tab = async (name: "low" | "out" | "made_to_order", q?: string) => (await (await services()).stockList({ tab: name, q, page: 1 })).rows.map((r) => `${r.sku} ${r.stock}/${r.threshold}`);
  const lowProducts = async () => {
    const { adminListProducts } = await import("./admin-list");
    return (await adminListProducts({ stock: "low", sort: "name" })).rows.map((r) => r.sku);
  };
  const summary = async () => (await import("./admin-list")).stockSummary();

  describe(`the Stock page's services on ${dialect}`, () => {
    it("lists what is low by the product's own threshold or the shop's default, variant by variant, furthest below first", async () => {
      // cumin 8/10 and anise 3/5 are 2 below (then by name), hing's Small 4/4 is at its threshold.
      expect(await tab("low")).toEqual(["ST-ANISE 3/5", "ST-CUMIN 8/10", "ST-HING-S 4/4"]);
      expect(await tab("out")).toEqual(["ST-DILL 0/5"]);
      const made = (await (await services()).stockList({ tab: "made_to_order", q: undefined, page: 1 })).rows.map((r) => [r.sku, r.stock, r.leadTimeDays]);
      expect(made).toEqual([
        ["ST-FENNEL", 2, 12],
        ["ST-GARLIC", 0, null],
        ["ST-HING-C", 1, null],
      ]);
      // The product list's filter and the dashboard count products by the same rule (archived ones left out too).
      expect(await lowProducts()).toEqual(["ST-ANISE", "ST-CUMIN", "ST-HING"]);
      expect(await summary()).toMatchObject({ low: 3, out: 1, shopDefault: 5 });
      // A search keeps the rows it names: words of the name, or part of a SKU (a variant's too).
      expect(await tab("low", "hing-s")).toEqual(["ST-HING-S 4/4"]);
      expect(await tab("low", "cumin throw")).toEqual(["ST-CUMIN 8/10"]);
      expect(await tab("low", "nothing")).toEqual([]);
    });

    it("follows a new shop default and a product's own threshold, each change audited", async () => {
      const { lowStockDefault, setLowStockDefault, setProductLowStockThreshold } = await services();
      expect(await lowStockDefault(handle)).toBe(5);
      expect(await setLowStockDefault(2, actor, at(10), handle)).toBe(2);
      // anise (3) is above 2 now; the others keep their own thresholds.
      expect(await tab("low")).toEqual(["ST-CUMIN 8/10", "ST-HING-S 4/4"]);
      expect(await lowProducts()).toEqual(["ST-CUMIN", "ST-HING"]);
      expect(await summary()).toMatchObject({ low: 2, shopDefault: 2 });

      // basil takes 3 of its own: low; then back to the default (2): not.
      expect(await setProductLowStockThreshold("basil", 3, actor, at(11), handle)).toEqual({ threshold: 3, shopDefault: 2 });
      expect(await tab("low")).toEqual(["ST-CUMIN 8/10", "ST-BASIL 3/3", "ST-HING-S 4/4"]);
      await setProductLowStockThreshold("basil", null, actor, at(12), handle);
      expect(await tab("low")).toEqual(["ST-CUMIN 8/10", "ST-HING-S 4/4"]);
      // Setting what is there already changes nothing and writes no row.
      await setProductLowStockThreshold("basil", null, actor, at(13), handle);
      await setLowStockDefault(2, actor, at(13), handle);
      await setLowStockDefault(5, actor, at(14), handle);

      const rows = await handle.db.selectFrom("audit_log").select(["actor_id", "action", "entity_type", "entity_id", "before", "after"]).orderBy("id").execute();
      expect(rows.map((r) => [r.action, r.entity_type, r.entity_id, JSON.parse(r.before ?? "null"), JSON.parse(r.after ?? "null"), r.actor_id])).toEqual([
        ["settings.update", "settings", "low_stock_threshold", { low_stock_threshold: 5 }, { low_stock_threshold: 2 }, actor.userId],
        ["stock.threshold", "product", String(ids.get("basil")), { low_stock_threshold: 2 }, { low_stock_threshold: 3 }, actor.userId],
        ["stock.threshold", "product", String(ids.get("basil")), { low_stock_threshold: 3 }, { low_stock_threshold: null }, actor.userId],
        ["settings.update", "settings", "low_stock_threshold", { low_stock_threshold: 2 }, { low_stock_threshold: 5 }, actor.userId],
      ]);
      await expect(setProductLowStockThreshold("no-such-product", 3, actor, at(15), handle)).rejects.toMatchObject({ status: 404 });
    });

    it("reads a product's ledger newest first, a page at a time, with the stock each movement left and who made it", async () => {
      const { productLedger } = await services();
      const hing = ids.get("hing")!;
      const small = variantIds.get("ST-HING-S")!;
      const large = variantIds.get("ST-HING-L")!;
      const custom = variantIds.get("ST-HING-C")!;
      // 60 movements after the initial three: the Small in and out by staff, the Large by the system.
      const expected: { variantId: number; delta: number; note: string | null }[] = [
        { variantId: small, delta: 4, note: null },
        { variantId: large, delta: 9, note: null },
        { variantId: custom, delta: 1, note: null },
      ];
      for (let i = 0; i < 60; i++) {
        const variantId = i % 3 === 0 ? large : small;
        const delta = i % 2 === 0 ? 2 : -1;
        const note = variantId === small ? `count ${i}` : null;
        await move([{ productId: hing, variantId, delta, reason: "adjustment", actor: variantId === small ? "staff" : "system", actorId: variantId === small ? actor.userId : null, note }], 20 + i);
        expected.push({ variantId, delta, note });
      }
      // What each movement left, oldest first.
      const running = new Map<number, number>();
      let whole = 0;
      const after = expected.map((m) => {
        running.set(m.variantId, (running.get(m.variantId) ?? 0) + m.delta);
        whole += m.delta;
        return { ...m, stockAfter: running.get(m.variantId)!, productStockAfter: whole };
      });
      const newestFirst = [...after].reverse();

      const first = await productLedger("hing", 1, handle);
      const second = await productLedger("hing", 2, handle);
      expect(first).not.toBeNull();
      expect(first!.total).toBe(63);
      expect([first!.lastPage, first!.page, second!.page]).toEqual([2, 1, 2]);
      const entries = [...first!.entries, ...second!.entries];
      expect(entries.map((e) => ({ variantId: e.variantId, delta: e.delta, note: e.note, stockAfter: e.stockAfter, productStockAfter: e.productStockAfter }))).toEqual(newestFirst);
      // The newest left what the variant and the product have now.
      const now = await handle.db.selectFrom("product_variants").select(["id", "stock_quantity"]).where("product_id", "=", hing).execute();
      expect(entries[0]!.stockAfter).toBe(now.find((v) => v.id === entries[0]!.variantId)!.stock_quantity);
      expect(first!.product.stock).toBe(whole);
      // Labels, reasons and people.
      const bySmall = entries.find((e) => e.variantId === small && e.reason === "adjustment")!;
      expect(bySmall).toMatchObject({ variantLabel: "Small", actor: "staff", actorName: "Meera Fulfil", orderId: null, orderCode: null });
      expect(entries.find((e) => e.variantId === large && e.reason === "adjustment")).toMatchObject({ variantLabel: "Large", actor: "system", actorName: null });
      expect(entries.at(-1)).toMatchObject({ reason: "initial", delta: 4, stockAfter: 4, productStockAfter: 4 });
      // A page past the end is the last page; an unknown product is null.
      expect((await productLedger("hing", 9, handle))!.page).toBe(2);
      expect(await productLedger("no-such-product", 1, handle)).toBeNull();
      // A product without variants: its own stock after each movement.
      const anise = await productLedger("anise", 1, handle);
      expect(anise!.entries.map((e) => [e.reason, e.delta, e.stockAfter, e.variantLabel])).toEqual([["initial", 3, 3, null]]);
      expect(anise!.product).toMatchObject({ stock: 3, ownThreshold: null, threshold: 5 });
    });
  });
}
