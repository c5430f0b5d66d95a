import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatPaise } from "@/lib/platform/format";
import { dropTestProducts, ledgerOf, makeProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, cookieOf, mailTo, newUser, SESSION_COOKIE, testDb, type ApiAnswer, type TestUser } from "./client";
import { admin, placedOrder } from "./orders-client";
import { adminAs, auditRows, invitedStaff, staffLogin, staffSession } from "./staff-client";

/**
 * Fulfilment end to end (docs/back-office.md "Fulfilment", decision 0057), on the database the run
 * was started with: an order shipped with the sandbox courier and moved by its commands to the
 * shopper's door (Cash on Delivery collected), a failed attempt returned to origin and restocked
 * through the ledger, Shiprocket's webhook refused without its token, another customer's order
 * hidden, and the roles that may not fulfil refused with nothing changed.
 */

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

const nextIp = clientAddresses(175);
const user = () => newUser(nextIp());

let product: TestProduct;
let sku: string;
beforeAll(async () => {
  product = await makeProduct({ price: 180000, stock: 50 });
  const { db } = await testDb();
  sku = (await db.selectFrom("products").select("sku").where("id", "=", product.id).executeTakeFirstOrThrow()).sku;
});

const ship = (orderId: number, body: unknown) => admin(`/orders/${orderId}/shipments`, body);
const move = (orderId: number, shipmentId: number, event: string, note?: string) => admin(`/orders/${orderId}/shipments/${shipmentId}/events`, { event, ...(note ? { note } : {}) });

async function orderRow(id: number) {
  const { db } = await testDb();
  return db.selectFrom("orders").select(["delivery_status", "payment_status", "delivered_at"]).where("id", "=", id).executeTakeFirstOrThrow();
}
async function shipmentRows(orderId: number) {
  const { db } = await testDb();
  return db.selectFrom("shipments").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}
async function shipmentEvents(shipmentId: number) {
  const { db } = await testDb();
  return db.selectFrom("shipment_events").select(["status", "source", "note"]).where("shipment_id", "=", shipmentId).orderBy("id").execute();
}
async function stockOf(productId: number) {
  const { db } = await testDb();
  return (await db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow()).stock_quantity;
}
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
async function pdfOf(path: string, token: string = inject("adminToken")) {
  const res = await fetch(`${inject("baseUrl")}/api/v2/admin${path}`, { headers: { "System-Key": inject("systemKey"), Authorization: `Bearer ${token}`, "X-Forwarded-For": nextIp() } });
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}
const detailsOf = (u: TestUser, orderId: number) => api(`/purchase-history-details/${orderId}`, { token: u.token, ip: u.ip });

