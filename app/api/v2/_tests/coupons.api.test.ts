import { afterAll, describe, expect, it } from "vitest";
import { addOk, cartApi, cartRowOf, customer, dropTestProducts, guest, linesOf, makeProduct, readCartOf, setProduct, summaryOf, type Caller } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, runTag, testDb, type Json, type TestUser } from "./client";
import { placedOrder, step } from "./orders-client";

const prefix = `C${runTag}`.toUpperCase();

afterAll(async () => {
  const { db } = await testDb();
  await db.deleteFrom("coupons").where("code", "like", `${prefix}%`).execute();
  await dropTestProducts();
  await closeTestDb();
});

/** Every test speaks from its own client addresses (10.90.x.y), so rate limits never cross tests. */
const nextIp = clientAddresses(90);
const user = () => newUser(nextIp());

const MESSAGES = {
  unknown: "This coupon code is not valid.",
  notYet: "This coupon is not active yet.",
  expired: "This coupon has expired.",
  signIn: "Please log in to use this coupon: it is for your first order.",
  firstOrder: "This coupon is only for your first order.",
  usedUp: "This coupon has reached its usage limit.",
  usedByYou: "You have already used this coupon.",
  emptyCart: "Add something to your cart before applying a coupon.",
};

/** A coupon row of this file (code C<runTag><suffix>); money in paise. */
async function makeCoupon(
  suffix: string,
  values: { kind?: "percent" | "flat" | "free_shipping"; value?: number; min_order?: number; active?: number; starts_at?: string | null; ends_at?: string | null; usage_limit?: number | null; per_customer_limit?: number | null; first_order_only?: number } = {},
) {
  const { db } = await testDb();
  const code = `${prefix}${suffix}`.toUpperCase();
  const title = `Test coupon ${suffix}`;
  await db
    .insertInto("coupons")
    .values({
      title,
      code,
      kind: values.kind ?? "flat",
      value: values.value ?? 10000,
      min_order: values.min_order ?? 0,
      max_discount: null,
      first_order_only: values.first_order_only ?? 0,
      active: values.active ?? 1,
      starts_at: values.starts_at ?? null,
      ends_at: values.ends_at ?? null,
      usage_limit: values.usage_limit ?? null,
      per_customer_limit: values.per_customer_limit ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { code, title };
}

/** An order of the customer placed through checkout with a coupon code (or none), then cancelled by the customer when told. */
async function orderOf(u: TestUser, couponCode: string | null, then: "cancel" | null = null) {
  return placedOrder(u, { coupon: couponCode ?? undefined, then: then ? [then] : [] });
}

/** The customer cancels the order (its coupon use no longer counts). */
const cancel = (u: TestUser, order: { id: number; code: string }) => step(u, order, "cancel");

/** A caller whose cart holds one piece of a fresh product at `price` paise. */
async function withCart(c: Caller, price: number, quantity = 1) {
  const p = await makeProduct({ price, stock: 50 });
  await addOk(c, p.id, quantity);
  return p;
}

async function expectRefused(c: Caller, code: string, message: string) {
  const before = await cartRowOf(c.owner);
  const res = await cartApi(c).coupon(code);
  expect(res.status, `${c.label} applies ${code}: ${res.text}`).toBe(422);
  expect(res.json).toEqual({ result: false, message, errors: { code: [message] } });
  expect((await cartRowOf(c.owner))?.coupon_code ?? null, `${code} not stored`).toBe(before?.coupon_code ?? null);
}

async function expectApplied(c: Caller, code: string): Promise<Json> {
  const res = await cartApi(c).coupon(code);
  expect(res.status, `${c.label} applies ${code}: ${res.text}`).toBe(200);
  expect(res.json).toMatchObject({ result: true, message: "Coupon applied", summary: { coupon_applied: true } });
  return res.json.summary;
}

describe("minimum cart values", () => {
  it("FREESHIP499 applies from ₹499.00, not at ₹498.99, and waives the standard fee (also under express)", async () => {
    const below = guest();
    await withCart(below, 49899);
    await expectRefused(below, "FREESHIP499", "This coupon needs a cart of ₹499 or more. Add ₹0.01 more to use it.");
    expect((await summaryOf(below)).coupon_applied).toBe(false);

    const at = guest();
    await withCart(at, 49900);
    const s = await expectApplied(at, "FREESHIP499");
    // GST: 49900 × 5 / 105 = 2376.19 → 2376 paise on the goods; none on shipping that is not charged.
    expect(s).toMatchObject({ sub_total: 499, shipping_cost: 99, coupon_discount: 99, tax: 23.76, grand_total: 499, coupon_code: "FREESHIP499", coupon_title: "Free shipping above ₹499" });
    expect((await cartRowOf(at.owner))!.coupon_code).toBe("FREESHIP499");
    // Express costs ₹249; the coupon still takes off the standard ₹99. Shipping GST on the ₹150
    // charged: 15000 × 5 / 105 = 714.29 → 714 paise.
    const express = (await cartApi(at).shipping("express")).json.summary;
    expect(express).toMatchObject({ sub_total: 499, shipping_cost: 249, coupon_discount: 99, tax: 30.9, grand_total: 649, coupon_applied: true });
  });

  it("FLAT150 applies from ₹1,000.00, not at ₹999.99; ₹1,000 made of two lines counts", async () => {
    const below = guest();
    await withCart(below, 99999);
    await expectRefused(below, "FLAT150", "This coupon needs a cart of ₹1,000 or more. Add ₹0.01 more to use it.");

    const at = guest();
    await withCart(at, 100000);
    expect(await expectApplied(at, "FLAT150")).toMatchObject({ sub_total: 1000, shipping_cost: 99, coupon_discount: 150, grand_total: 949, coupon_code: "FLAT150" });

    const two = guest();
    await withCart(two, 60000);
    await withCart(two, 40000);
    expect(await expectApplied(two, "FLAT150")).toMatchObject({ sub_total: 1000, coupon_discount: 150, grand_total: 949 });
  });

  it("drops a coupon on the next read once the cart falls below its minimum, with a notice, once", async () => {
    const g = guest();
    await withCart(g, 60000);
    const small = await withCart(g, 40000);
    await expectApplied(g, "FLAT150");
    const smallLine = (await linesOf(g.owner)).find((l) => l.product_id === small.id)!;
    expect((await cartApi(g).remove(smallLine.id)).status).toBe(200);

    const cart = await readCartOf(g);
    expect(cart.notices).toEqual(["Coupon FLAT150 was removed: This coupon needs a cart of ₹1,000 or more. Add ₹400 more to use it."]);
    expect(cart.summary).toMatchObject({ sub_total: 600, coupon_applied: false, coupon_code: null, coupon_discount: 0, grand_total: 699 });
    expect((await cartRowOf(g.owner))!.coupon_code).toBeNull();
    expect((await readCartOf(g)).notices).toEqual([]);

    // A price cut in the catalog does the same, seen through /cart-summary.
    const h = guest();
    const p = await withCart(h, 100000);
    await expectApplied(h, "FLAT150");
    await setProduct(p.id, { price: 95000 });
    const summary = await cartApi(h).summary();
    expect(summary.json.notices).toEqual([
      `The price of ${p.name} changed from ₹1,000 to ₹950.`,
      "Coupon FLAT150 was removed: This coupon needs a cart of ₹1,000 or more. Add ₹50 more to use it.",
    ]);
    expect(summary.json.summary).toMatchObject({ coupon_applied: false, coupon_discount: 0, grand_total: 950 + 99 });
    expect((await cartRowOf(h.owner))!.coupon_code).toBeNull();
  });
});

describe("WELCOME10, the first-order coupon", () => {
  it("asks a guest to log in; gives a customer without orders 10%; refuses a customer with an order; a cancelled order does not count", async () => {
    const g = guest();
    await withCart(g, 200000);
    await expectRefused(g, "WELCOME10", MESSAGES.signIn);

    const fresh = customer(await user());
    await withCart(fresh, 200000);
    const s = await expectApplied(fresh, "welcome10");
    // 10% of ₹2,000 = ₹200. GST after the discount: the piece is ₹1,800, in the 5% band:
    // 180000 × 5 / 105 = 8571.43 → 8571 paise, shipping 9900 × 5 / 105 = 471.43 → 471 paise.
    expect(s).toMatchObject({ sub_total: 2000, shipping_cost: 99, coupon_discount: 200, tax: 90.42, grand_total: 1899, coupon_code: "WELCOME10", coupon_title: "10% off your first order" });
    expect((await cartRowOf(fresh.owner))!.coupon_code).toBe("WELCOME10");

    const returning = await user();
    await orderOf(returning, null);
    const r = customer(returning);
    await withCart(r, 200000);
    await expectRefused(r, "WELCOME10", MESSAGES.firstOrder);

    const cancelledOnly = await user();
    const order = await orderOf(cancelledOnly, null, "cancel");
    const co = customer(cancelledOnly);
    await withCart(co, 200000);
    expect(await expectApplied(co, "WELCOME10")).toMatchObject({ coupon_discount: 200 });
    expect(order.id).toBeGreaterThan(0);

    // A first order placed since (without the coupon) ends it for a cart that still holds it
    // (one filled before): the next read drops it with the reason.
    expect((await cartApi(co).dropCoupon()).status).toBe(200);
    await orderOf(cancelledOnly, null);
    await withCart(co, 200000);
    const { db } = await testDb();
    await db.updateTable("carts").set({ coupon_code: "WELCOME10" }).where("user_id", "=", cancelledOnly.id).execute();
    const cart = await readCartOf(co);
    expect(cart.notices).toEqual([`Coupon WELCOME10 was removed: ${MESSAGES.firstOrder}`]);
    expect(cart.summary).toMatchObject({ coupon_applied: false, coupon_discount: 0 });
  });

  it("rounds a percent discount down to the paisa", async () => {
    const fresh = customer(await user());
    await withCart(fresh, 99999);
    // 10% of 99999 paise = 9999.9 → 9999 paise.
    expect(await expectApplied(fresh, "WELCOME10")).toMatchObject({ sub_total: 999.99, coupon_discount: 99.99, grand_total: 999.99 + 99 - 99.99 });
  });
});

describe("usage limits, dates and codes", () => {
  it("usage_limit counts every customer's orders with the code, cancelled ones excluded", async () => {
    const limited = await makeCoupon("LIMIT2", { usage_limit: 2 });
    const [x, y, z] = [await user(), await user(), await user()];
    const first = await orderOf(x, limited.code);
    await orderOf(y, limited.code);
    const cz = customer(z);
    await withCart(cz, 100000);
    const g = guest();
    await withCart(g, 100000);
    await expectRefused(cz, limited.code, MESSAGES.usedUp);
    await expectRefused(g, limited.code, MESSAGES.usedUp);
    await cancel(x, first);
    expect(await expectApplied(cz, limited.code)).toMatchObject({ coupon_discount: 100, coupon_code: limited.code });
    expect(await expectApplied(g, limited.code)).toMatchObject({ coupon_discount: 100 });
    // Used up again while in the carts: dropped on their next read.
    await orderOf(x, limited.code);
    for (const c of [cz, g]) {
      const cart = await readCartOf(c);
      expect(cart.notices).toEqual([`Coupon ${limited.code} was removed: ${MESSAGES.usedUp}`]);
      expect(cart.summary.coupon_applied).toBe(false);
    }
  });

  it("per_customer_limit counts the customer's own orders with the code, cancelled ones excluded", async () => {
    const once = await makeCoupon("ONCE", { per_customer_limit: 1 });
    const [x, y] = [await user(), await user()];
    const used = await orderOf(x, once.code);
    const cx = customer(x);
    const cy = customer(y);
    await withCart(cx, 100000);
    await withCart(cy, 100000);
    await expectRefused(cx, once.code, MESSAGES.usedByYou);
    expect(await expectApplied(cy, once.code)).toMatchObject({ coupon_code: once.code });
    await cancel(x, used);
    expect(await expectApplied(cx, once.code)).toMatchObject({ coupon_code: once.code });
  });

  it("refuses inactive, expired and not yet started coupons with their reasons; one within its dates applies", async () => {
    const day = 86_400_000;
    const now = Date.now();
    const off = await makeCoupon("OFF", { active: 0 });
    const old = await makeCoupon("OLD", { ends_at: new Date(now - day).toISOString() });
    const soon = await makeCoupon("SOON", { starts_at: new Date(now + day).toISOString() });
    const current = await makeCoupon("NOW", { starts_at: new Date(now - day).toISOString(), ends_at: new Date(now + day).toISOString() });
    const c = customer(await user());
    await withCart(c, 100000);
    await expectRefused(c, off.code, MESSAGES.unknown);
    await expectRefused(c, old.code, MESSAGES.expired);
    await expectRefused(c, soon.code, MESSAGES.notYet);
    expect(await expectApplied(c, current.code)).toMatchObject({ coupon_code: current.code, coupon_title: current.title, coupon_discount: 100 });

    // Switched off while in the cart: dropped on the next read.
    const { db } = await testDb();
    await db.updateTable("coupons").set({ active: 0 }).where("code", "=", current.code).execute();
    expect((await readCartOf(c)).notices).toEqual([`Coupon ${current.code} was removed: ${MESSAGES.unknown}`]);
  });

  it("takes codes in any case and stores the coupon's own; an unknown code is 422 and leaves the applied one; one coupon at a time", async () => {
    const g = guest();
    await withCart(g, 150000);
    for (const code of ["flat150", "Flat150", "FLAT150"]) {
      expect(await expectApplied(g, code)).toMatchObject({ coupon_code: "FLAT150" });
      expect((await cartRowOf(g.owner))!.coupon_code).toBe("FLAT150");
    }
    await expectRefused(g, "NOSUCHCODE", MESSAGES.unknown);
    expect((await summaryOf(g)).coupon_code).toBe("FLAT150");
    expect(await expectApplied(g, "freeship499")).toMatchObject({ coupon_code: "FREESHIP499", coupon_discount: 99 });
    expect((await cartRowOf(g.owner))!.coupon_code).toBe("FREESHIP499");
  });

  it("refuses a coupon for an empty cart; DELETE /carts/coupon removes the applied one", async () => {
    const g = guest();
    await expectRefused(g, "FREESHIP499", MESSAGES.emptyCart);
    await withCart(g, 120000);
    await expectApplied(g, "FLAT150");
    const removed = await cartApi(g).dropCoupon();
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ result: true, message: "Coupon removed", summary: { coupon_applied: false, coupon_code: null, coupon_discount: 0, grand_total: 1299 } });
    expect((await cartRowOf(g.owner))!.coupon_code).toBeNull();
    // Removing when there is none is harmless.
    expect((await cartApi(g).dropCoupon()).status).toBe(200);
  });
});

