import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword, hashPassword } from "@/lib/accounts/server/auth/password";
import { openDatabase } from "../connection";
import * as m001 from "./001_initial";
import * as m002 from "./002_accounts";
import * as m005 from "./005_search_published";
import * as m003 from "./003_cart";
import * as m004 from "./004_orders";
import * as m006 from "./006_delivery_promise";
import * as m007 from "./007_sandbox_refunds";
import * as m008 from "./008_lifecycle_ledger";
import * as m009 from "./009_outbox";
import * as m011 from "./011_variants";
import { writeVariantSet } from "@/lib/catalog/server/variant-rows";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-migrate-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("002_accounts on a database the storefront already used", () => {
  it("moves an existing password into a credential account and keeps the verified flag", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "old.db") });
    const db = handle.db as unknown as Kysely<unknown>;
    try {
      await m001.up(db, "sqlite");
      const hash = await hashPassword("Kesar@2026");
      await sql`insert into users (name, email, phone, password_hash, avatar, email_verified_at, created_at, updated_at)
        values ('Aditi Sharma', 'demo@kesarhome.in', '9811122233', ${hash}, null, '2026-01-05T09:30:00.000Z', '2026-01-05T09:15:00.000Z', '2026-01-05T09:15:00.000Z'),
               ('No Password', 'np@example.com', null, null, null, null, '2026-01-05T09:15:00.000Z', '2026-01-05T09:15:00.000Z')`.execute(db);
      await m002.up(db, "sqlite");

      const users = await handle.db.selectFrom("users").selectAll().orderBy("id").execute();
      expect(users.map((u) => [u.email, Boolean(u.email_verified), u.deleted_at])).toEqual([
        ["demo@kesarhome.in", true, null],
        ["np@example.com", false, null],
      ]);
      expect(Object.keys(users[0] ?? {})).not.toContain("password_hash");
      const accounts = await handle.db.selectFrom("accounts").selectAll().execute();
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({ user_id: users[0]?.id, account_id: String(users[0]?.id), provider_id: "credential" });
      expect(await verifyPassword("Kesar@2026", accounts[0]?.password)).toBe(true);

      // At most one default address per customer, enforced by the database.
      const place = await sql<{ id: number }>`insert into countries (name, iso2, phone_code) values ('India', 'IN', '91') returning id`.execute(db);
      const country = place.rows[0]?.id as number;
      const state = (await sql<{ id: number }>`insert into states (country_id, name, code) values (${country}, 'Delhi', 'DL') returning id`.execute(db)).rows[0]?.id as number;
      const city = (await sql<{ id: number }>`insert into cities (state_id, name) values (${state}, 'New Delhi') returning id`.execute(db)).rows[0]?.id as number;
      const add = (isDefault: number) =>
        handle.db
          .insertInto("addresses")
          .values({ user_id: users[0]?.id as number, address: "B-42 Hauz Khas", country_id: country, state_id: state, city_id: city, postal_code: "110016", phone: "9811122233", is_default: isDefault, created_at: "x", updated_at: "x" })
          .execute();
      await add(1);
      await add(0);
      await expect(add(1)).rejects.toThrow(/UNIQUE/i);
      // One phone belongs to one account.
      await expect(handle.db.updateTable("users").set({ phone: "9811122233" }).where("email", "=", "np@example.com").execute()).rejects.toThrow(/UNIQUE/i);
    } finally {
      await handle.close();
    }
  });
});

describe("005_search_published: SQLite's search index holds published products only", () => {
  it("indexes products as they are added, published, hidden, renamed and deleted, and rebuilds the index of an existing database", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "search.db") });
    const db = handle.db as unknown as Kysely<unknown>;
    const found = async (word: string) =>
      (await sql<{ name: string }>`select p.name from products_fts f join products p on p.id = f.rowid where products_fts match ${`"${word}"`} order by p.id`.execute(db)).rows.map((r) => r.name);
    const count = async (word: string) => (await sql<{ n: number }>`select count(*) as n from products_fts where products_fts match ${`"${word}"`}`.execute(db)).rows[0]?.n;
    try {
      await m001.up(db, "sqlite");
      await sql`insert into categories (name, slug, created_at, updated_at) values ('Curtains', 'curtains', 'x', 'x')`.execute(db);
      const add = (name: string, published: number) =>
        sql`insert into products (category_id, name, slug, sku, list_price, price, availability, published, created_at, updated_at)
            values (1, ${name}, ${name.toLowerCase().replace(/\W+/g, "-")}, ${name}, 100, 100, 'in_stock', ${published}, 'x', 'x')`.execute(db);
      await add("Indigo Cotton Curtain", 1);
      await add("Draft Cotton Throw", 0);
      // Before 005 the index held every product.
      expect(await count("cotton")).toBe(2);

      await m005.up(db, "sqlite");
      expect(await found("cotton")).toEqual(["Indigo Cotton Curtain"]);
      expect(await count("cotton")).toBe(1);

      await add("Hidden Cotton Cushion", 0);
      await add("Cotton Bath Mat", 1);
      expect(await found("cotton")).toEqual(["Indigo Cotton Curtain", "Cotton Bath Mat"]);

      await sql`update products set published = 1 where name = 'Draft Cotton Throw'`.execute(db);
      expect(await found("cotton")).toEqual(["Indigo Cotton Curtain", "Draft Cotton Throw", "Cotton Bath Mat"]);
      await sql`update products set published = 0 where name = 'Indigo Cotton Curtain'`.execute(db);
      expect(await found("cotton")).toEqual(["Draft Cotton Throw", "Cotton Bath Mat"]);

      // Renaming a hidden product changes nothing in the index; renaming a shown one does.
      await sql`update products set name = 'Hidden Linen Cushion' where name = 'Hidden Cotton Cushion'`.execute(db);
      await sql`update products set name = 'Linen Bath Mat' where name = 'Cotton Bath Mat'`.execute(db);
      expect(await found("cotton")).toEqual(["Draft Cotton Throw"]);
      expect(await found("linen")).toEqual(["Linen Bath Mat"]);

      await sql`delete from products where name in ('Linen Bath Mat', 'Indigo Cotton Curtain')`.execute(db);
      expect(await found("linen")).toEqual([]);
      expect(await count("cotton")).toBe(1);
      // The index is sound (FTS5's own check; it is a subset of its content table on purpose, so
      // the check against the content table is not asked for).
      await sql`insert into products_fts(products_fts) values ('integrity-check')`.execute(db);
    } finally {
      await handle.close();
    }
  });
});

