import { afterAll, describe, expect, it } from "vitest";
import {
  addOk,
  cartApi,
  cartRowCount,
  cartRowOf,
  customer,
  dropTestProducts,
  guest,
  itemsOf,
  LINE_NOT_FOUND,
  linesOf,
  makeProduct,
  newGuestId,
  NO_CART_SESSION,
  NOT_YOUR_CART,
  QUANTITY_MESSAGE,
  readCartOf,
  setProduct,
  snapshot,
  summaryOf,
  type Caller,
} from "./cart-client";
import {
  api,
  clientAddresses,
  closeTestDb,
  codeIn,
  confirmTokenIn,
  cookieOf,
  mailTo,
  newUser,
  post,
  SESSION_COOKIE,
  setCookieLine,
  signIn,
  signUp,
  testDb,
  uniqueEmail,
  type Json,
} from "./client";

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Every test speaks from its own client addresses (10.9.x.y), so rate limits never cross tests. */
const nextIp = clientAddresses(9);
const user = () => newUser(nextIp());

const NO_HEADER = { result: false, message: "This request must be sent by the store's pages (X-Requested-With header missing)." };
const SIGN_IN_REQUIRED = { result: false, message: "Please log in to continue." };

/** The guest_id Set-Cookie line of an answer that clears the cookie. */
function expectGuestCookieCleared(res: { headers: Headers }) {
  const line = setCookieLine(res, "guest_id");
  expect(line, "guest_id cookie cleared").toBeDefined();
  expect(line).toMatch(/^guest_id=;/);
  expect(line).toMatch(/Max-Age=0/);
  expect(line).toMatch(/Path=\//);
}

const productIds = (cart: Json) => itemsOf(cart).map((i: Json) => i.product_id);
const quantities = (cart: Json) => Object.fromEntries(itemsOf(cart).map((i: Json) => [i.product_id, i.quantity]));

describe("whose cart: the session or the guest cookie, never an id in the request", () => {
  it("keeps a guest's cart under the guest_id cookie: add, read (POST and GET), count and summary", async () => {
    const g = guest("guest");
    const p = await makeProduct({ price: 150000, listPrice: 180000, stock: 8 });
    const res = await cartApi(g).add(p.id, 2);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ result: true, message: "Product added to cart", count: 2 });
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    for (const read of [cartApi(g).cart, cartApi(g).cartGet]) {
      const cart = await read();
      expect(cart.status).toBe(200);
      expect(cart.headers.get("cache-control")).toBe("private, no-store");
      expect(cart.json).toMatchObject({ result: true, grand_total: 3099, count: 2, notices: [] });
      expect(cart.json.data).toHaveLength(1);
      expect(cart.json.data[0].owner).toBe("guest");
      const [line] = itemsOf(cart.json);
      expect(line).toMatchObject({
        product_id: p.id,
        product_slug: p.slug,
        product_name: p.name,
        variation: "",
        quantity: 2,
        lower_limit: 1,
        upper_limit: 8,
        price: 1500,
        previous_price: null,
        list_price: 1800,
        line_total: 3000,
        availability: "in_stock",
        stock_quantity: 8,
        gst_rate: 5,
      });
    }
    for (const count of [cartApi(g).count, cartApi(g).countGet]) {
      const c = await count();
      expect(c.status).toBe(200);
      expect(c.json).toEqual({ count: 2, result: true });
    }
    for (const summary of [cartApi(g).summary, cartApi(g).summaryGet]) {
      const s = await summary();
      expect(s.status).toBe(200);
      expect(s.json).toMatchObject({ result: true, notices: [], summary: { sub_total: 3000, shipping_cost: 99, coupon_discount: 0, grand_total: 3099, count: 2 } });
    }
    const row = await cartRowOf(g.owner);
    expect(row).toMatchObject({ user_id: null, guest_id: "guestId" in g.owner ? g.owner.guestId : "", coupon_code: null, shipping_method: "standard" });
    expect(await linesOf(g.owner)).toEqual([expect.objectContaining({ product_id: p.id, quantity: 2, unit_price: 150000, variant: "" })]);
  });

  it("without a session or a guest cookie, reads are an empty cart and every change is 401 with the spec's message", async () => {
    const p = await makeProduct();
    const nobodies: Caller[] = [
      { label: "no cookie", init: {}, owner: { guestId: "none" } },
      // Cookies that are not a guest id of the spec's form are no guest at all.
      { label: "short guest id", init: { cookie: "guest_id=guest_12345678" }, owner: { guestId: "guest_12345678" } },
      { label: "long guest id", init: { cookie: "guest_id=guest_1234567890" }, owner: { guestId: "guest_1234567890" } },
      { label: "odd characters", init: { cookie: "guest_id=guest_1234-6789" }, owner: { guestId: "guest_1234-6789" } },
      { label: "no prefix", init: { cookie: "guest_id=123456789" }, owner: { guestId: "123456789" } },
      { label: "a session cookie that opens no session", init: { cookie: `${SESSION_COOKIE}=not-a-session` }, owner: { guestId: "none" } },
    ];
    const { db } = await testDb();
    const cartsBefore = Number((await db.selectFrom("carts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    for (const nobody of nobodies) {
      const c = cartApi(nobody);
      for (const count of [c.count, c.countGet]) expect((await count()).json, nobody.label).toEqual({ count: 0, result: true });
      for (const read of [c.cart, c.cartGet]) {
        const cart = await read();
        expect(cart.status, nobody.label).toBe(200);
        expect(cart.json, nobody.label).toMatchObject({ result: true, count: 0, grand_total: 0, notices: [] });
        expect(itemsOf(cart.json)).toEqual([]);
      }
      const summary = await c.summary();
      expect(summary.json.summary, nobody.label).toMatchObject({ sub_total: 0, shipping_cost: 0, coupon_discount: 0, tax: 0, grand_total: 0, count: 0, coupon_applied: false });
      const changes = [c.add(p.id, 1), c.change(1, 1), c.remove(1), c.coupon("FREESHIP499"), c.dropCoupon(), c.shipping("express")];
      for (const res of await Promise.all(changes)) {
        expect(res.status, `${nobody.label}: ${res.text}`).toBe(401);
        expect(res.json).toEqual({ result: false, message: NO_CART_SESSION });
      }
    }
    const cartsAfter = Number((await db.selectFrom("carts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    expect(cartsAfter).toBe(cartsBefore);
  });

  it("user_id and temp_user_id in a body or query never choose a cart: a value other than the caller's is 403 and changes nothing", async () => {
    const a = await user();
    const b = await user();
    const ca = customer(a);
    const cb = customer(b);
    const g1 = guest("G1");
    const g2 = guest("G2");
    const p = await makeProduct({ stock: 50 });
    for (const c of [ca, cb, g1, g2]) await addOk(c, p.id, 1);
    const before = await Promise.all([ca, cb, g1, g2].map((c) => snapshot(c.owner)));
    const g2Id = "guestId" in g2.owner ? g2.owner.guestId : "";
    const g1Id = "guestId" in g1.owner ? g1.owner.guestId : "";
    const [aLine] = await linesOf(ca.owner);
    const [g1Line] = await linesOf(g1.owner);

    // A customer naming another customer.
    const asA = cartApi(ca);
    const forged: Array<Promise<{ status: number; json: Json; text: string }>> = [
      asA.add(p.id, 1, { user_id: b.id }),
      post(`/carts/add?user_id=${b.id}`, { id: p.id, quantity: 1 }, ca.init),
      asA.change(aLine!.id, 3, { user_id: b.id }),
      post("/carts", { user_id: b.id }, ca.init),
      api(`/carts?user_id=${b.id}`, ca.init),
      post("/cart-count", { user_id: b.id }, ca.init),
      api(`/cart-count?user_id=${b.id}`, ca.init),
      post("/cart-summary", { user_id: String(b.id) }, ca.init),
      api(`/cart-summary?user_id=${b.id}`, ca.init),
      // A customer naming a guest's cart.
      asA.add(p.id, 1, { temp_user_id: g2Id }),
      post("/carts", { temp_user_id: g2Id }, ca.init),
    ];
    // A query naming someone else is refused on every change, also on calls whose body has no such field.
    for (const [c, query, line] of [
      [ca, `user_id=${b.id}`, aLine!],
      [ca, `temp_user_id=${g2Id}`, aLine!],
      [g1, `temp_user_id=${g2Id}`, g1Line!],
    ] as const) {
      forged.push(
        post(`/carts/change-quantity?${query}`, { id: line.id, quantity: 3 }, c.init),
        api(`/carts/${line.id}?${query}`, { method: "DELETE", ...c.init }),
        post(`/carts/coupon?${query}`, { code: "FREESHIP499" }, c.init),
        api(`/carts/coupon?${query}`, { method: "DELETE", ...c.init }),
        post(`/carts/shipping?${query}`, { method: "express" }, c.init),
      );
    }
    // A guest naming another guest.
    const asG1 = cartApi(g1);
    forged.push(
      asG1.add(p.id, 1, { temp_user_id: g2Id }),
      post(`/carts/add?temp_user_id=${g2Id}`, { id: p.id, quantity: 1 }, g1.init),
      asG1.change(g1Line!.id, 3, { temp_user_id: g2Id }),
      post("/carts", { temp_user_id: g2Id }, g1.init),
      api(`/cart-count?temp_user_id=${g2Id}`, g1.init),
      post("/cart-summary", { temp_user_id: g2Id }, g1.init),
    );
    for (const res of await Promise.all(forged)) {
      expect(res.status, res.text).toBe(403);
      expect(res.json).toEqual(NOT_YOUR_CART);
    }
    // A guest naming a customer is asked to sign in; a bare temp_user_id without a cookie is refused too.
    for (const res of [await asG1.add(p.id, 1, { user_id: a.id }), await post("/carts", { user_id: a.id }, g1.init)]) {
      expect(res.status, res.text).toBe(401);
      expect(res.json).toEqual(SIGN_IN_REQUIRED);
    }
    const bare = await post("/carts/add", { id: p.id, quantity: 1, temp_user_id: g2Id }, {});
    expect(bare.status).toBe(403);
    expect(bare.json).toEqual(NOT_YOUR_CART);
    const bareRead = await post("/carts", { temp_user_id: g2Id }, {});
    expect(bareRead.status).toBe(403);

    expect(await Promise.all([ca, cb, g1, g2].map((c) => snapshot(c.owner)))).toEqual(before);

    // The caller's own values are accepted (the spec's clients send them) and change the caller's cart.
    expect((await asA.add(p.id, 1, { user_id: a.id })).status).toBe(200);
    expect((await post(`/carts/add?user_id=${a.id}`, { id: p.id, quantity: 1 }, ca.init)).status).toBe(200);
    expect((await api(`/cart-count?user_id=${a.id}`, ca.init)).json.count).toBe(3);
    expect((await asG1.add(p.id, 1, { temp_user_id: g1Id })).status).toBe(200);
    expect((await post("/cart-count", { temp_user_id: g1Id }, g1.init)).json.count).toBe(2);
    // user_id 0 / null and an empty temp_user_id name nobody (old clients send them for a guest).
    expect((await asG1.add(p.id, 1, { user_id: 0, temp_user_id: "" })).status).toBe(200);
    expect((await asG1.add(p.id, 1, { user_id: null, temp_user_id: null })).status).toBe(200);
    expect((await linesOf(g1.owner))[0]!.quantity).toBe(4);
    expect(await snapshot(cb.owner)).toEqual(before[1]);
    expect(await snapshot(g2.owner)).toEqual(before[3]);
  });

  it("two customers and two guests: every cart call sees and changes only the caller's own cart; the others' line ids are 404 and no row changes", async () => {
    const [a, b] = [await user(), await user()];
    const callers = [customer(a, "token", "A"), customer(b, "token", "B"), guest("G1"), guest("G2")];
    const shared = await makeProduct({ stock: 50 });
    const own = await Promise.all(callers.map(() => makeProduct({ price: 60000, stock: 50 })));
    for (const [i, c] of callers.entries()) {
      await addOk(c, shared.id, i + 1);
      await addOk(c, own[i]!.id, 2);
    }

    // Reads: each caller sees only its own lines (also A through its session cookie).
    const views = [...callers, customer(a, "cookie", "A (cookie)")];
    for (const c of views) {
      const i = c.label.startsWith("A") ? 0 : callers.indexOf(c);
      const cart = await readCartOf(c);
      expect(quantities(cart), c.label).toEqual({ [shared.id]: i + 1, [own[i]!.id]: 2 });
      expect(cart.data[0].owner).toBe(i < 2 ? "customer" : "guest");
      expect((await cartApi(c).count()).json.count, c.label).toBe(i + 3);
      expect((await summaryOf(c)).sub_total, c.label).toBe(1500 * (i + 1) + 600 * 2);
    }

    const owners = callers.map((c) => c.owner);
    const all = () => Promise.all(owners.map((o) => snapshot(o)));
    const before = await all();

    // Changes aimed at another owner's lines: 404 "Cart item not found.", for every pair.
    for (const [x, cx] of callers.entries()) {
      for (const [y] of callers.entries()) {
        if (x === y) continue;
        for (const line of before[y]!.lines) {
          const change = await cartApi(cx).change(line.id, 1);
          expect(change.status, `${cx.label} → ${callers[y]!.label}'s line ${line.id}`).toBe(404);
          expect(change.json).toEqual(LINE_NOT_FOUND);
          const remove = await cartApi(cx).remove(line.id);
          expect(remove.status, `${cx.label} deletes ${callers[y]!.label}'s line ${line.id}`).toBe(404);
          expect(remove.json).toEqual(LINE_NOT_FOUND);
        }
      }
      // Through the session cookie too.
      const viaCookie = customer(a, "cookie");
      expect((await cartApi(viaCookie).change(before[1]!.lines[0]!.id, 5)).status).toBe(404);
      expect((await cartApi(viaCookie).remove(before[3]!.lines[1]!.id)).status).toBe(404);
    }
    expect(await all()).toEqual(before);

    // Coupon and shipping calls change the caller's carts row and nobody else's.
    for (const [x, cx] of callers.entries()) {
      const c = cartApi(cx);
      const applied = await c.coupon("FREESHIP499");
      expect(applied.status, applied.text).toBe(200);
      expect(applied.json.summary).toMatchObject({ coupon_code: "FREESHIP499", coupon_applied: true, coupon_discount: 99 });
      const shipped = await c.shipping("express");
      expect(shipped.status).toBe(200);
      expect(shipped.json.summary).toMatchObject({ shipping_method: "express", shipping_cost: 249, coupon_discount: 99 });
      const after = await all();
      for (const [y] of callers.entries()) {
        if (y === x) expect(after[y]!.cart).toMatchObject({ coupon_code: "FREESHIP499", shipping_method: "express" });
        else expect(after[y], `${cx.label} applied a coupon; ${callers[y]!.label} unchanged`).toEqual(before[y]);
      }
      const dropped = await c.dropCoupon();
      expect(dropped.status).toBe(200);
      expect(dropped.json.summary).toMatchObject({ coupon_code: null, coupon_applied: false, coupon_discount: 0 });
      expect((await c.shipping("standard")).status).toBe(200);
      expect(await all()).toEqual(before);
    }
    // Others' coupons stay when one caller removes its own.
    await cartApi(callers[1]!).coupon("FREESHIP499");
    await cartApi(callers[0]!).dropCoupon();
    await cartApi(callers[2]!).dropCoupon();
    expect((await cartRowOf(owners[1]!))!.coupon_code).toBe("FREESHIP499");

    // Own lines remain the caller's to change.
    for (const [i, c] of callers.entries()) {
      const line = before[i]!.lines[1]!;
      expect((await cartApi(c).change(line.id, 3)).json).toMatchObject({ result: true, message: "Cart updated", count: i + 1 + 3 });
      expect((await cartApi(c).remove(line.id)).json).toMatchObject({ result: true, message: "Product removed from cart", count: i + 1 });
    }
    for (const [i, o] of owners.entries()) expect((await linesOf(o)).map((l) => [l.product_id, l.quantity])).toEqual([[shared.id, i + 1]]);
  });

  it("follows a customer to every session: a second sign-in, the token and the session cookie all see one cart", async () => {
    const u = await user();
    const second = await signIn(u.ip, u.email, u.password);
    expect(second.token).not.toBe(u.token);
    const first = customer(u, "token");
    const other = { label: "second device", init: { token: second.token }, owner: { userId: u.id } } satisfies Caller;
    const browser = { label: "second device's cookie", init: { cookie: second.cookie }, owner: { userId: u.id } } satisfies Caller;
    const p1 = await makeProduct();
    const p2 = await makeProduct();
    await addOk(first, p1.id, 1);
    await addOk(browser, p2.id, 2);
    await addOk(other, p1.id, 2);
    for (const c of [first, other, browser]) {
      const cart = await readCartOf(c);
      expect(quantities(cart), c.label).toEqual({ [p1.id]: 3, [p2.id]: 2 });
      expect(cart.data[0].owner).toBe("customer");
    }
    expect(await cartRowCount({ userId: u.id })).toBe(1);
    expect(await linesOf({ userId: u.id })).toHaveLength(2);
  });
});

describe("quantities and stock", () => {
  const BAD_QUANTITIES: Array<[string, string]> = [
    ["0", "0"],
    ["negative", "-1"],
    ["fraction", "1.5"],
    ["string", '"2"'],
    ["1e9", "1e9"],
    ["null", "null"],
    ["above 100", "101"],
    ["huge", "123456789012345678901234567890"],
    ["overflow", "1e400"],
    ["boolean", "true"],
    ["array", "[1]"],
    ["object", '{"n":1}'],
  ];

  it("refuses a quantity that is not a whole number from 1 to 100 (422 with the message) and writes nothing", async () => {
    const g = guest();
    const p = await makeProduct({ stock: 500 });
    await addOk(g, p.id, 2);
    const [line] = await linesOf(g.owner);
    const before = await snapshot(g.owner);
    for (const [label, raw] of BAD_QUANTITIES) {
      const add = await post("/carts/add", `{"id":${p.id},"quantity":${raw}}`, g.init);
      expect(add.status, `add ${label}: ${add.text}`).toBe(422);
      expect(add.json).toMatchObject({ result: false, message: QUANTITY_MESSAGE });
      expect(new Set(add.json.errors.quantity)).toEqual(new Set([QUANTITY_MESSAGE]));
      const change = await post("/carts/change-quantity", `{"id":${line!.id},"quantity":${raw}}`, g.init);
      expect(change.status, `change ${label}: ${change.text}`).toBe(422);
      expect(change.json).toMatchObject({ result: false, message: QUANTITY_MESSAGE });
    }
    // change-quantity needs a quantity; add takes 1 when none is sent.
    const missing = await post("/carts/change-quantity", { id: line!.id }, g.init);
    expect(missing.status).toBe(422);
    expect(missing.json.message).toBe(QUANTITY_MESSAGE);
    expect(await snapshot(g.owner)).toEqual(before);
    expect((await post("/carts/add", { id: p.id }, g.init)).json.count).toBe(3);
    // 100 is the most a line holds, whatever the stock.
    expect((await cartApi(g).change(line!.id, 100)).status).toBe(200);
    const over = await cartApi(g).add(p.id, 1);
    expect(over.status).toBe(409);
    expect(over.json).toEqual({ result: false, message: "You already have 100 in your cart, the most you can order." });
    expect((await linesOf(g.owner))[0]!.quantity).toBe(100);
  });

  it("caps a line at the stock of an in-stock product: adds go to one line, and the add that would pass the stock is 409 with a message and changes nothing", async () => {
    const g = guest();
    const p = await makeProduct({ stock: 5 });
    const tooMany = await cartApi(g).add(p.id, 6);
    expect(tooMany.status).toBe(409);
    expect(tooMany.json).toEqual({ result: false, message: "Only 5 left in stock." });
    expect(await linesOf(g.owner)).toEqual([]);

    expect((await cartApi(g).add(p.id, 3)).json.count).toBe(3);
    const partly = await cartApi(g).add(p.id, 3);
    expect(partly.status).toBe(409);
    expect(partly.json).toEqual({ result: false, message: "You already have 3 in your cart; you can add up to 2 more." });
    expect((await linesOf(g.owner)).map((l) => l.quantity)).toEqual([3]);
    expect((await cartApi(g).add(p.id, 2)).json.count).toBe(5);
    const full = await cartApi(g).add(p.id, 1);
    expect(full.status).toBe(409);
    expect(full.json).toEqual({ result: false, message: "You already have 5 in your cart, the most you can order." });
    const lines = await linesOf(g.owner);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(5);

    const [line] = lines;
    const above = await cartApi(g).change(line!.id, 6);
    expect(above.status).toBe(409);
    expect(above.json).toEqual({ result: false, message: "Only 5 left in stock." });
    expect((await cartApi(g).change(line!.id, 1)).json).toEqual({ result: true, message: "Cart updated", count: 1 });
    expect((await linesOf(g.owner))[0]!.quantity).toBe(1);
    const item = itemsOf(await readCartOf(g))[0];
    expect(item).toMatchObject({ quantity: 1, lower_limit: 1, upper_limit: 5, stock_quantity: 5 });

    // A product without variants takes none: a made-up one is refused and writes no line of its own
    // (variants.api.test.ts: each variant of a product sold by variant is a line of its own).
    const madeUp = await cartApi(g).add(p.id, 2, { variant: "Blackout lining" });
    expect(madeUp.status).toBe(422);
    expect((await linesOf(g.owner)).map((l) => [l.variant, l.quantity])).toEqual([["", 1]]);
  });

  it("refuses out-of-stock, unpublished and unknown products (409 Out Of Stock / 404) without writing a line; made-to-order pieces need no stock", async () => {
    const g = guest();
    const soldOut = await makeProduct({ availability: "out_of_stock", stock: 0 });
    const noStock = await makeProduct({ availability: "in_stock", stock: 0 });
    const hidden = await makeProduct({ published: 0 });
    const madeToOrder = await makeProduct({ availability: "made_to_order", stock: 0 });
    for (const p of [soldOut, noStock]) {
      const res = await cartApi(g).add(p.id, 1);
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ result: false, message: "Out Of Stock" });
    }
    for (const id of [hidden.id, 2_000_000_000]) {
      const res = await cartApi(g).add(id, 1);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ result: false, message: "This product is no longer available." });
    }
    expect(await linesOf(g.owner)).toEqual([]);
    expect((await cartApi(g).count()).json.count).toBe(0);

    expect((await cartApi(g).add(madeToOrder.id, 100)).status).toBe(200);
    expect(itemsOf(await readCartOf(g))[0]).toMatchObject({ availability: "made_to_order", quantity: 100, upper_limit: 100 });
    // A line whose product sold out or was hidden meanwhile cannot be changed.
    const [line] = await linesOf(g.owner);
    await setProduct(madeToOrder.id, { availability: "out_of_stock" });
    const sold = await cartApi(g).change(line!.id, 2);
    expect(sold.status).toBe(409);
    expect(sold.json.message).toBe("Out Of Stock");
    await setProduct(madeToOrder.id, { availability: "made_to_order", published: 0 });
    const gone = await cartApi(g).change(line!.id, 2);
    expect(gone.status).toBe(404);
    expect(gone.json.message).toBe("This product is no longer available.");
    expect((await linesOf(g.owner))[0]!.quantity).toBe(100);
  });

  it("changes and removes the caller's own lines; a removed line is then 404", async () => {
    const u = await user();
    const c = customer(u);
    const p1 = await makeProduct();
    const p2 = await makeProduct();
    await addOk(c, p1.id, 1);
    await addOk(c, p2.id, 1);
    const [l1, l2] = await linesOf(c.owner);
    expect((await cartApi(c).change(l1!.id, 4)).json).toEqual({ result: true, message: "Cart updated", count: 5 });
    expect((await cartApi(c).remove(l2!.id)).json).toEqual({ result: true, message: "Product removed from cart", count: 4 });
    expect((await linesOf(c.owner)).map((l) => [l.product_id, l.quantity])).toEqual([[p1.id, 4]]);
    const again = await cartApi(c).remove(l2!.id);
    expect(again.status).toBe(404);
    expect(again.json).toEqual(LINE_NOT_FOUND);
    expect((await cartApi(c).change(l2!.id, 1)).status).toBe(404);
    expect((await cartApi(c).remove(l1!.id)).json.count).toBe(0);
    const cart = await readCartOf(c);
    expect(itemsOf(cart)).toEqual([]);
    expect(cart.summary).toMatchObject({ sub_total: 0, shipping_cost: 0, grand_total: 0, count: 0 });
  });
});