describe("shipping a Cash on Delivery order with the sandbox courier", () => {
  it("packs it (slip: code, SKU, amount to collect), ships it, takes it out for delivery and delivers it, collecting the cash; the shopper sees each state and gets the mails", async () => {
    const u = await user();
    const order = await placedOrder(u, { lines: [{ product, quantity: 2 }], then: ["confirm"] });

    const slip = await pdfOf(`/orders/${order.id}/packing-slip`);
    expect(slip.status).toBe(200);
    expect(slip.type).toBe("application/pdf");
    const text = await pdfText(slip.bytes);
    expect(text).toContain("PACKING SLIP");
    expect(text).toContain(`Order ${order.code}`);
    expect(text).toContain(sku);
    expect(text).toContain(`Cash on Delivery: collect ${formatPaise(order.grandTotal)}`);

    const since = Date.now();
    const shipped = await ship(order.id, { provider: "sandbox" });
    expect(shipped.status, shipped.text).toBe(201);
    expect(shipped.json.shipment).toMatchObject({ provider: "sandbox", carrier: "Sandbox Express", status: "in_transit", status_label: "Shipped" });
    const awb = shipped.json.shipment.awb as string;
    expect(awb).toMatch(/^SBX\d{10}$/);
    expect(shipped.json.order).toMatchObject({ delivery_status: "Shipped", payment_status: "Un-Paid" });
    const [shipment] = await shipmentRows(order.id);
    expect(shipment).toMatchObject({ provider: "sandbox", awb, status: "in_transit" });
    const shippedMail = await mailTo(u.email, { since, subject: /shipped/ });
    expect(shippedMail.text).toContain(`Your order ${order.code} is on its way.`);
    expect(shippedMail.text).toContain("Sandbox Express");
    expect(shippedMail.text).toContain(awb);
    expect(shippedMail.text).toContain(`Please keep ${formatPaise(order.grandTotal)} ready to pay in cash at delivery.`);

    // The same order cannot be shipped twice.
    const again = await ship(order.id, { provider: "sandbox" });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("An order that is Shipped cannot be marked Shipped.");
    expect(await shipmentRows(order.id)).toHaveLength(1);

    // A move the shipment's state does not allow changes nothing.
    const early = await move(order.id, shipment!.id, "receive_return");
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("A shipment that is Shipped cannot be marked Returned.");

    const out = await move(order.id, shipment!.id, "out_for_delivery");
    expect(out.status, out.text).toBe(200);
    expect(out.json.shipment.status_label).toBe("Out for delivery");
    let details = await detailsOf(u, order.id);
    expect(details.json.data[0].shipments[0]).toMatchObject({ carrier: "Sandbox Express", awb, status: "out_for_delivery", status_label: "Out for delivery" });
    expect(details.json.data[0].timeline.map((t: { step: string; done: boolean }) => `${t.step}:${t.done}`)).toEqual(["Placed:true", "Confirmed:true", "Shipped:true", "Out for delivery:true", "Delivered:false"]);

    const delivered = await move(order.id, shipment!.id, "deliver");
    expect(delivered.status, delivered.text).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Delivered", payment_status: "Paid" });
    const { db } = await testDb();
    expect(await db.selectFrom("invoices").select("number").where("order_id", "=", order.id).executeTakeFirst()).toBeDefined();
    expect((await shipmentEvents(shipment!.id)).map((e) => `${e.status}/${e.source}`)).toEqual(["in_transit/staff", "out_for_delivery/staff", "delivered/staff"]);
    details = await detailsOf(u, order.id);
    expect(details.json.data[0].delivery_status).toBe("Delivered");
    expect(details.json.data[0].timeline.every((t: { done: boolean }) => t.done)).toBe(true);
    const deliveredMail = await mailTo(u.email, { since, subject: /delivered/ });
    expect(deliveredMail.text).toContain(`Your order ${order.code} has been delivered.`);
    expect(deliveredMail.text).toContain(awb);

    const audits = await auditRows({ entityType: "shipment", entityId: shipment!.id });
    expect(audits.map((a) => a.action).sort()).toEqual(["shipment.deliver", "shipment.out_for_delivery"]);
    expect((await auditRows({ entityType: "order", entityId: order.id, action: "order.ship" }))[0]?.after).toMatchObject({ provider: "sandbox", awb });
  });

  it("ships with a manual carrier only with its name and AWB, field by field", async () => {
    const u = await user();
    const order = await placedOrder(u, { lines: [{ product }], then: ["confirm"] });
    const bad = await ship(order.id, { provider: "manual" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ carrier: ["Type the carrier's name."], awb: ["Type the AWB (tracking number)."] });
    const badAwb = await ship(order.id, { provider: "manual", carrier: "India Post", awb: "a b" });
    expect(badAwb.status).toBe(422);
    expect(Object.keys(badAwb.json.errors)).toEqual(["awb"]);
    expect(await shipmentRows(order.id)).toEqual([]);
    const ok = await ship(order.id, { provider: "manual", carrier: "India Post", awb: `EE${order.id}IN`, tracking_url: "https://www.indiapost.gov.in/track" });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.shipment).toMatchObject({ provider: "manual", carrier: "India Post", awb: `EE${order.id}IN`, tracking_url: "https://www.indiapost.gov.in/track" });
  });
});

