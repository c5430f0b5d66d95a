import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dropTestProducts, makeProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, runTag, type TestUser } from "./client";
import { admin, placedOrder, type PlacedOrder } from "./orders-client";
import { adminAs, auditRows, tokenFor } from "./staff-client";

/**
 * The back office's order list through API v2 (issue 25 point 1): the amount filter, the search by
 * a shipment's AWB, the CSV export of what the filters keep, and staff notes on an order, which
 * the customer never sees. Each test isolates its orders by its customer's e-mail (the list's
 * search), since other files' orders share the database.
 */

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

/** Client addresses 10.226.x.y: this file's own block. */
const nextIp = clientAddresses(226);
const rupees = (paise: number) => paise / 100;

let shopper: TestUser;
let product: TestProduct;
/** One unit, and three units: two totals to filter between. */
let small: PlacedOrder;
let large: PlacedOrder;
/** The AWB `small` is shipped with (a manual carrier; a leading hyphen, which a spreadsheet would read as a formula). */
const awb = `-${runTag}9`.toUpperCase().slice(0, 40);

beforeAll(async () => {
  shopper = await newUser(nextIp());
  product = await makeProduct({ price: 129950, stock: 100 });
  small = await placedOrder(shopper, { lines: [{ product, quantity: 1 }] });
  large = await placedOrder(shopper, { lines: [{ product, quantity: 3 }] });
  const shipped = await admin(`/orders/${small.id}/shipments`, { provider: "manual", carrier: "Delhivery", awb: awb.toLowerCase() });
  expect(shipped.status, shipped.text).toBe(201);
}, 120_000);

const codes = (res: { json: { data: { code: string }[] } }) => res.json.data.map((o) => o.code);
const mine = () => `q=${encodeURIComponent(shopper.email)}`;