describe("catalog changes show on the next read", () => {
  it("shows a price change: the new price, previous_price, and a notice until the quantity is changed", async () => {
    const g = guest();
    const up = await makeProduct({ price: 150000 });
    const down = await makeProduct({ price: 99900 });
    await addOk(g, up.id, 1);
    await addOk(g, down.id, 2);
    await setProduct(up.id, { price: 175000 });
    await setProduct(down.id, { price: 89950 });

    const expected = [`The price of ${up.name} changed from ₹1,500 to ₹1,750.`, `The price of ${down.name} changed from ₹999 to ₹899.50.`];
    for (let read = 0; read < 2; read++) {
      const cart = await readCartOf(g);
      expect(cart.notices).toEqual(expected);
      const [a, b] = itemsOf(cart);
      expect(a).toMatchObject({ product_id: up.id, price: 1750, previous_price: 1500, line_total: 1750 });
      expect(b).toMatchObject({ product_id: down.id, price: 899.5, previous_price: 999, line_total: 1799 });
      expect(cart.summary.sub_total).toBe(1750 + 1799);
    }
    const summary = await cartApi(g).summary();
    expect(summary.json.notices).toEqual(expected);
    expect((await linesOf(g.owner)).map((l) => l.unit_price)).toEqual([150000, 99900]);

    // Changing the quantity takes the price the shopper now sees.
    const [l1] = await linesOf(g.owner);
    expect((await cartApi(g).change(l1!.id, 2)).status).toBe(200);
    const after = await readCartOf(g);
    expect(itemsOf(after)[0]).toMatchObject({ price: 1750, previous_price: null, quantity: 2 });
    expect(after.notices).toEqual([expected[1]]);
    expect((await linesOf(g.owner)).map((l) => l.unit_price)).toEqual([175000, 99900]);
    // Adding more of a product also takes its current price.
    await addOk(g, down.id, 1);
    const last = await readCartOf(g);
    expect(itemsOf(last)[1]).toMatchObject({ price: 899.5, previous_price: null, quantity: 3 });
    expect(last.notices).toEqual([]);
  });

  it("removes a line whose product was unpublished, once, with a notice; the count drops", async () => {
    const g = guest();
    const stays = await makeProduct();
    const goes = await makeProduct();
    await addOk(g, stays.id, 2);
    await addOk(g, goes.id, 1);
    expect((await cartApi(g).count()).json.count).toBe(3);
    await setProduct(goes.id, { published: 0 });
    expect((await cartApi(g).count()).json.count).toBe(2);

    const cart = await readCartOf(g);
    expect(cart.notices).toEqual([`${goes.name} is no longer available and was removed from your cart.`]);
    expect(productIds(cart)).toEqual([stays.id]);
    expect(cart.count).toBe(2);
    expect((await linesOf(g.owner)).map((l) => l.product_id)).toEqual([stays.id]);
    const again = await readCartOf(g);
    expect(again.notices).toEqual([]);
    // Published again, it does not come back by itself.
    await setProduct(goes.id, { published: 1 });
    expect(productIds(await readCartOf(g))).toEqual([stays.id]);
  });

  it("lowers a quantity above the stock with a notice; a sold-out line stays, outside the totals, until removed", async () => {
    const g = guest();
    const p = await makeProduct({ stock: 10, price: 100000 });
    const q = await makeProduct({ stock: 10, price: 50000 });
    const r = await makeProduct({ stock: 10, price: 70000 });
    await addOk(g, p.id, 5);
    await addOk(g, q.id, 3);
    await addOk(g, r.id, 2);
    await setProduct(p.id, { stock_quantity: 2 });
    await setProduct(q.id, { stock_quantity: 1 });
    await setProduct(r.id, { availability: "out_of_stock", stock_quantity: 0 });

    const cart = await readCartOf(g);
    expect(cart.notices).toEqual([
      `Only 2 of ${p.name} are left, so your quantity was lowered to 2.`,
      `Only 1 of ${q.name} is left, so your quantity was lowered to 1.`,
      `${r.name} is out of stock. Remove it to check out.`,
    ]);
    expect(itemsOf(cart).map((i: Json) => [i.product_id, i.quantity, i.upper_limit])).toEqual([
      [p.id, 2, 2],
      [q.id, 1, 1],
      [r.id, 2, 0],
    ]);
    expect((await linesOf(g.owner)).map((l) => l.quantity)).toEqual([2, 1, 2]);
    expect(cart.summary.sub_total).toBe(2000 + 500);
    expect(cart.summary.grand_total).toBe(2500 + 99);
    const again = await readCartOf(g);
    expect(again.notices).toEqual([`${r.name} is out of stock. Remove it to check out.`]);
    const rLine = (await linesOf(g.owner))[2]!;
    expect((await cartApi(g).remove(rLine.id)).status).toBe(200);
    expect((await readCartOf(g)).notices).toEqual([]);
  });
});

