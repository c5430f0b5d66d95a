import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, runTag, testDb, type ApiAnswer, type TestUser } from "./client";
import { admin, deliveredDaysAgo, placedOrder, step, type PlacedOrder } from "./orders-client";
import { adminAs, auditRows, invitedStaff, isDenied, tokenFor } from "./staff-client";

/**
 * Returns (docs/back-office.md "Returns", lib/orders/server/returns.ts, decision 0061) on the
 * running server, on both databases: a customer asks within 7 days of delivery with photos (images
 * only, three at most, 5 MB each); another customer's order or return is 404; staff approve or
 * decline (a second approve moves nothing), book the pickup with the sandbox courier or let the
 * customer send it, receive it restocked through the ledger or written off, and refund it through
 * the refund service with its credit note; each step is audited and mails the customer through the
 * outbox; a role without the step's permission is refused and nothing changes.
 */

const nextIp = clientAddresses(191);

let shopper: TestUser;
let other: TestUser;
let product: TestProduct;
let jpeg: Buffer;

beforeAll(async () => {
  shopper = await newUser(nextIp(), { name: `Asha Return ${runTag}` });
  other = await newUser(nextIp(), { name: "Other Returner" });
  product = await makeProduct({ price: 149900, stock: 500 });
  jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await closeTestDb();
});

type Photo = { bytes: Buffer; type?: string; name?: string };

function returnForm(fields: Record<string, string | number>, photos: Photo[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const p of photos) form.append("photos", new Blob([new Uint8Array(p.bytes)], { type: p.type ?? "image/jpeg" }), p.name ?? "photo.jpg");
  return form;
}

const ask = (u: TestUser, fields: Record<string, string | number>, photos: Photo[] = []): Promise<ApiAnswer> => api("/returns", { method: "POST", body: returnForm(fields, photos), token: u.token, ip: u.ip });

const REASON = "The border stitching came apart on one side.";

/** An order of the shopper delivered through the sandbox courier (online and paid, or Cash on Delivery with its cash collected). */
async function deliveredOrder(u: TestUser, payment: "online" | "cod", quantity = 3): Promise<PlacedOrder> {
  const order = await placedOrder(u, { payment, lines: [{ product, quantity }] });
  if (payment === "online") await step(u, order, "pay");
  const { db } = await testDb();
  const now = await db.selectFrom("orders").select("delivery_status").where("id", "=", order.id).executeTakeFirstOrThrow();
  if (now.delivery_status === "Pending") await step(u, order, "confirm");
  const shipped = await admin(`/orders/${order.id}/shipments`, { provider: "sandbox" });
  expect(shipped.status, shipped.text).toBe(201);
  const shipment = await db.selectFrom("shipments").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow();
  const delivered = await admin(`/orders/${order.id}/shipments/${shipment.id}/events`, { event: "deliver" });
  expect(delivered.status, delivered.text).toBe(200);
  return order;
}

