import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProductRow } from "./admin-list";
import type { ProductListQuery } from "../admin-list";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { openDatabase } from "@/lib/platform/db/connection";
import { migrateToLatest } from "@/lib/platform/db/migrate";

/**
 * The admin product list on a real database of one dialect (admin-list.sqlite.test.ts and
 * admin-list.postgres.test.ts run these cases): every sort walked page by page forwards and
 * backwards gives every matching product once, in the sort's order; the filters and the search
 * (name words, part of a SKU, a variant's SKU) keep exactly the products they name.
 */

type Made = { id: number; name: string; sku: string; price: number; stock: number; published: boolean; category: "sheets" | "cotton" | "rugs"; madeToOrder: boolean; updatedAt: string; createdAt: string };

export function adminListCases(dialect: "sqlite" | "postgres") {
  let database: TestDatabase;
  const made: Made[] = [];
  const previousUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, "admin_list");
    const handle = await openDatabase(database.target);
    await migrateToLatest(handle);
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString();
    const cat = async (name: string, slug: string, parent: number | null) =>
      (await handle.db.insertInto("categories").values({ name, slug, parent_id: parent, description: null, cover_image: null, meta_title: null, meta_description: null, created_at: at(0), updated_at: at(0) }).returning("id").executeTakeFirstOrThrow()).id;
    const sheets = await cat("Bed Sheets", "sheets", null);
    const cotton = await cat("Cotton Sheets", "cotton", sheets);
    const rugs = await cat("Rugs", "rugs", null);
    const words = ["Jaipur", "Indigo", "Kantha", "Ikat", "Ajrakh", "Chanderi", "Bagru", "Dabu"];
    for (let i = 0; i < 61; i++) {
      const category = i % 3 === 0 ? "rugs" : i % 3 === 1 ? "sheets" : "cotton";
      // Repeated prices, stock and (for a few) update times, so ties are broken by id.
      const p: Omit<Made, "id"> = {
        name: `${words[i % words.length]} ${category === "rugs" ? "Rug" : "Sheet"} ${String(i).padStart(2, "0")}`,
        sku: `KH-${category.slice(0, 2).toUpperCase()}-${1000 + i}`,
        price: (1 + (i % 7)) * 50_000,
        stock: i % 9,
        published: i % 4 !== 0,
        category,
        madeToOrder: i % 10 === 5,
        updatedAt: at(i % 13 === 0 ? 100 : i),
        createdAt: at(200 - i),
      };
      const availability = p.stock > 0 ? "in_stock" : p.madeToOrder ? "made_to_order" : "out_of_stock";
      const row = await handle.db
        .insertInto("products")
        .values({
          category_id: category === "rugs" ? rugs : category === "sheets" ? sheets : cotton,
          name: p.name,
          slug: `product-${i}`,
          sku: p.sku,
          list_price: p.price + 10_000,
          price: p.price,
          stock_quantity: p.stock,
          made_to_order: p.madeToOrder ? 1 : 0,
          availability,
          is_featured: 0,
          is_popular: 0,
          published: p.published ? 1 : 0,
          created_at: p.createdAt,
          updated_at: p.updatedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      made.push({ ...p, id: row.id });
    }
    // A variant whose SKU names its product.
    await handle.db
      .insertInto("product_variants")
      .values({ product_id: made[7]!.id, sku: "VAR-KING-7", label: "King", slug: "king", list_price: 100, price: 100, stock_quantity: 0, made_to_order: 0, availability: "out_of_stock", photo: null, position: 0, created_at: at(0), updated_at: at(0) })
      .execute();
    await handle.close();
    process.env.DATABASE_URL = database.url;
  }, 60_000);

  afterAll(async () => {
    const { getDb } = await import("@/lib/platform/db");
    await (await getDb()).close();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    await database?.drop();
  });

  const list = async (query: ProductListQuery) => (await import("./admin-list")).adminListProducts(query);

  /** Every row of the list, page by page along the Next cursors; then back along the Previous ones. */
  async function walk(query: ProductListQuery): Promise<{ forward: AdminProductRow[]; backward: AdminProductRow[]; total: number }> {
    const pages: AdminProductRow[][] = [];
    let page = await list(query);
    const total = page.total;
    expect(page.previous).toBeNull();
    pages.push(page.rows);
    while (page.next) {
      page = await list({ ...query, after: page.next });
      pages.push(page.rows);
    }
    const backward: AdminProductRow[][] = [page.rows];
    while (page.previous) {
      page = await list({ ...query, before: page.previous });
      backward.unshift(page.rows);
    }
    return { forward: pages.flat(), backward: backward.flat(), total };
  }

  const byName = (a: Made, b: Made) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  const expected: Record<string, (a: Made, b: Made) => number> = {
    updated: (a, b) => (a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1),
    newest: (a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1),
    name: byName,
    price_asc: (a, b) => a.price - b.price || a.id - b.id,
    price_desc: (a, b) => b.price - a.price || b.id - a.id,
    stock: (a, b) => a.stock - b.stock || a.id - b.id,
  };

  describe(`the admin product list on ${dialect}`, () => {
    for (const sort of Object.keys(expected) as NonNullable<ProductListQuery["sort"]>[]) {
      it(`walks every product once in the order of sort=${sort}, forwards and backwards`, async () => {
        const { forward, backward, total } = await walk({ sort });
        const want = [...made].sort(expected[sort]).map((p) => p.id);
        expect(total).toBe(61);
        expect(forward.map((r) => r.id)).toEqual(want);
        expect(backward.map((r) => r.id)).toEqual(want);
      });
    }

    it("filters by published, stock, availability and a category with its subcategories", async () => {
      const ids = async (query: ProductListQuery) => (await walk({ ...query, sort: "price_asc" })).forward.map((r) => r.id).sort((a, b) => a - b);
      const of = (keep: (p: Made) => boolean) => made.filter(keep).map((p) => p.id).sort((a, b) => a - b);
      expect(await ids({ published: "no" })).toEqual(of((p) => !p.published));
      expect(await ids({ stock: "out" })).toEqual(of((p) => p.stock === 0 && !p.madeToOrder));
      // Low: on sale from stock, 1 to the shop's default of 5 units (made-to-order stock is not sold down).
      expect(await ids({ stock: "low" })).toEqual(of((p) => p.stock >= 1 && p.stock <= 5 && !p.madeToOrder));
      expect(await ids({ availability: "made_to_order" })).toEqual(of((p) => p.stock === 0 && p.madeToOrder));
      expect(await ids({ category: "sheets" })).toEqual(of((p) => p.category !== "rugs"));
      expect(await ids({ category: "cotton", published: "yes" })).toEqual(of((p) => p.category === "cotton" && p.published));
      const unknown = await list({ category: "nothing-here" });
      expect(unknown).toMatchObject({ rows: [], total: 0, unknownCategory: true });
    });

    it("searches by name words, part of a SKU, and a variant's SKU", async () => {
      const names = async (q: string) => (await walk({ q, sort: "name" })).forward.map((r) => r.name);
      expect(await names("kantha rug")).toEqual(made.filter((p) => p.name.startsWith("Kantha Rug")).sort(byName).map((p) => p.name));
      expect(await names("KH-RU-1003")).toEqual([made[3]!.name]);
      expect(await names("ru-100")).toEqual(made.filter((p) => p.sku.startsWith("KH-RU-100")).sort(byName).map((p) => p.name));
      expect(await names("VAR-KING-7")).toEqual([made[7]!.name]);
      expect(await names("100% cotton_")).toEqual([]);
    });
  });
}