describe("the guest cart moves into the customer's at sign-in", () => {
  async function guestCartId(guestId: string): Promise<number> {
    return (await cartRowOf({ guestId }))!.id;
  }
  async function linesOfCartId(cartId: number): Promise<number> {
    const { db } = await testDb();
    return Number((await db.selectFrom("cart_lines").select((eb) => eb.fn.countAll<number>().as("n")).where("cart_id", "=", cartId).executeTakeFirstOrThrow()).n);
  }

  it("POST /auth/login with the guest cookie: the same product adds up to the stock, other lines move, the guest cart is deleted and its cookie cleared", async () => {
    const u = await user();
    const c = customer(u);
    const g = guest("guest");
    const guestId = "guestId" in g.owner ? g.owner.guestId : "";
    const both = await makeProduct({ stock: 5 });
    const mine = await makeProduct();
    const theirs = await makeProduct({ price: 60000 });
    const hidden = await makeProduct();
    await addOk(c, both.id, 3);
    await addOk(c, mine.id, 1);
    await addOk(g, both.id, 4);
    await addOk(g, theirs.id, 2);
    await addOk(g, hidden.id, 1);
    expect((await cartApi(g).coupon("FREESHIP499")).status).toBe(200);
    await setProduct(hidden.id, { published: 0 });
    const gCart = await guestCartId(guestId);

    const login = await post("/auth/login", { login_by: "email", email: u.email, password: u.password }, { ip: u.ip, cookie: g.init.cookie });
    expect(login.status, login.text).toBe(200);
    expectGuestCookieCleared(login);
    expect(cookieOf(login, SESSION_COOKIE)).toBeDefined();

    expect(await cartRowOf(g.owner)).toBeUndefined();
    expect(await linesOfCartId(gCart)).toBe(0);
    expect((await linesOf(c.owner)).map((l) => [l.product_id, l.quantity])).toEqual([
      [both.id, 5],
      [mine.id, 1],
      [theirs.id, 2],
    ]);
    // The guest's coupon comes along when the customer had none.
    expect((await cartRowOf(c.owner))!.coupon_code).toBe("FREESHIP499");
    const viaNewSession = await readCartOf({ label: "new session", init: { token: login.json.access_token }, owner: c.owner });
    expect(quantities(viaNewSession)).toEqual({ [both.id]: 5, [mine.id]: 1, [theirs.id]: 2 });
    expect(viaNewSession.summary).toMatchObject({ coupon_code: "FREESHIP499", coupon_applied: true, count: 8 });
    expect(quantities(await readCartOf(c))).toEqual(quantities(viaNewSession));

    // The old guest cookie now opens an empty cart, and signing in with it again moves nothing.
    const old = await readCartOf(g);
    expect(itemsOf(old)).toEqual([]);
    expect((await cartApi(g).count()).json.count).toBe(0);
    const before = await snapshot(c.owner);
    expect((await post("/auth/login", { email: u.email, password: u.password }, { ip: u.ip, cookie: g.init.cookie })).status).toBe(200);
    expect(await snapshot(c.owner)).toEqual(before);
    // A sign-in without a guest cookie leaves the cookie alone.
    const plain = await post("/auth/login", { email: u.email, password: u.password }, { ip: u.ip });
    expect(setCookieLine(plain, "guest_id")).toBeUndefined();
  });

  it("takes the guest id from the login body (guestId) when the client sends no cookie; a malformed guestId is 422", async () => {
    const u = await user();
    const g = guest();
    const guestId = "guestId" in g.owner ? g.owner.guestId : "";
    const p = await makeProduct();
    await addOk(g, p.id, 2);
    const bad = await post("/auth/login", { email: u.email, password: u.password, guestId: "guest_x" }, { ip: u.ip });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("Guest id is not valid.");
    expect(await linesOf(g.owner)).toHaveLength(1);

    const login = await post("/auth/login", { email: u.email, password: u.password, guestId }, { ip: u.ip });
    expect(login.status, login.text).toBe(200);
    expect(setCookieLine(login, "guest_id")).toBeUndefined();
    expect(await cartRowOf(g.owner)).toBeUndefined();
    expect((await linesOf({ userId: u.id })).map((l) => [l.product_id, l.quantity])).toEqual([[p.id, 2]]);
  });

  it("merges at a sign-in with an emailed code (POST /auth/otp/verify)", async () => {
    const ip = nextIp();
    const creds = await signUp(ip);
    const g = guest();
    const p = await makeProduct();
    await addOk(g, p.id, 3);
    const since = Date.now();
    expect((await post("/auth/otp/send", { email_or_phone: creds.email }, { ip })).status).toBe(200);
    const code = codeIn(await mailTo(creds.email, { since, subject: /sign-in code/ }));
    const verified = await post("/auth/otp/verify", { email_or_phone: creds.email, otp: code }, { ip, cookie: g.init.cookie });
    expect(verified.status, verified.text).toBe(200);
    expectGuestCookieCleared(verified);
    const userId = Number(verified.json.user.id);
    expect(await cartRowOf(g.owner)).toBeUndefined();
    expect((await linesOf({ userId })).map((l) => [l.product_id, l.quantity])).toEqual([[p.id, 3]]);
    expect(quantities(await readCartOf({ label: "otp session", init: { token: verified.json.access_token }, owner: { userId } }))).toEqual({ [p.id]: 3 });
  });

  it("merges when the new customer confirms the email at sign-up (POST /auth/email/confirm) in the browser that shopped as a guest", async () => {
    const ip = nextIp();
    const g = guest();
    const p = await makeProduct();
    await addOk(g, p.id, 2);
    const email = uniqueEmail("cart-confirm");
    const password = "Kesar-Cart-Confirm-9";
    const since = Date.now();
    const signup = await post("/auth/signup", { name: "Nisha Rao", email_or_phone: email, password, password_confirmation: password, register_by: "email" }, { ip });
    expect(signup.status, signup.text).toBe(200);
    const token = confirmTokenIn(await mailTo(email, { since, subject: /^Welcome to / }));
    const confirmed = await post("/auth/email/confirm", { token, password }, { ip, cookie: g.init.cookie });
    expect(confirmed.status, confirmed.text).toBe(200);
    expectGuestCookieCleared(confirmed);
    const userId = Number(confirmed.json.user.id);
    expect(await cartRowOf(g.owner)).toBeUndefined();
    expect((await linesOf({ userId })).map((l) => [l.product_id, l.quantity])).toEqual([[p.id, 2]]);
  });

  it("keeps every unit when a customer keeps adding while a guest cart holding the same product merges in", async () => {
    const u = await user();
    const c = customer(u);
    const ROUNDS = Number(process.env.CART_MERGE_ROUNDS ?? 10);
    for (let round = 0; round < ROUNDS; round++) {
      // A fresh product each round: the customer's line starts with 1, the guest's holds 5.
      const p = await makeProduct({ stock: 100 });
      await addOk(c, p.id, 1);
      const g = guest();
      await addOk(g, p.id, 5);
      let signedIn = false;
      const login = post("/auth/login", { email: u.email, password: u.password }, { ip: u.ip, cookie: g.init.cookie }).finally(() => (signedIn = true));
      // Adds in small parallel batches until the sign-in (and so the merge) has answered.
      let added = 0;
      while (!signedIn && added < 80) {
        const batch = await Promise.all([0, 1, 2, 3].map(() => cartApi(c).add(p.id, 1)));
        expect(batch.map((a) => a.status)).toEqual([200, 200, 200, 200]);
        added += batch.length;
      }
      expect((await login).status).toBe(200);
      expect(await cartRowOf(g.owner)).toBeUndefined();
      const line = (await linesOf(c.owner)).find((l) => l.product_id === p.id);
      expect(line?.quantity, `round ${round}: 1 + 5 merged + ${added} added`).toBe(1 + 5 + added);
    }
  });
});