describe("006_delivery_promise: one source for delivery times", () => {
  it("drops the second source of shipping days and the dispatch times the demo wrote into product texts, leaving a merchant's own words", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "promise.db") });
    const db = handle.db as unknown as Kysely<unknown>;
    try {
      await m001.up(db, "sqlite");
      await sql`insert into business_settings (type, value, updated_at) values
        ('shipping_standard_days', '5-10', 'x'), ('shipping_express_days', '2-3', 'x'), ('dispatch_days_in_stock', '2-3', 'x')`.execute(db);
      await sql`insert into categories (name, slug, created_at, updated_at) values ('Furniture', 'furniture', 'x', 'x')`.execute(db);
      const add = (name: string, description: string, features: string, additional: string | null) =>
        sql`insert into products (category_id, name, slug, sku, list_price, price, availability, published, description, key_features, additional_description, created_at, updated_at)
            values (1, ${name}, ${name.toLowerCase().replace(/\W+/g, "-")}, ${name}, 100, 100, 'in_stock', 1, ${description}, ${features}, ${additional}, 'x', 'x')`.execute(db);
      await add(
        "Sheesham Chair",
        "<ul><li>Size: 45 cm</li><li>Made to order: dispatched in 4–5 weeks</li></ul>",
        "<ul><li>Solid sheesham</li><li>Made to order in 4–5 weeks</li></ul>",
        "<p>Made-to-order pieces are crafted after you order and take 4–5 weeks before dispatch. Our delivery team assembles it.</p>",
      );
      await add("Towel", "<ul><li>Colour: White</li><li>Ready to ship: dispatched in 2–3 business days</li></ul>", "<ul><li>Cotton</li></ul>", null);
      await add("Merchant's Rug", "<p>Ships in a week from our Panipat loom.</p>", "<ul><li>Made to order in six weeks</li></ul>", null);

      await m006.up(db);
      await m006.up(db); // again: nothing more changes

      const settings = await sql<{ type: string }>`select type from business_settings order by type`.execute(db);
      expect(settings.rows.map((r) => r.type)).toEqual(["dispatch_days_in_stock"]);
      const rows = await sql<{ name: string; description: string; key_features: string; additional_description: string | null }>`
        select name, description, key_features, additional_description from products order by id`.execute(db);
      expect(rows.rows).toEqual([
        {
          name: "Sheesham Chair",
          description: "<ul><li>Size: 45 cm</li></ul>",
          key_features: "<ul><li>Solid sheesham</li><li>Made to order</li></ul>",
          additional_description: "<p>Made-to-order pieces are crafted after you order; the product page gives their delivery time. Our delivery team assembles it.</p>",
        },
        { name: "Towel", description: "<ul><li>Colour: White</li></ul>", key_features: "<ul><li>Cotton</li></ul>", additional_description: null },
        { name: "Merchant's Rug", description: "<p>Ships in a week from our Panipat loom.</p>", key_features: "<ul><li>Made to order in six weeks</li></ul>", additional_description: null },
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe("011_variants on a shop that sells without variants", () => {
  it("adds variants beside the products, carts and orders it has, and a product of it can then be sold by variant with its ledger whole", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "variants.db") });
    const db = handle.db as unknown as Kysely<unknown>;
    try {
      await m001.up(db, "sqlite");
      await m002.up(db, "sqlite");
      await m003.up(db, "sqlite");
      await m004.up(db, "sqlite");
      await m005.up(db, "sqlite");
      await m006.up(db);
      await m007.up(db, "sqlite");
      await sql`insert into categories (name, slug, created_at, updated_at) values ('Curtains', 'curtains', 'x', 'x')`.execute(db);
      await sql`insert into products (category_id, name, slug, sku, list_price, price, stock_quantity, availability, published, created_at, updated_at)
          values (1, 'Indigo Curtain', 'indigo-curtain', 'KH-CUR-001', 250000, 250000, 6, 'in_stock', 1, 'x', 'x')`.execute(db);
      await m008.up(db, "sqlite");
      await m009.up(db, "sqlite");
      await sql`insert into carts (guest_id, created_at, updated_at) values ('guest_abcdefghi', 'x', 'x')`.execute(db);
      await sql`insert into cart_lines (cart_id, product_id, variant, quantity, created_at, updated_at) values (1, 1, 'FREE: paid in full', 4, 'x', 'x')`.execute(db);

      await m011.up(db, "sqlite");
      expect(await handle.db.selectFrom("products").select(["variant_count", "stock_quantity"]).executeTakeFirstOrThrow()).toEqual({ variant_count: 0, stock_quantity: 6 });
      expect(await handle.db.selectFrom("cart_lines").select(["variant", "variant_id", "quantity"]).executeTakeFirstOrThrow()).toEqual({ variant: "FREE: paid in full", variant_id: null, quantity: 4 });

      const now = new Date("2026-11-25T10:00:00.000Z");
      await handle.db.transaction().execute((trx) =>
        writeVariantSet(
          trx,
          "sqlite",
          1,
          {
            options: [{ name: "Length", values: ["5 ft", "7 ft"] }],
            variants: [
              { sku: "KH-CUR-001-5FT", values: { Length: "5 ft" }, price: 199900, listPrice: 199900, initialStock: 2, madeToOrder: false, photo: null },
              { sku: "KH-CUR-001-7FT", values: { Length: "7 ft" }, price: 250000, listPrice: 300000, initialStock: 5, madeToOrder: false, photo: null },
            ],
          },
          { actor: "staff", now },
        ),
      );
      expect(await handle.db.selectFrom("products").select(["variant_count", "stock_quantity", "price", "availability"]).executeTakeFirstOrThrow()).toEqual({ variant_count: 2, stock_quantity: 7, price: 199900, availability: "in_stock" });
      const moves = await handle.db.selectFrom("stock_movements").select(["variant_id", "delta", "reason", "note"]).orderBy("id").execute();
      expect(moves).toEqual([
        { variant_id: null, delta: 6, reason: "initial", note: "stock when the ledger began" },
        { variant_id: null, delta: -6, reason: "adjustment", note: "stock now kept per variant" },
        { variant_id: 1, delta: 2, reason: "adjustment", note: "first stock of 5 ft" },
        { variant_id: 2, delta: 5, reason: "adjustment", note: "first stock of 7 ft" },
      ]);
      expect(moves.reduce((n, m) => n + m.delta, 0)).toBe(7);
      // The Size filter knows the product by its lengths.
      const sizes = await sql<{ value: string }>`select av.value from product_attribute_values pav join attribute_values av on av.id = pav.attribute_value_id join attributes a on a.id = av.attribute_id where a.name = 'Size' order by av.value`.execute(db);
      expect(sizes.rows.map((r) => r.value)).toEqual(["5 ft", "7 ft"]);
    } finally {
      await handle.close();
    }
  });
});