async function returnRow(id: number) {
  const { db } = await testDb();
  return db.selectFrom("returns").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The return mails of an order in the outbox, by state, oldest first. */
async function returnMails(orderId: number): Promise<string[]> {
  const { db } = await testDb();
  const rows = await db.selectFrom("outbox_events").select("payload").where("kind", "=", "mail").where("payload", "like", `%"orderId":${orderId},"kind":"return"%`).orderBy("id").execute();
  return rows.map((r) => (JSON.parse(r.payload) as { ref: { returnState: string } }).ref.returnState);
}

/** The "refund processed" mails of a refund in the outbox: the return's last step mails through the refund service, once. */
async function refundMails(refundId: number): Promise<number> {
  const { db } = await testDb();
  const rows = await db.selectFrom("outbox_events").select("payload").where("kind", "=", "mail").where("payload", "like", `%"refundId":${refundId}%`).execute();
  return rows.filter((r) => (JSON.parse(r.payload) as { mail?: string; ref?: { refundId?: number } }).ref?.refundId === refundId).length;
}

async function stockOf(productId: number): Promise<number> {
  const { db } = await testDb();
  return Number((await db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow()).stock_quantity);
}

describe("a customer's return, from request to refund", () => {
  it("an online order's return: requested with a photo, approved once, picked up by the sandbox courier, restocked through the ledger, credited and refunded through the provider; mails at each step", async () => {
    const order = await deliveredOrder(shopper, "online");
    const lineId = order.lineIds[0]!;
    const { db } = await testDb();

    const asked = await ask(shopper, { order_line_id: lineId, kind: "return", quantity: 2, reason: REASON }, [{ bytes: jpeg }]);
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json).toMatchObject({ result: true, return: { order_id: order.id, line_id: lineId, kind: "return", quantity: 2, state: "requested", state_label: "Requested", photos: 1 } });
    const id = Number(asked.json.return.id);
    const photos = JSON.parse((await returnRow(id)).photos) as string[];
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatch(/\.webp$/);
    // The staff who decide returns are told, in the same transaction.
    const notices = await db.selectFrom("outbox_events").select("payload").where("payload", "like", `%"mail":"staff-notice"%`).where("payload", "like", `%"kind":"return_requested"%`).where("payload", "like", `%/admin/orders/${order.id}"%`).execute();
    expect(notices.length).toBeGreaterThan(0);

    // One open return per line.
    const again = await ask(shopper, { order_line_id: lineId, kind: "return", quantity: 1, reason: REASON });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("A return of this item is already open.");

    // The shopper's own list and page.
    const mine = await api(`/returns?order_id=${order.id}`, { token: shopper.token, ip: shopper.ip });
    expect(mine.status).toBe(200);
    expect(mine.json.data.map((r: { id: number }) => r.id)).toEqual([id]);

    // The staff's list of requested returns has it.
    const listed = await admin("/returns?state=requested");
    expect(listed.status).toBe(200);
    expect(listed.json.data.some((r: { id: number }) => r.id === id)).toBe(true);

    const approved = await admin(`/returns/${id}/decision`, { decision: "approve" });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.return.state).toBe("approved");
    const twice = await admin(`/returns/${id}/decision`, { decision: "approve" });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe("This return is approved already.");
    expect((await auditRows({ entityType: "return", entityId: id, action: "return.approve" })).length).toBe(1);

    const picked = await admin(`/returns/${id}/dispatch`, { method: "pickup" });
    expect(picked.status, picked.text).toBe(200);
    expect(picked.json.return).toMatchObject({ state: "in_transit", send_method: "pickup", carrier: "Sandbox Express" });
    expect(picked.json.return.awb).toMatch(/^SBXR\d{10}$/);

    const before = await stockOf(product.id);
    const received = await admin(`/returns/${id}/receive`, { outcome: "restock", note: "Both covers intact" });
    expect(received.status, received.text).toBe(200);
    expect(received.json.return).toMatchObject({ state: "received", outcome: "restock", outcome_label: "Restocked" });
    expect(await stockOf(product.id)).toBe(before + 2);
    const ledger = await db.selectFrom("stock_movements").select(["delta", "reason", "order_line_id"]).where("order_id", "=", order.id).where("reason", "=", "return").execute();
    expect(ledger).toEqual([{ delta: 2, reason: "return", order_line_id: lineId }]);
    // The order was invoiced when paid: the goods returned get their credit note now.
    const noteId = received.json.return.credit_note_id as number;
    expect(noteId).toBeGreaterThan(0);
    const note = await db.selectFrom("credit_notes").select(["total", "refund_id"]).where("id", "=", noteId).executeTakeFirstOrThrow();
    expect(Number(note.total)).toBe(2 * 149900);

    const refunded = await admin(`/returns/${id}/refund`, { method: "original" });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json.return).toMatchObject({ state: "refunded", refunded_amount: 2998 });
    expect(refunded.json.refund).toMatchObject({ status: "processed", method: "original", amount: 2998 });
    expect(refunded.json.refund.provider_refund_id).toMatch(/^rfnd_/);
    // A repeat is the same refund (the return's own key), never a second one; and no second credit note.
    const repeat = await admin(`/returns/${id}/refund`, { method: "original" });
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.headers.get("Idempotent-Replayed")).toBe("true");
    expect(repeat.json.refund.id).toBe(refunded.json.refund.id);
    const refunds = await db.selectFrom("refunds").select(["amount", "status"]).where("order_id", "=", order.id).execute();
    expect(refunds).toEqual([{ amount: 2 * 149900, status: "processed" }]);
    expect(await db.selectFrom("credit_notes").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);

    expect(await returnMails(order.id)).toEqual(["requested", "approved", "picked_up", "received"]);
    expect(await refundMails(Number(refunded.json.refund.id))).toBe(1);
    const actions = (await auditRows({ entityType: "return", entityId: id })).map((r) => r.action).reverse();
    expect(actions).toEqual(["return.approve", "return.dispatch", "return.receive", "return.refund"]);

    // The line's last piece may still be asked back; more than that may not.
    const tooMany = await ask(shopper, { order_line_id: lineId, kind: "return", quantity: 2, reason: REASON });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe("At most 1 of this item can still be returned.");
  });

  it("a Cash on Delivery order's damage claim: the customer sends it (AWB kept), written off without restocking, refunded by UPI with its reference", async () => {
    const order = await deliveredOrder(shopper, "cod", 1);
    const lineId = order.lineIds[0]!;
    const asked = await ask(shopper, { order_line_id: lineId, kind: "damage", quantity: 1, reason: REASON }, [{ bytes: jpeg }, { bytes: jpeg }]);
    expect(asked.status, asked.text).toBe(201);
    const id = Number(asked.json.return.id);
    expect((await admin(`/returns/${id}/decision`, { decision: "approve" })).status).toBe(200);
    const sent = await admin(`/returns/${id}/dispatch`, { method: "customer", carrier: "India Post", awb: "EM123456789IN" });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.return).toMatchObject({ send_method: "customer", carrier: "India Post", awb: "EM123456789IN" });
    const before = await stockOf(product.id);
    const received = await admin(`/returns/${id}/receive`, { outcome: "write_off", note: "Torn beyond repair" });
    expect(received.status, received.text).toBe(200);
    expect(await stockOf(product.id)).toBe(before);
    const noReference = await admin(`/returns/${id}/refund`, { method: "upi" });
    expect(noReference.status).toBe(422);
    expect(noReference.json.errors.reference[0]).toContain("reference");
    const refunded = await admin(`/returns/${id}/refund`, { method: "upi", reference: "UPI-4471-RET" });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json.refund).toMatchObject({ method: "upi", reference: "UPI-4471-RET", status: "processed" });
    expect(await returnMails(order.id)).toEqual(["requested", "approved", "sent", "received"]);
    expect(await refundMails(Number(refunded.json.refund.id))).toBe(1);
    // Cash collected at the door issued the invoice: one credit note, at receipt.
    const { db } = await testDb();
    expect(await db.selectFrom("credit_notes").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
  });

  it("declined with the reason the customer reads; the decline needs a reason", async () => {
    const order = await deliveredOrder(shopper, "cod", 1);
    const asked = await ask(shopper, { order_line_id: order.lineIds[0]!, kind: "return", quantity: 1, reason: REASON });
    const id = Number(asked.json.return.id);
    const bare = await admin(`/returns/${id}/decision`, { decision: "decline" });
    expect(bare.status).toBe(422);
    const declined = await admin(`/returns/${id}/decision`, { decision: "decline", reason: "The cover has been used and washed." });
    expect(declined.status).toBe(200);
    const seen = await api(`/returns/${id}`, { token: shopper.token, ip: shopper.ip });
    expect(seen.json.data).toMatchObject({ state: "declined", state_label: "Declined", decline_reason: "The cover has been used and washed." });
    expect((await admin(`/returns/${id}/receive`, { outcome: "restock" })).status).toBe(409);
  });
});