describe("GET /api/v2/admin/orders: amount and AWB", () => {
  it("keeps the orders whose total is within min and max (rupees, both ends included)", async () => {
    expect(small.grandTotal).toBeLessThan(large.grandTotal);
    expect(codes(await admin(`/orders?${mine()}`))).toEqual([large.code, small.code]);
    expect(codes(await admin(`/orders?${mine()}&min=${rupees(large.grandTotal)}`))).toEqual([large.code]);
    expect(codes(await admin(`/orders?${mine()}&max=${rupees(small.grandTotal)}`))).toEqual([small.code]);
    expect(codes(await admin(`/orders?${mine()}&min=${rupees(small.grandTotal)}&max=${rupees(large.grandTotal)}`))).toEqual([large.code, small.code]);
    expect(codes(await admin(`/orders?${mine()}&min=${rupees(small.grandTotal) + 0.01}&max=${rupees(large.grandTotal) - 0.01}`))).toEqual([]);
    const one = await admin(`/orders?${mine()}&min=${rupees(large.grandTotal)}&max=${rupees(large.grandTotal)}&status=Pending&type=cash_on_delivery`);
    expect(one.status).toBe(200);
    expect(one.json.data).toEqual([expect.objectContaining({ id: large.id, code: large.code, grand_total: rupees(large.grandTotal), delivery_status: "Pending" })]);
    expect(one.json.meta).toMatchObject({ total: 1, per_page: 20 });
  });

  it("refuses an amount it cannot mean with a message under its name, and a range upside down", async () => {
    for (const [query, field] of [
      ["min=-1", "min"],
      ["max=12.345", "max"],
      ["min=abc", "min"],
      ["max=10000000", "max"],
      ["min=500&max=499.99", "max"],
    ] as const) {
      const res = await admin(`/orders?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.json.errors), query).toEqual([field]);
    }
    expect((await admin("/orders?min=500&max=499.99")).json.errors.max).toEqual(["max must not be below min."]);
    expect((await admin("/orders?type=cheque")).status).toBe(422);
  });

  it("finds an order by its shipment's AWB in any case, and by the rest of its search as before", async () => {
    const res = await admin(`/orders?q=${encodeURIComponent(awb)}`);
    expect(res.status).toBe(200);
    expect(codes(res)).toEqual([small.code]);
    expect(codes(await admin(`/orders?q=${encodeURIComponent(awb.toLowerCase())}`))).toEqual([small.code]);
    expect(codes(await admin(`/orders?q=${encodeURIComponent(awb)}&status=Pending`))).toEqual([]);
    expect(codes(await admin(`/orders?q=${encodeURIComponent(awb)}&status=Shipped`))).toEqual([small.code]);
    expect(codes(await admin(`/orders?q=${large.code}`))).toEqual([large.code]);
  });
});

describe("GET /api/v2/admin/orders/export", () => {
  const csvOf = async (query: string) => {
    const res = await admin(`/orders/export?${query}`);
    return { res, lines: res.text.replace(/^\uFEFF/, "").trimEnd().split("\r\n") };
  };

  it("answers every order the filters keep as CSV, formula-safe, and writes an audit row", async () => {
    const since = new Date().toISOString();
    const { res, lines } = await csvOf(mine());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lines[0]).toBe("code,date,customer,phone,email,city,state,status,payment_type,payment_status,items,total,gst,shipping,coupon,coupon_discount,awb,refunded");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([large.code, small.code]);
    const row = lines.find((l) => l.startsWith(small.code)) as string;
    expect(row).toContain(`,${shopper.email},`);
    expect(row).toContain(",Shipped,Cash on Delivery,Un-Paid,1,");
    expect(row).toContain(`,${String(rupees(small.grandTotal).toFixed(2)).replace(/\.00$/, "")},`);
    // The AWB starts with a hyphen: a spreadsheet would run it, so it is written as text.
    expect(row.toLowerCase()).toContain(`,'${awb.toLowerCase()},0`);
    expect(lines.find((l) => l.startsWith(large.code))).toContain(",Pending,Cash on Delivery,Un-Paid,3,");
    const audit = await auditRows({ action: "order.export", since });
    expect(audit[0]).toMatchObject({ actor_id: inject("owner").id, entity_type: "order", entity_id: "list", after: { filters: { q: shopper.email } } });
  });

  it("keeps exactly the list's orders for each filter", async () => {
    for (const query of [`${mine()}&min=${rupees(large.grandTotal)}`, `${mine()}&max=${rupees(small.grandTotal)}`, `q=${encodeURIComponent(awb)}`, `${mine()}&status=Shipped`, `${mine()}&status=Delivered`]) {
      const list = codes(await admin(`/orders?${query}`));
      const { lines } = await csvOf(query);
      expect(lines.slice(1).map((l) => l.split(",")[0]), query).toEqual(list);
    }
  });

  it("refuses a bad filter (422) and a role without order:export (403), exporting and auditing nothing", async () => {
    const since = new Date().toISOString();
    const bad = await admin("/orders/export?min=1&max=0");
    expect(bad.status).toBe(422);
    expect(bad.json.errors.max).toEqual(["max must not be below min."]);
    const reader = await tokenFor(inject("owner").id, ["order:read"], nextIp());
    const refused = await adminAs(reader, `/orders/export?${mine()}`);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(small.code);
    expect((await adminAs(null, "/orders/export")).status).toBe(401);
    expect((await adminAs(shopper.token, "/orders/export")).status).toBe(403);
    expect(await auditRows({ action: "order.export", since })).toEqual([]);
  });
});

describe("staff notes on an order", () => {
  const NOTE = `Customer called ${runTag}: <b>deliver</b> after 6 pm, gate code 4411.`;

  it("adds a note (order:read), newest first with its author, audited", async () => {
    const first = await admin(`/orders/${small.id}/notes`, { body: `  First note ${runTag}  ` });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ result: true, message: "Note added.", note: { order_id: small.id, body: `First note ${runTag}`, author_id: inject("owner").id, author: "API Test Owner" } });
    // A role that may only read orders writes notes too.
    const reader = await tokenFor(inject("owner").id, ["order:read"], nextIp());
    const second = await adminAs(reader, `/orders/${small.id}/notes`, { json: { body: NOTE } });
    expect(second.status, second.text).toBe(201);
    const list = await admin(`/orders/${small.id}/notes`);
    expect(list.status).toBe(200);
    expect(list.json.data.map((n: { body: string }) => n.body)).toEqual([NOTE, `First note ${runTag}`]);
    expect((await admin(`/orders/${large.id}/notes`)).json.data).toEqual([]);
    const audit = await auditRows({ action: "order.note", entityType: "order", entityId: small.id });
    expect(audit.map((a) => a.after.body)).toEqual([NOTE, `First note ${runTag}`]);
  });

  it("answers 401 without credentials, 403 without order:read, 404 for no order, 422 for a bad note, writing nothing", async () => {
    const count = async () => (await admin(`/orders/${large.id}/notes`)).json.data.length;
    const before = await count();
    expect((await adminAs(null, `/orders/${large.id}/notes`, { json: { body: "Sneaky" } })).status).toBe(401);
    expect((await adminAs(shopper.token, `/orders/${large.id}/notes`, { json: { body: "Sneaky" } })).status).toBe(403);
    expect((await adminAs(shopper.token, `/orders/${large.id}/notes`)).status).toBe(403);
    const catalog = await tokenFor(inject("owner").id, ["product:read"], nextIp());
    const refused = await adminAs(catalog, `/orders/${large.id}/notes`, { json: { body: "Sneaky" } });
    expect(refused.status).toBe(403);
    expect((await adminAs(catalog, `/orders/${large.id}/notes`)).status).toBe(403);
    // An order that does not exist (404); an id that cannot be one is refused as the other order routes refuse it (422).
    const missing = await admin("/orders/999999999/notes", { body: "Nobody's order" });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ result: false, message: "Order not found." });
    expect((await admin("/orders/999999999/notes")).status).toBe(404);
    for (const id of ["abc", "0", "99999999999"]) {
      const res = await admin(`/orders/${id}/notes`, { body: "Nobody's order" });
      expect(res.status, id).toBe(422);
      expect(res.json.errors.id, id).toEqual(["Order not found."]);
    }
    for (const body of [{}, { body: "" }, { body: "   " }, { body: "x".repeat(2001) }, { body: 42 }, { body: "bell\u0007" }]) {
      const res = await admin(`/orders/${large.id}/notes`, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(Object.keys(res.json.errors)).toEqual(["body"]);
    }
    expect((await admin(`/orders/${large.id}/notes`, { body: "x".repeat(2000) })).status).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it("are never shown to the customer: not in the shopper's order API nor on the order's page", async () => {
    // A word of its own: the shopper's pages show their e-mail and the AWB, which carry runTag.
    const mark = `zq${Math.random().toString(36).slice(2, 10)}`;
    const secret = `Staff only ${mark}: suspected fraud, hold.`;
    expect((await admin(`/orders/${small.id}/notes`, { body: secret })).status).toBe(201);
    const as = { token: shopper.token, ip: shopper.ip };
    for (const path of [`/purchase-history-details/${small.id}`, `/purchase-history-items/${small.id}`, "/purchase-history"]) {
      const res = await api(path, as);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(mark);
    }
    const page = await fetch(`${inject("baseUrl")}/order-details/${small.id}`, { headers: { Cookie: shopper.cookie, "X-Forwarded-For": shopper.ip } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(small.code);
    expect(html).not.toContain(mark);
    expect(html).not.toContain("Staff notes");
  });
});