describe("012_product_admin on a shop with products", () => {
  it("leaves every product as it was (not archived, no lead time), and a product's old slugs go with it", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "product-admin.db") });
    const db = handle.db as unknown as Kysely<unknown>;
    try {
      const { migrateToLatest } = await import("../migrate");
      await migrateToLatest(handle);
      await sql`insert into categories (name, slug, created_at, updated_at) values ('Curtains', 'curtains', 'x', 'x')`.execute(db);
      await sql`insert into products (category_id, name, slug, sku, list_price, price, stock_quantity, availability, published, created_at, updated_at)
          values (1, 'Indigo Curtain', 'indigo-curtain', 'KH-CUR-001', 250000, 250000, 6, 'in_stock', 1, 'x', 'x')`.execute(db);
      expect(await handle.db.selectFrom("products").select(["archived_at", "lead_time_days"]).executeTakeFirstOrThrow()).toEqual({ archived_at: null, lead_time_days: null });
      await handle.db.insertInto("product_slug_redirects").values({ slug: "old-indigo-curtain", product_id: 1, created_at: "x" }).execute();
      // One row per slug: an old slug is one product's.
      await expect(handle.db.insertInto("product_slug_redirects").values({ slug: "old-indigo-curtain", product_id: 1, created_at: "x" }).execute()).rejects.toThrow(/UNIQUE|PRIMARY/);
      await handle.db.deleteFrom("products").where("id", "=", 1).execute();
      expect(await handle.db.selectFrom("product_slug_redirects").selectAll().execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