describe("what a return request is refused", () => {
  it("another customer's order line or return is 404, and so is an unknown one", async () => {
    const order = await deliveredOrder(shopper, "cod", 1);
    const theirs = await ask(other, { order_line_id: order.lineIds[0]!, kind: "return", quantity: 1, reason: REASON });
    expect(theirs.status).toBe(404);
    // Whose line it is is asked before any photo is read: a stranger's file is never decoded.
    const theirsWithFile = await ask(other, { order_line_id: order.lineIds[0]!, kind: "damage", quantity: 1, reason: REASON }, [{ bytes: Buffer.from("not a photo at all"), type: "image/jpeg" }]);
    expect(theirsWithFile.status).toBe(404);
    const mine = await ask(shopper, { order_line_id: order.lineIds[0]!, kind: "return", quantity: 1, reason: REASON });
    const id = Number(mine.json.return.id);
    expect((await api(`/returns/${id}`, { token: other.token, ip: other.ip })).status).toBe(404);
    expect((await api(`/returns?order_id=${order.id}`, { token: other.token, ip: other.ip })).json.data).toEqual([]);
    expect((await api("/returns/999999999", { token: shopper.token, ip: shopper.ip })).status).toBe(404);
    expect((await api("/returns", { token: undefined, ip: nextIp() })).status).toBe(401);
  });

  it("after 7 days from delivery, before delivery, a made-to-order item unless damaged, a damage claim without a photo", async () => {
    const late = await deliveredOrder(shopper, "cod", 1);
    await deliveredDaysAgo(late.id, 8);
    const tooLate = await ask(shopper, { order_line_id: late.lineIds[0]!, kind: "damage", quantity: 1, reason: REASON }, [{ bytes: jpeg }]);
    expect(tooLate.status).toBe(409);
    expect(tooLate.json.message).toContain("within 7 days of delivery");
    // A request that will be refused is refused before its photos are decoded.
    const tooLateJunk = await ask(shopper, { order_line_id: late.lineIds[0]!, kind: "damage", quantity: 1, reason: REASON }, [{ bytes: Buffer.from("not a photo at all"), type: "image/jpeg" }]);
    expect(tooLateJunk.status).toBe(409);

    const pending = await placedOrder(shopper, { lines: [{ product, quantity: 1 }] });
    const notYet = await ask(shopper, { order_line_id: pending.lineIds[0]!, kind: "return", quantity: 1, reason: REASON });
    expect(notYet.status).toBe(409);
    expect(notYet.json.message).toBe("An item can be returned once it has been delivered.");

    const mto = await makeProduct({ price: 99900, stock: 50 });
    const order = await placedOrder(shopper, { lines: [{ product: mto, quantity: 1 }] });
    const { db } = await testDb();
    await step(shopper, order, "confirm");
    await step(shopper, order, "ship");
    await step(shopper, order, "deliver");
    await db.updateTable("products").set({ made_to_order: 1 }).where("id", "=", mto.id).execute();
    const changedMind = await ask(shopper, { order_line_id: order.lineIds[0]!, kind: "return", quantity: 1, reason: REASON });
    expect(changedMind.status).toBe(422);
    expect(changedMind.json.message).toContain("made to order");
    const noPhoto = await ask(shopper, { order_line_id: order.lineIds[0]!, kind: "damage", quantity: 1, reason: REASON });
    expect(noPhoto.status).toBe(422);
    expect(noPhoto.json.errors.photos[0]).toBe("Add at least one photo of the damage.");
    const damaged = await ask(shopper, { order_line_id: order.lineIds[0]!, kind: "damage", quantity: 1, reason: REASON }, [{ bytes: jpeg }]);
    expect(damaged.status, damaged.text).toBe(201);
  });

  it("bad photos (not an image, an SVG, over 5 MB, more than three) and bad fields get 4xx and store nothing", async () => {
    const order = await deliveredOrder(shopper, "cod", 1);
    const line = order.lineIds[0]!;
    const fields = { order_line_id: line, kind: "damage", quantity: 1, reason: REASON };
    const { db } = await testDb();
    const count = async () => Number((await db.selectFrom("returns").select((eb) => eb.fn.countAll<number>().as("n")).where("order_id", "=", order.id).executeTakeFirstOrThrow()).n);

    const text = await ask(shopper, fields, [{ bytes: Buffer.from("not a photo at all"), type: "image/jpeg" }]);
    expect(text.status).toBe(422);
    expect(text.json.errors.photos[0]).toBe("This is not a photo we can use: send a JPEG, PNG, WebP or AVIF image.");
    const svg = await ask(shopper, fields, [{ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><script>alert(1)</script></svg>'), type: "image/svg+xml", name: "x.svg" }]);
    expect(svg.status).toBe(422);
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const oversize = await ask(shopper, fields, [{ bytes: big }]);
    expect(oversize.status).toBe(422);
    expect(oversize.json.errors.photos[0]).toBe("A photo may be at most 5 MB.");
    const four = await ask(shopper, fields, [{ bytes: jpeg }, { bytes: jpeg }, { bytes: jpeg }, { bytes: jpeg }]);
    expect(four.status).toBe(422);
    expect(four.json.errors.photos[0]).toBe("Add at most 3 photos.");
    const fieldsBad = await ask(shopper, { order_line_id: "abc", kind: "gift", quantity: 0, reason: "short" });
    expect(fieldsBad.status).toBe(422);
    expect(Object.keys(fieldsBad.json.errors).sort()).toEqual(["kind", "order_line_id", "quantity", "reason"]);
    const json = await api("/returns", { method: "POST", body: JSON.stringify(fields), token: shopper.token, ip: shopper.ip });
    expect(json.status).toBe(415);
    expect(await count()).toBe(0);
  });
});

describe("staff roles", () => {
  it("a role without the step's permission gets 403 and the return and audit log are as they were", async () => {
    const order = await deliveredOrder(shopper, "cod", 1);
    const asked = await ask(shopper, { order_line_id: order.lineIds[0]!, kind: "return", quantity: 1, reason: REASON });
    const id = Number(asked.json.return.id);
    const fulfilment = await invitedStaff("fulfilment", nextIp(), `returns-fulfilment`);
    const fulfilmentToken = await tokenFor(fulfilment.id, ["order:read", "order:update", "refund:read"], nextIp());
    const support = await invitedStaff("support", nextIp(), `returns-support`);
    const supportToken = await tokenFor(support.id, ["order:read", "refund:update", "refund:create"], nextIp());
    const auditBefore = (await auditRows({ entityType: "return", entityId: id })).length;

    const decide = await adminAs(fulfilmentToken, `/returns/${id}/decision`, { json: { decision: "approve" }, ip: nextIp() });
    expect(decide.status).toBe(403);
    expect((await returnRow(id)).state).toBe("requested");
    expect((await adminAs(supportToken, `/returns/${id}/decision`, { json: { decision: "approve" }, ip: nextIp() })).status).toBe(200);
    const receive = await adminAs(supportToken, `/returns/${id}/receive`, { json: { outcome: "restock" }, ip: nextIp() });
    expect(receive.status).toBe(403);
    expect((await returnRow(id)).state).toBe("approved");
    expect((await adminAs(fulfilmentToken, `/returns/${id}/receive`, { json: { outcome: "restock" }, ip: nextIp() })).status).toBe(200);
    expect((await adminAs(fulfilmentToken, `/returns/${id}/refund`, { json: { method: "cash" }, ip: nextIp() })).status).toBe(403);
    expect((await returnRow(id)).state).toBe("received");
    expect((await auditRows({ entityType: "return", entityId: id })).length).toBe(auditBefore + 2);
    // A customer's session is not staff.
    expect(isDenied(await api(`/admin/returns/${id}`, { token: shopper.token, ip: shopper.ip }))).toBe(true);
    expect((await admin("/returns?state=nonsense")).status).toBe(422);
  });
});