describe("parallel adds", () => {
  it("50 parallel adds of one piece to one new guest cart (stock 60) make one cart with one line of 50", async () => {
    const g = guest();
    const p = await makeProduct({ stock: 60 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => cartApi(g).add(p.id, 1)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(Math.max(...answers.map((a) => a.json.count))).toBe(50);
    expect(await cartRowCount(g.owner)).toBe(1);
    const lines = await linesOf(g.owner);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(50);
    expect((await cartApi(g).count()).json.count).toBe(50);
  });

  it("50 parallel adds for a customer with stock 30: 30 succeed, 20 answer 409, the line holds 30", async () => {
    const u = await user();
    const c = customer(u);
    const p = await makeProduct({ stock: 30 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => cartApi(c).add(p.id, 1)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.json).toEqual({ result: false, message: "You already have 30 in your cart, the most you can order." });
    expect(await cartRowCount(c.owner)).toBe(1);
    const lines = await linesOf(c.owner);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(30);
  });
});

describe("order summary", () => {
  it("adds shipping (standard ₹99, express ₹249), takes off the coupon, and shows the GST the prices contain", async () => {
    const g = guest();
    const c = cartApi(g);
    const empty = await summaryOf(g);
    expect(empty).toEqual({
      sub_total: 0,
      shipping_cost: 0,
      coupon_discount: 0,
      tax: 0,
      tax_label: "Inclusive of all taxes",
      grand_total: 0,
      coupon_code: null,
      coupon_title: null,
      coupon_applied: false,
      shipping_method: "standard",
      // Nothing to send, so no delivery promise (tested in promise.api.test.ts).
      shipping_options: [
        { method: "standard", name: "Standard", days: null, fee: 99, delivery: null },
        { method: "express", name: "Express", days: null, fee: 249, delivery: null },
      ],
      delivery_pin: null,
      delivery_message: null,
      count: 0,
    });

    // A ₹2,799 curtain (HSN 6303): above ₹2,500 a piece before tax at 5% (₹2,665.71), so 18%.
    // GST contained: 279900 × 18 / 118 = 42696.61 → 42697 paise; on ₹99 shipping at the same
    // rate 9900 × 18 / 118 = 1510.17 → 1510 paise. Tax = 44207 paise.
    const curtain = await makeProduct({ price: 279900, hsn: "6303" });
    await addOk(g, curtain.id, 1);
    const cart = await readCartOf(g);
    expect(itemsOf(cart)[0]).toMatchObject({ price: 2799, gst_rate: 18, gst: 426.97, line_total: 2799 });
    expect(cart.summary).toMatchObject({ sub_total: 2799, shipping_cost: 99, coupon_discount: 0, tax: 442.07, grand_total: 2898, tax_label: "Inclusive of all taxes", shipping_method: "standard", count: 1 });
    expect(cart.grand_total).toBe(2898);

    // Express: 24900 × 18 / 118 = 3798.31 → 3798; tax 42697 + 3798 = 46495 paise.
    const express = await c.shipping("express");
    expect(express.status).toBe(200);
    expect(express.json).toMatchObject({ result: true, message: "Shipping method updated" });
    expect(express.json.summary).toMatchObject({ sub_total: 2799, shipping_cost: 249, tax: 464.95, grand_total: 3048, shipping_method: "express" });
    expect((await cartRowOf(g.owner))!.shipping_method).toBe("express");
    for (const bad of ["overnight", "", null, 5, "EXPRESS"]) {
      const res = await c.shipping(bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.json.message).toBe("Choose Standard or Express shipping.");
    }
    expect((await summaryOf(g)).shipping_method).toBe("express");
    expect((await c.shipping("standard")).json.summary.shipping_cost).toBe(99);

    // A ₹1,999 curtain is in the 5% band: 199900 × 5 / 105 = 9519.05 → 9519 paise. Shipping is taxed
    // at the rate of the most valuable line (18%).
    const cheaper = await makeProduct({ price: 199900, hsn: "6303" });
    await addOk(g, cheaper.id, 1);
    const two = await readCartOf(g);
    expect(itemsOf(two)[1]).toMatchObject({ gst_rate: 5, gst: 95.19 });
    expect(two.summary).toMatchObject({ sub_total: 4798, shipping_cost: 99, tax: 537.26, grand_total: 4897, count: 2 });

    // FLAT150: grand_total = sub_total + shipping − discount.
    const applied = await c.coupon("FLAT150");
    expect(applied.status, applied.text).toBe(200);
    const s = applied.json.summary;
    expect(s).toMatchObject({ sub_total: 4798, shipping_cost: 99, coupon_discount: 150, coupon_code: "FLAT150", coupon_title: "Flat ₹150 off on ₹1,000 and above", coupon_applied: true });
    expect(s.grand_total).toBe(4798 + 99 - 150);
  });
});

describe("bad requests are answered with 4xx, never 500", () => {
  it("malformed JSON is 400; arrays, strings and other non-objects are 422; bad ids are 422 or 404", async () => {
    const g = guest();
    const p = await makeProduct();
    await addOk(g, p.id, 1);
    const before = await snapshot(g.owner);
    const posts = ["/carts/add", "/carts/change-quantity", "/carts/coupon", "/carts/shipping", "/carts", "/cart-count", "/cart-summary"];
    for (const path of posts) {
      const malformed = await post(path, '{"id": 1,', g.init);
      expect(malformed.status, `${path} malformed`).toBe(400);
      expect(malformed.json).toEqual({ result: false, message: "Request body is not valid JSON." });
      for (const body of ["[]", "[1,2]", '"text"', "42", "null", "true"]) {
        const res = await post(path, body, g.init);
        expect(res.status, `${path} ${body}: ${res.text}`).toBe(422);
        expect(res.json.result).toBe(false);
        expect(typeof res.json.message).toBe("string");
      }
    }
    for (const id of ["0", "-1", '"x"', "1.5", "2147483648", "1e20", "null", '"12"']) {
      const add = await post("/carts/add", `{"id":${id},"quantity":1}`, g.init);
      expect(add.status, `add id ${id}`).toBe(422);
      expect(add.json.message).toBe("Product is not valid.");
      const change = await post("/carts/change-quantity", `{"id":${id},"quantity":1}`, g.init);
      expect(change.status, `change id ${id}`).toBe(422);
      expect(change.json.message).toBe("Cart item is not valid.");
    }
    // Past the id column's range (2147483648 and up) PostgreSQL refused the query itself: 500 before.
    for (const id of ["abc", "-1", "1.5", "1e3", "99999999999", "%20", "0x10", "2147483648", "9999999999"]) {
      const res = await cartApi(g).remove(id);
      expect(res.status, `DELETE /carts/${id}`).toBe(422);
      expect(res.json).toMatchObject({ result: false, message: "Cart item not found." });
    }
    for (const id of ["0", "2147483647"]) {
      const res = await cartApi(g).remove(id);
      expect(res.status, `DELETE /carts/${id}: ${res.text}`).toBe(404);
      expect(res.json).toEqual(LINE_NOT_FOUND);
    }
    for (const query of ["user_id=abc", "user_id=1.5", `temp_user_id=${"x".repeat(41)}`]) {
      for (const path of ["/carts", "/cart-count", "/cart-summary"]) {
        const res = await api(`${path}?${query}`, g.init);
        expect(res.status, `${path}?${query}`).toBe(422);
      }
    }
    for (const variant of [5, "v".repeat(101), ["a"]]) {
      expect((await cartApi(g).add(p.id, 1, { variant })).status, String(variant)).toBe(422);
    }
    for (const code of ["", "  ", "bad code!", "x".repeat(41), 7, null]) {
      expect((await cartApi(g).coupon(code)).status, String(code)).toBe(422);
    }
    expect(await snapshot(g.owner)).toEqual(before);
  });

  it("a cookie session or a guest cookie without X-Requested-With cannot change the cart (403), and nothing changes; reads still work", async () => {
    const u = await user();
    const cookieCustomer = customer(u, "cookie");
    const g = guest();
    const p = await makeProduct({ price: 60000 });
    for (const c of [cookieCustomer, g]) {
      await addOk(c, p.id, 1);
      const [line] = await linesOf(c.owner);
      const before = await snapshot(c.owner);
      const bare = cartApi(c, { requestedWith: false });
      for (const res of [await bare.add(p.id, 1), await bare.change(line!.id, 3), await bare.remove(line!.id), await bare.coupon("FREESHIP499"), await bare.dropCoupon(), await bare.shipping("express")]) {
        expect(res.status, `${c.label}: ${res.text}`).toBe(403);
        expect(res.json).toEqual(NO_HEADER);
      }
      expect(await snapshot(c.owner)).toEqual(before);
      expect((await bare.count()).json.count).toBe(1);
      expect((await bare.cartGet()).status).toBe(200);
      expect((await bare.summaryGet()).status).toBe(200);
    }
  });

  it("a guest id is only ever the cookie's: a new guest id makes a new cart, never another's", async () => {
    const g = guest();
    const p = await makeProduct();
    await addOk(g, p.id, 1);
    const stranger = { label: "stranger", init: { cookie: `guest_id=${newGuestId()}` }, owner: { guestId: "" } } satisfies Caller;
    expect(itemsOf(await readCartOf(stranger))).toEqual([]);
    // The cookie's value is matched exactly (case included).
    const guestId = "guestId" in g.owner ? g.owner.guestId : "";
    const swapped = guestId.slice(0, 6) + [...guestId.slice(6)].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join("");
    if (swapped !== guestId) expect(itemsOf(await readCartOf({ label: "case", init: { cookie: `guest_id=${swapped}` }, owner: { guestId: swapped } }))).toEqual([]);
  });
});