describe("a failed delivery attempt returned to origin", () => {
  it("records the NDR, the return decision, and on RTO received the order is Returned and its units are back through the ledger", async () => {
    const u = await user();
    const stockBefore = await stockOf(product.id);
    const order = await placedOrder(u, { lines: [{ product, quantity: 3 }], then: ["confirm"] });
    expect(await stockOf(product.id)).toBe(stockBefore - 3);
    const shipped = await ship(order.id, { provider: "sandbox" });
    expect(shipped.status, shipped.text).toBe(201);
    const shipmentId = shipped.json.shipment.id as number;

    expect((await move(order.id, shipmentId, "fail_attempt", "Customer not at home")).status).toBe(200);
    expect((await shipmentRows(order.id))[0]!.status).toBe("delivery_failed");
    const rto = await move(order.id, shipmentId, "return_to_origin");
    expect(rto.status, rto.text).toBe(200);
    expect(rto.json.shipment.status_label).toBe("Returning to the shop");
    expect(await stockOf(product.id)).toBe(stockBefore - 3);

    const received = await move(order.id, shipmentId, "receive_return", "Box intact");
    expect(received.status, received.text).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Returned", payment_status: "Un-Paid" });
    expect(await stockOf(product.id)).toBe(stockBefore);
    expect(await ledgerOf(product.id)).toBe(stockBefore);
    const { db } = await testDb();
    const movements = await db.selectFrom("stock_movements").select(["delta", "reason", "actor"]).where("order_id", "=", order.id).orderBy("id").execute();
    expect(movements).toEqual([
      { delta: -3, reason: "sale", actor: "customer" },
      { delta: 3, reason: "rto", actor: "staff" },
    ]);
    expect((await db.selectFrom("payments").select("status").where("order_id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("failed");
    expect((await db.selectFrom("order_lines").select("delivery_status").where("order_id", "=", order.id).execute()).map((l) => l.delivery_status)).toEqual(["Returned"]);

    // Received twice restocks once.
    const twice = await move(order.id, shipmentId, "receive_return");
    expect(twice.status).toBe(409);
    expect(await stockOf(product.id)).toBe(stockBefore);
    const details = await detailsOf(u, order.id);
    expect(details.json.data[0].timeline.at(-1)).toMatchObject({ step: "Returned", done: true });
  });
});

describe("an RTO of an invoiced order", () => {
  it("issues its GST credit note for every piece brought back, in the transaction that restocks them", async () => {
    const u = await user();
    const order = await placedOrder(u, { payment: "online", lines: [{ product, quantity: 2 }], then: ["pay"] });
    const { db } = await testDb();
    const invoice = await db.selectFrom("invoices").select("number").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const shipped = await ship(order.id, { provider: "sandbox" });
    expect(shipped.status, shipped.text).toBe(201);
    const shipmentId = shipped.json.shipment.id as number;
    for (const event of ["fail_attempt", "return_to_origin", "receive_return"]) expect((await move(order.id, shipmentId, event)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ delivery_status: "Returned", payment_status: "Paid" });
    expect((await db.selectFrom("payments").select("status").where("order_id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("refund_due");
    const notes = await db.selectFrom("credit_notes").select(["invoice_number", "total"]).where("order_id", "=", order.id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.invoice_number).toBe(invoice.number);
  });
});

describe("POST /api/v2/webhooks/shiprocket", () => {
  it("refuses a push without the token (401) or with another (403), and nothing changes", async () => {
    const u = await user();
    const order = await placedOrder(u, { lines: [{ product }], then: ["confirm"] });
    const shipped = await ship(order.id, { provider: "sandbox" });
    const awb = shipped.json.shipment.awb as string;
    const before = { order: await orderRow(order.id), shipments: await shipmentRows(order.id) };
    const body = JSON.stringify({ awb, current_status: "DELIVERED", shipment_status: "DELIVERED" });
    const push = (headers: Record<string, string>) => fetch(`${inject("baseUrl")}/api/v2/webhooks/shiprocket`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": nextIp(), ...headers }, body });
    const none = await push({});
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe("Missing x-api-key header.");
    const wrong = await push({ "x-api-key": "not-the-configured-token-at-all" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).message).toBe("Invalid x-api-key header.");
    expect({ order: await orderRow(order.id), shipments: await shipmentRows(order.id) }).toEqual(before);
  });
});

describe("who sees and who fulfils", () => {
  it("answers 404 for another customer's order, with no shipment of it shown", async () => {
    const owner = await user();
    const other = await user();
    const order = await placedOrder(owner, { lines: [{ product }], then: ["confirm"] });
    expect((await ship(order.id, { provider: "sandbox" })).status).toBe(201);
    const res = await detailsOf(other, order.id);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain("SBX");
  });

  it("refuses support and catalog (403) on every fulfilment route and page PDF, and nothing changes; fulfilment may", async () => {
    const u = await user();
    const order = await placedOrder(u, { lines: [{ product }], then: ["confirm"] });
    const shipped = await ship(order.id, { provider: "sandbox" });
    const shipmentId = shipped.json.shipment.id as number;
    const other = await placedOrder(u, { lines: [{ product }], then: ["confirm"] });
    const snapshot = async () => {
      const { db } = await testDb();
      return {
        a: await orderRow(order.id),
        b: await orderRow(other.id),
        s: await shipmentRows(order.id),
        audits: (await auditRows({ entityType: "order", entityId: other.id })).length + (await auditRows({ entityType: "shipment", entityId: shipmentId })).length,
        settings: await db.selectFrom("staff_settings").select(["key", "value"]).orderBy("key").execute(),
      };
    };
    const before = await snapshot();
    for (const role of ["support", "catalog"] as const) {
      const login = await invitedStaff(role, nextIp(), `fulfil-${role}`);
      const bearer = await staffSession(login);
      const calls: [string, ApiAnswer][] = [
        ["ship", await adminAs(bearer, `/orders/${other.id}/shipments`, { json: { provider: "sandbox" }, ip: login.ip })],
        ["move", await adminAs(bearer, `/orders/${order.id}/shipments/${shipmentId}/events`, { json: { event: "deliver" }, ip: login.ip })],
        ["bulk", await adminAs(bearer, "/orders/ship", { json: { ids: [other.id], provider: "sandbox" }, ip: login.ip })],
        ["slip", await adminAs(bearer, `/orders/${order.id}/packing-slip`, { ip: login.ip })],
        ["slips", await adminAs(bearer, `/orders/packing-slips?ids=${order.id}`, { ip: login.ip })],
        ["labels", await adminAs(bearer, `/orders/labels?ids=${order.id}`, { ip: login.ip })],
        ["switch", await adminAs(bearer, "/settings/shipping-providers", { method: "PUT", json: { enabled: { sandbox: false } }, ip: login.ip })],
      ];
      for (const [what, res] of calls) expect(res.status, `${role} ${what}: ${res.text}`).toBe(403);
      const signedIn = await staffLogin(login.email, login.password, login.ip);
      const cookie = cookieOf(signedIn, SESSION_COOKIE) as string;
      const page = await fetch(`${inject("baseUrl")}/admin/orders/packing-slips?ids=${order.id}`, { headers: { Cookie: cookie, "X-Forwarded-For": login.ip }, redirect: "manual" });
      expect(page.status, `${role} page PDF`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);

    const fulfilment = await invitedStaff("fulfilment", nextIp(), "fulfil-ok");
    const bearer = await staffSession(fulfilment);
    const slips = await fetch(`${inject("baseUrl")}/api/v2/admin/orders/packing-slips?ids=${order.id},${other.id}`, { headers: { "System-Key": inject("systemKey"), Authorization: `Bearer ${bearer}`, "X-Forwarded-For": fulfilment.ip } });
    expect(slips.status).toBe(200);
    const text = await pdfText(Buffer.from(await slips.arrayBuffer()));
    expect(text).toContain(order.code);
    expect(text).toContain(other.code);
    const labels = await adminAs(bearer, `/orders/labels?ids=${order.id}`, { ip: fulfilment.ip });
    expect(labels.status).toBe(200);
    const bulk = await adminAs(bearer, "/orders/ship", { json: { ids: [other.id, order.id], provider: "sandbox" }, ip: fulfilment.ip });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.json.results).toEqual([
      { id: other.id, ok: true, message: expect.stringMatching(/^Shipped with Sandbox Express, AWB SBX\d{10}\.$/) },
      { id: order.id, ok: false, message: "An order that is Shipped cannot be marked Shipped." },
    ]);
  });
});
