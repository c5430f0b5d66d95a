import { afterAll, describe, expect, inject, it } from "vitest";
import { addOk, customer, dropTestProducts, ledgerOf, makeProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, post, testDb, type ApiAnswer, type TestUser } from "./client";
import { addressOf, newKey, placedOrder } from "./orders-client";

/**
 * Stock as a ledger (docs/architecture.md, "Stock"): the back office changes stock only by an
 * adjustment with a reason, a rename never touches it, and racing sales, edits and cancels leave
 * every product's stock exact, equal to the sum of its movements, without a deadlock.
 */

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Client addresses 10.150.x.y: this file's own block. */
const nextIp = clientAddresses(150);
const user = () => newUser(nextIp());

const edit = (slug: string, body: unknown) => api(`/admin/products/${slug}`, { method: "PATCH", body: JSON.stringify(body), token: inject("adminToken") });
const place = (u: TestUser, addressId: number) => post("/checkout/place", { address_id: addressId, shipping_method: "standard", payment_method: "cod" }, { token: u.token, ip: u.ip, headers: { "Idempotency-Key": newKey() } });

async function product(id: number) {
  const { db } = await testDb();
  return db.selectFrom("products").select(["name", "price", "stock_quantity", "availability"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function movements(productId: number) {
  const { db } = await testDb();
  return db.selectFrom("stock_movements").select(["delta", "reason", "actor", "actor_id", "note", "order_id"]).where("product_id", "=", productId).orderBy("id").execute();
}

/** Units of the product held by orders that are not cancelled. */
async function unitsSold(productId: number): Promise<number> {
  const { db } = await testDb();
  const row = await db
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select((eb) => eb.fn.sum<number>("l.quantity").as("n"))
    .where("l.product_id", "=", productId)
    .where("o.delivery_status", "!=", "Cancelled")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe("PATCH /admin/products/{slug}: stock only by adjustment", () => {
  it("refuses stock_quantity, leaves stock alone on a rename, and adds an adjustment with its reason", async () => {
    const p = await makeProduct({ stock: 7 });
    const refused = await edit(p.slug, { stock_quantity: 50 });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe("stock_quantity cannot be set: change stock with stock_adjustment {delta, reason} (units in or out, and why), so a sale made meanwhile is never overwritten.");
    expect((await edit(p.slug, { name: "Renamed", stock_quantity: 50 })).status).toBe(422);
    expect(await product(p.id)).toMatchObject({ stock_quantity: 7, name: p.name });

    const renamed = await edit(p.slug, { name: "Ledger Test Curtain Renamed", main_price: 1234 });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await product(p.id)).toMatchObject({ name: "Ledger Test Curtain Renamed", price: 123400, stock_quantity: 7 });

    const added = await edit(p.slug, { stock_adjustment: { delta: 5, reason: "Delivery from the Jaipur workshop" } });
    expect(added.status, added.text).toBe(200);
    expect(added.json.data[0]).toMatchObject({ stock_quantity: 12 });
    const taken = await edit(p.slug, { stock_adjustment: { delta: -12, reason: "Water damage in the store room" } });
    expect(taken.status, taken.text).toBe(200);
    expect(await product(p.id)).toMatchObject({ stock_quantity: 0, availability: "out_of_stock" });
    const tooMany = await edit(p.slug, { stock_adjustment: { delta: -1, reason: "Counted one short" } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe("Only 0 in stock: an adjustment cannot take out 1.");
    const back = await edit(p.slug, { stock_adjustment: { delta: 3, reason: "Returned from the photo shoot" } });
    expect(back.status).toBe(200);
    expect(await product(p.id)).toMatchObject({ stock_quantity: 3, availability: "in_stock" });
    for (const body of [{ stock_adjustment: { delta: 0, reason: "Nothing at all" } }, { stock_adjustment: { delta: 1.5, reason: "Half a curtain" } }, { stock_adjustment: { delta: 2 } }, { stock_adjustment: { delta: 2, reason: "ok" } }, { stock_adjustment: { delta: 2, reason: "Fine reason", extra: 1 } }, { stock_adjustment: 5 }]) {
      expect((await edit(p.slug, body)).status, JSON.stringify(body)).toBe(422);
    }
    // Each adjustment names the staff member who made it (the tests' owner, by their API token).
    const staffId = inject("owner").id;
    expect(await movements(p.id)).toEqual([
      { delta: 7, reason: "initial", actor: "system", actor_id: null, note: "test product", order_id: null },
      { delta: 5, reason: "adjustment", actor: "staff", actor_id: staffId, note: "Delivery from the Jaipur workshop", order_id: null },
      { delta: -12, reason: "adjustment", actor: "staff", actor_id: staffId, note: "Water damage in the store room", order_id: null },
      { delta: 3, reason: "adjustment", actor: "staff", actor_id: staffId, note: "Returned from the photo shoot", order_id: null },
    ]);
    expect(await ledgerOf(p.id)).toBe(3);
  });

  it("keeps a made-to-order product's availability on a rename", async () => {
    const p = await makeProduct({ stock: 0, availability: "made_to_order" });
    expect((await edit(p.slug, { name: "Made To Order Renamed" })).status).toBe(200);
    expect(await product(p.id)).toMatchObject({ stock_quantity: 0, availability: "made_to_order" });
  });
});

describe("racing stock changes", () => {
  it("20 checkouts racing 20 admin edits (renames, price edits and adjustments) of one product: stock = start − sold + adjustments, and the ledger sums to it", async () => {
    const start = 100;
    const p: TestProduct = await makeProduct({ stock: start, price: 90000 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => user()));
    const addresses = await Promise.all(shoppers.map((s) => addressOf(s)));
    for (const [i, s] of shoppers.entries()) await addOk(customer(s), p.id, 1 + (i % 3));
    const adjustments = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 4 : -2));
    const edits: Promise<ApiAnswer>[] = [
      ...adjustments.map((delta, i) => edit(p.slug, { stock_adjustment: { delta, reason: `Race adjustment ${i}` } })),
      ...Array.from({ length: 10 }, (_, i) => edit(p.slug, i % 2 ? { name: `Race Curtain ${i}` } : { main_price: 900 + i })),
    ];
    const checkouts = shoppers.map((s, i) => place(s, addresses[i]!));
    const [placed, edited] = await Promise.all([Promise.all(checkouts), Promise.all(edits)]);
    expect(placed.map((r) => r.status), placed.map((r) => r.text).join("\n")).toEqual(Array(20).fill(201));
    expect(edited.map((r) => r.status), edited.map((r) => r.text).join("\n")).toEqual(Array(20).fill(200));
    const sold = shoppers.reduce((sum, _, i) => sum + 1 + (i % 3), 0);
    expect(await unitsSold(p.id)).toBe(sold);
    const expected = start - sold + adjustments.reduce((a, b) => a + b, 0);
    expect((await product(p.id)).stock_quantity).toBe(expected);
    expect(await ledgerOf(p.id)).toBe(expected);
    const reasons = (await movements(p.id)).map((m) => m.reason);
    expect(reasons.filter((r) => r === "sale")).toHaveLength(20);
    expect(reasons.filter((r) => r === "adjustment")).toHaveLength(10);
  }, 120_000);

  it("cancels of orders holding two products race checkouts of the same two in the opposite order, round after round: no deadlock, stock exact", async () => {
    const [a, b] = [await makeProduct({ stock: 1000 }), await makeProduct({ stock: 1000 })];
    expect(a.id).toBeLessThan(b.id);
    const cancellers = await Promise.all(Array.from({ length: 8 }, () => user()));
    const buyers = await Promise.all(Array.from({ length: 8 }, () => user()));
    const buyerAddresses = await Promise.all(buyers.map((s) => addressOf(s)));
    for (let round = 0; round < 3; round++) {
      // Orders whose lines hold B before A (the line order a cancel used to give stock back in).
      const orders = await Promise.all(cancellers.map((c) => placedOrder(c, { lines: [{ product: b, quantity: 2 }, { product: a, quantity: 3 }] })));
      for (const s of buyers) {
        await addOk(customer(s), b.id, 1);
        await addOk(customer(s), a.id, 1);
      }
      const answers = await Promise.all([
        ...cancellers.map((c, i) => api(`/order/cancel/${orders[i]!.id}`, { token: c.token, ip: c.ip, method: "POST" })),
        ...buyers.map((s, i) => place(s, buyerAddresses[i]!)),
      ]);
      // A deadlock PostgreSQL broke would be a 500 here.
      expect(answers.map((r) => r.status), answers.map((r) => r.text).join("\n")).toEqual([...Array(8).fill(200), ...Array(8).fill(201)]);
    }
    for (const p of [a, b]) {
      const stock = (await product(p.id)).stock_quantity;
      expect(stock, p.name).toBe(1000 - (await unitsSold(p.id)));
      expect(await ledgerOf(p.id)).toBe(stock);
    }
    expect((await product(a.id)).stock_quantity).toBe(1000 - 3 * 8);
  }, 180_000);
});

describe("search follows the stock ledger", () => {
  it("a sale of the last unit takes the product out of a search's In Stock and into its Out of Stock, within the index's beat", async () => {
    const word = `Quorvanth${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 6)}`;
    const p = await makeProduct({ stock: 1, name: `${word} Sheer Curtain` });
    const counted = async (availability: string) => {
      const res = await api(`/products/search?name=${word}&availability=${availability}`);
      expect(res.status, res.text).toBe(200);
      return res.json.meta.total as number;
    };
    const soon = { timeout: 5000, interval: 200 };
    await expect.poll(() => counted("in_stock"), soon).toBe(1);
    const u = await user();
    await placedOrder(u, { lines: [{ product: p }] });
    expect(await product(p.id)).toMatchObject({ stock_quantity: 0, availability: "out_of_stock" });
    // The sale is written by the checkout, not by the back office: the index learns of it from
    // the product's updated_at, on its one-second look at the catalog's changes.
    await expect.poll(() => counted("in_stock"), soon).toBe(0);
    expect(await counted("out_of_stock")).toBe(1);
  });
});