describe("GET /auth/coupons", () => {
  const SEEDED = ["WELCOME10", "FREESHIP499", "FLAT150"];
  const listed = async (init: { token?: string } = {}) => {
    const res = await api("/auth/coupons", init);
    expect(res.status).toBe(200);
    return (res.json.data as Json[]).map((c) => c.code as string).filter((code) => SEEDED.includes(code) || code.startsWith(`${prefix}L`));
  };

  it("lists the coupons the cart would accept, and hides the used-up ones", async () => {
    const day = 86_400_000;
    const now = Date.now();
    const open = await makeCoupon("LOPEN");
    const usedUp = await makeCoupon("LUSED", { usage_limit: 1 });
    const once = await makeCoupon("LONCE", { per_customer_limit: 1 });
    const off = await makeCoupon("LOFF", { active: 0 });
    const old = await makeCoupon("LOLD", { ends_at: new Date(now - day).toISOString() });
    const soon = await makeCoupon("LSOON", { starts_at: new Date(now + day).toISOString() });
    const [x, y] = [await user(), await user()];
    await orderOf(x, usedUp.code);
    await orderOf(x, once.code);

    expect(await listed()).toEqual([...SEEDED, open.code, once.code]);
    expect(await listed({ token: x.token })).toEqual(["FREESHIP499", "FLAT150", open.code]);
    expect(await listed({ token: y.token })).toEqual([...SEEDED, open.code, once.code]);

    // The cart agrees with the list, code by code.
    const all = [...SEEDED, open.code, usedUp.code, once.code, off.code, old.code, soon.code];
    for (const u of [x, y]) {
      const c = customer(u);
      await withCart(c, 150000);
      const shown = await listed({ token: u.token });
      for (const code of all) {
        const res = await cartApi(c).coupon(code);
        expect(res.status, `${code} for customer ${u.id}`).toBe(shown.includes(code) ? 200 : 422);
      }
    }
  });
});
