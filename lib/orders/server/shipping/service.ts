import "server-only";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { getDb, type Db, type Dialect } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/log";
import { orderRefusal, SHIPMENT_TRANSITIONS, shipmentRefusal, type ShipmentTransition, type ShipmentTransitionName } from "../../lifecycle";
import { type Actor, ACTOR, DELIVERY, ORDER_MESSAGES, PAYMENT, PAYMENT_TYPE, SHIPMENT, SHIPMENT_LABEL, SHIPMENT_SOURCE, type ShipmentSource, type ShipmentStatus } from "../../status";
import { type AfterCommit, orderTransaction } from "../after-commit";
import { issueCreditNoteForReturn } from "../credit-notes";
import type { ShipmentFact } from "../../mail-facts";
import { applyTransition, type Change, lockOrder } from "../transition";
import { variationColumn } from "../variation";
import { type Booking, bookThenRecord } from "./book";
import { shippingProvider } from "./index";
import { type ManualDetails, type ShipmentOrder, type ShippingProviderName, ShippingUnavailable } from "./provider";
import { WEBHOOK_TOKEN_HEADER, webhookBody, webhookTokenMatches } from "./shiprocket-wire";
import { renderPackingSlips, type SlipData } from "./slip-pdf";
import { type ShipmentView, shipmentsOf } from "./views";
import { getConfig } from "@/lib/platform/config";

/**
 * Fulfilment: an order's parcels with a courier (docs/back-office.md "Fulfilment").
 *
 *  - shipOrder: the clerk picks a provider; the provider books the parcel (create, AWB, pickup)
 *    OUTSIDE the database transaction (a courier's API is slow and cannot roll back), then one
 *    transaction moves the order to Shipped by the table (order `ship`; a move the order no longer
 *    allows is a 409 and nothing is written), records the shipment, its first event and the
 *    audit row, and asks for the shipped mail.
 *  - moveShipment: a move of the shipment table (lib/orders/lifecycle.ts SHIPMENT_TRANSITIONS) by a
 *    clerk (the sandbox courier's buttons, an NDR decision, RTO received) or by the courier's
 *    tracking, with the order transition it names in the same transaction: `deliver` (and a Cash
 *    on Delivery order's cash collected), `rto_receive` (restocked through the ledger, reason rto).
 *  - handleShiprocketWebhook: the unsigned push is admitted only with the configured token, and
 *    the store fetches the AWB's tracking again and acts on that, never on the push's body.
 */

export const SHIPPING_MESSAGES = {
  notFound: "Shipment not found.",
  providerOff: (name: string) => `The shipping provider ${name} is not available. Turn it on in Settings → Shipping providers, or choose another.`,
  unavailable: "The courier could not be reached or refused the booking. Nothing was recorded; please try again.",
  labelNone: "This shipment has no courier label (a manual carrier prints its own).",
  labelsMixed: "Labels can be printed for one shipping provider at a time.",
  awbTaken: "Another shipment already has this AWB.",
} as const;

export type ShipInput = { provider: ShippingProviderName } & Partial<ManualDetails>;

/** The shop's defaults for a parcel until products carry their own weight and size. */
const PARCEL = { weightKg: 1, lengthCm: 30, breadthCm: 25, heightCm: 10 };

async function orderForShipment(db: Db, orderId: number): Promise<(ShipmentOrder & { id: number; deliveryStatus: string }) | null> {
  const o = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!o) return null;
  const lines = await db
    .selectFrom("order_lines as l")
    .leftJoin("products as p", "p.id", "l.product_id")
    .leftJoin("product_variants as v", "v.id", "l.variant_id")
    .select(["l.product_name", "l.quantity", "l.unit_price", "l.hsn_code", "p.sku as product_sku", "v.sku as variant_sku"])
    .where("l.order_id", "=", orderId)
    .orderBy("l.id")
    .execute();
  const cod = o.payment_type === PAYMENT_TYPE.cod && o.payment_status === PAYMENT.unpaid;
  return {
    id: o.id,
    deliveryStatus: o.delivery_status,
    code: o.code,
    placedAt: o.created_at,
    paymentType: o.payment_type === PAYMENT_TYPE.cod ? "cod" : "prepaid",
    total: o.grand_total,
    codAmount: cod ? o.grand_total : 0,
    subtotal: o.subtotal,
    shippingCost: o.shipping_cost,
    address: { name: o.shipping_name, phone: o.shipping_phone, email: o.shipping_email, line: o.shipping_address, city: o.shipping_city, state: o.shipping_state, postalCode: o.shipping_postal_code, country: o.shipping_country },
    lines: lines.map((l) => ({ name: l.product_name, sku: l.variant_sku ?? l.product_sku ?? `LINE-${l.product_name.slice(0, 20)}`, quantity: l.quantity, unitPrice: l.unit_price, hsn: l.hsn_code })),
    parcel: PARCEL,
  };
}

async function writeShipmentEvent(trx: Db, shipmentId: number, status: string, source: ShipmentSource, at: Date, extra: { note?: string | null; location?: string | null; actorId?: number | null; occurredAt?: string } = {}): Promise<void> {
  await trx
    .insertInto("shipment_events")
    .values({ shipment_id: shipmentId, status, source, note: extra.note ?? null, location: extra.location ?? null, actor_id: extra.actorId ?? null, occurred_at: extra.occurredAt ?? at.toISOString(), created_at: at.toISOString() })
    .execute();
}

/**
 * Books the order's parcel with `input.provider` and marks the order Shipped (order:update).
 * Returns the shipment.
 */
export async function shipOrder(orderId: number, input: ShipInput, actor: StaffActor, now = new Date()): Promise<ShipmentView> {
  const handle = await getDb();
  const order = await orderForShipment(handle.db, orderId);
  if (!order) throw new ApiError(404, ORDER_MESSAGES.notFound);
  const current = await lockFreeFacts(handle.db, orderId);
  const refusal = current ? orderRefusal("ship", current) : ORDER_MESSAGES.notFound;
  if (refusal) throw new ApiError(409, refusal);
  const provider = await shippingProvider(input.provider);
  if (!provider) throw new ApiError(422, SHIPPING_MESSAGES.providerOff(input.provider), { provider: [SHIPPING_MESSAGES.providerOff(input.provider)] });
  const manual = input.provider === "manual" && input.carrier && input.awb ? { carrier: input.carrier, awb: input.awb, trackingUrl: input.trackingUrl ?? null } : undefined;
  if (input.provider === "manual" && !manual) throw new ApiError(422, "A manual carrier needs its name and the AWB.", { ...(input.carrier ? {} : { carrier: ["Type the carrier's name."] }), ...(input.awb ? {} : { awb: ["Type the AWB (tracking number)."] }) });
  if (manual) {
    const taken = await handle.db.selectFrom("shipments").select("id").where("provider", "=", "manual").where("awb", "=", manual.awb).executeTakeFirst();
    if (taken) throw new ApiError(409, SHIPPING_MESSAGES.awbTaken, { awb: [SHIPPING_MESSAGES.awbTaken] });
  }

  const record = (booked: Booking) => orderTransaction(handle, async (trx, after) => {
    if (manual) {
      // Checked again under the transaction's lock: another clerk may have typed the same AWB meanwhile.
      const taken = await trx.selectFrom("shipments").select("id").where("provider", "=", "manual").where("awb", "=", manual.awb).executeTakeFirst();
      if (taken) throw new ApiError(409, SHIPPING_MESSAGES.awbTaken, { awb: [SHIPPING_MESSAGES.awbTaken] });
    }
    const change: Change = { trx, dialect: handle.dialect, now, actor: ACTOR.staff, actorId: actor.userId, note: `${booked.awb.carrier} ${booked.awb.awb}`, after };
    await applyTransition(change, { machine: "order", name: SHIPMENT_TRANSITIONS.create.order, orderId });
    const at = now.toISOString();
    const row = await trx
      .insertInto("shipments")
      .values({
        order_id: orderId,
        provider: input.provider,
        carrier: booked.awb.carrier,
        awb: booked.awb.awb,
        tracking_url: booked.awb.trackingUrl,
        status: SHIPMENT_TRANSITIONS.create.to,
        provider_order_id: booked.created.providerOrderId,
        provider_shipment_id: booked.created.providerShipmentId,
        label_key: null,
        pickup_requested_at: booked.pickup ? at : null,
        created_at: at,
        updated_at: at,
        delivered_at: null,
        returned_at: null,
        // What the courier collects at the door: the figure a COD remittance is matched against (decision 0062).
        cod_amount: order.paymentType === "cod" ? order.codAmount : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeShipmentEvent(trx, row.id, SHIPMENT_TRANSITIONS.create.to, SHIPMENT_SOURCE.staff, now, { actorId: actor.userId, note: `Handed to ${booked.awb.carrier}, AWB ${booked.awb.awb}` });
    withParcel(after, orderId, "shipped", { carrier: booked.awb.carrier, awb: booked.awb.awb, trackingUrl: booked.awb.trackingUrl, status: SHIPMENT_LABEL[SHIPMENT_TRANSITIONS.create.to] });
    await audit(trx, actor, { action: "order.ship", entityType: "order", entityId: orderId, before: { code: order.code, delivery_status: order.deliveryStatus }, after: { delivery_status: DELIVERY.shipped, provider: input.provider, carrier: booked.awb.carrier, awb: booked.awb.awb } }, now);
    return row.id;
  });
  const shipmentId = await bookThenRecord(provider, order, manual, record, { orderId }).catch((error: unknown) => {
    if (error instanceof ShippingUnavailable) {
      log.warn({ err: error, orderId, provider: input.provider }, "shipping provider failed");
      throw new ApiError(502, SHIPPING_MESSAGES.unavailable);
    }
    // The unique (provider, AWB) index caught what the read could not see (PostgreSQL's READ COMMITTED).
    if (isUniqueViolation(error)) throw new ApiError(409, SHIPPING_MESSAGES.awbTaken, { awb: [SHIPPING_MESSAGES.awbTaken] });
    throw error;
  });
  return (await shipmentsOf(orderId)).find((s) => s.id === shipmentId)!;
}

/** SQLite's UNIQUE constraint failure or PostgreSQL's unique_violation (23505). */
function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

/** The order's facts for the table's guards, read without a lock (the transaction checks again). */
async function lockFreeFacts(db: Db, orderId: number) {
  const o = await db.selectFrom("orders").select(["delivery_status", "payment_status", "payment_type", "cancel_reason", "coupon_code"]).where("id", "=", orderId).executeTakeFirst();
  return o ? { delivery: o.delivery_status, payment: o.payment_status, paymentType: o.payment_type, cancelReason: o.cancel_reason, couponCode: o.coupon_code } : null;
}

export type ShipmentMove = { name: Exclude<ShipmentTransitionName, "create">; note?: string | null; location?: string | null; occurredAt?: string };

/**
 * Applies a move of the shipment table inside `trx` (the order locked first): the shipment's
 * conditional update, its shipment_events row, and the order transition it names (whose
 * order_events rows are the order's history; order_events.entity is held to order, line and
 * payment by its CHECK, so a shipment's own moves are its shipment_events).
 */
async function applyShipmentMove(c: Change, dialect: Dialect, shipmentId: number, move: ShipmentMove, source: ShipmentSource, orderId?: number): Promise<{ orderId: number; from: ShipmentStatus; to: ShipmentStatus }> {
  const t: ShipmentTransition = SHIPMENT_TRANSITIONS[move.name];
  if (!t.actors.includes(c.actor)) throw new Error(`${c.actor} may not ${move.name} a shipment`);
  const found = await c.trx.selectFrom("shipments").select(["id", "order_id"]).where("id", "=", shipmentId).executeTakeFirst();
  if (!found || (orderId !== undefined && found.order_id !== orderId)) throw new ApiError(404, SHIPPING_MESSAGES.notFound);
  const order = await lockOrder(c.trx, dialect, found.order_id);
  if (!order) throw new ApiError(404, SHIPPING_MESSAGES.notFound);
  const shipment = await c.trx.selectFrom("shipments").select(["status"]).where("id", "=", shipmentId).executeTakeFirstOrThrow();
  const refusal = shipmentRefusal(move.name, shipment.status);
  if (refusal) throw new ApiError(409, refusal);
  const at = c.now.toISOString();
  const updated = await c.trx
    .updateTable("shipments")
    .set({ status: t.to, updated_at: at, ...(t.to === SHIPMENT.delivered ? { delivered_at: at } : {}), ...(t.to === SHIPMENT.rtoReceived ? { returned_at: at } : {}) })
    .where("id", "=", shipmentId)
    .where("status", "=", shipment.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, "The shipment changed meanwhile. Please try again.");
  await writeShipmentEvent(c.trx, shipmentId, t.to, source, c.now, { note: move.note ?? null, location: move.location ?? null, actorId: c.actorId ?? null, occurredAt: move.occurredAt });
  if (t.order === "deliver") {
    if (order.delivery_status === DELIVERY.shipped) await applyTransition(c, { machine: "order", name: "deliver", orderId: found.order_id });
    const parcel = await c.trx.selectFrom("shipments").select(["carrier", "awb", "tracking_url"]).where("id", "=", shipmentId).executeTakeFirstOrThrow();
    if (parcel.awb) withParcel(c.after, found.order_id, "delivered", { carrier: parcel.carrier, awb: parcel.awb, trackingUrl: parcel.tracking_url, status: SHIPMENT_LABEL[t.to] });
    // Cash on Delivery: the courier collected the cash at the door.
    if (order.payment_type === PAYMENT_TYPE.cod && order.payment_status === PAYMENT.unpaid) {
      await applyTransition(c, { machine: "order", name: "collect_cash", orderId: found.order_id, payment: { provider_payment_id: `cod-${order.code}` } });
    }
  } else if (t.order === "rto_receive") {
    await applyTransition(c, { machine: "order", name: "rto_receive", orderId: found.order_id });
    await creditNoteForRto(c.trx, found.order_id, c.now);
  }
  return { orderId: found.order_id, from: shipment.status, to: t.to };
}

/**
 * THE call point for the GST credit note of an RTO (../credit-notes.ts issueCreditNoteForReturn):
 * in the RTO's transaction, under the order's lock, for every piece of every line the courier
 * brought back. An order without an invoice (Cash on Delivery never collected) gets none.
 */
async function creditNoteForRto(trx: Db, orderId: number, now: Date): Promise<void> {
  const lines = await trx.selectFrom("order_lines").select(["id", "quantity"]).where("order_id", "=", orderId).orderBy("id").execute();
  await issueCreditNoteForReturn(trx, orderId, lines.map((l) => ({ lineId: l.id, quantity: l.quantity })), "Return to origin: the courier could not deliver the order and brought it back.", now);
}

/** The shipped or delivered mail the order's transition asked for carries the parcel's facts (../../mail-facts.ts). */
function withParcel(after: AfterCommit, orderId: number, kind: "shipped" | "delivered", shipment: ShipmentFact): void {
  for (const mail of after.mails) if (mail.orderId === orderId && mail.kind === kind) mail.facts = { ...mail.facts, shipment };
}

/** A clerk's move of a shipment (order:update): the sandbox courier's buttons, an NDR decision, RTO received. */
export async function moveShipment(orderId: number, shipmentId: number, move: ShipmentMove, actor: StaffActor, now = new Date()): Promise<ShipmentView> {
  const handle = await getDb();
  const shipment = await handle.db.selectFrom("shipments").select(["id", "order_id", "provider", "awb", "provider_shipment_id", "status"]).where("id", "=", shipmentId).where("order_id", "=", orderId).executeTakeFirst();
  if (!shipment) throw new ApiError(404, SHIPPING_MESSAGES.notFound);
  const refusal = shipmentRefusal(move.name, shipment.status);
  if (refusal) throw new ApiError(409, refusal);
  // An NDR decision on a courier with an NDR API is told to the courier first.
  if ((move.name === "reattempt" || move.name === "return_to_origin") && shipment.status === SHIPMENT.deliveryFailed && shipment.awb) {
    const provider = await shippingProvider(shipment.provider as ShippingProviderName, { finishing: true });
    try {
      await provider?.ndrAction?.(shipment.awb, move.name === "reattempt" ? "reattempt" : "return", move.note ?? "");
    } catch (error) {
      if (error instanceof ShippingUnavailable) throw new ApiError(502, SHIPPING_MESSAGES.unavailable);
      throw error;
    }
  }
  await orderTransaction(handle, async (trx, after) => {
    const change: Change = { trx, dialect: handle.dialect, now, actor: ACTOR.staff, actorId: actor.userId, note: move.note ?? null, after };
    const moved = await applyShipmentMove(change, handle.dialect, shipmentId, move, SHIPMENT_SOURCE.staff, orderId);
    await audit(trx, actor, { action: `shipment.${move.name}`, entityType: "shipment", entityId: shipmentId, before: { order_id: orderId, status: moved.from }, after: { status: moved.to } }, now);
  });
  return (await shipmentsOf(orderId)).find((s) => s.id === shipmentId)!;
}

/**
 * When a clerk marks an order Delivered through the status call (POST /admin/orders/{id}/status),
 * its open shipment follows, in the same transaction.
 */
export async function deliverOpenShipment(c: Change, orderId: number): Promise<void> {
  const open = await c.trx.selectFrom("shipments").select(["id", "status"]).where("order_id", "=", orderId).where("status", "in", SHIPMENT_TRANSITIONS.deliver.from).orderBy("id", "desc").executeTakeFirst();
  if (!open) return;
  const at = c.now.toISOString();
  await c.trx.updateTable("shipments").set({ status: SHIPMENT.delivered, delivered_at: at, updated_at: at }).where("id", "=", open.id).where("status", "=", open.status).execute();
  await writeShipmentEvent(c.trx, open.id, SHIPMENT.delivered, SHIPMENT_SOURCE.staff, c.now, { actorId: c.actorId ?? null });
}

/** The name of the table's move from `from` to `to` that `actor` may make, if any. */
export function moveTo(from: ShipmentStatus, to: ShipmentStatus, actor: Actor): Exclude<ShipmentTransitionName, "create"> | null {
  for (const [name, t] of Object.entries(SHIPMENT_TRANSITIONS) as [ShipmentTransitionName, ShipmentTransition][]) {
    if (name !== "create" && t.to === to && t.from.includes(from) && t.actors.includes(actor)) return name;
  }
  return null;
}

export type WebhookOutcome = { status: number; message: string };

/**
 * POST /api/v2/webhooks/shiprocket: the courier's tracking push. No token configured or none sent:
 * 401; a wrong one: 403 (compared in constant time). The push only says which AWB to look at: the
 * store fetches its tracking from Shiprocket and applies the move the table allows from the
 * shipment's state to the fetched one (actor provider, source webhook). Unknown AWBs and states the
 * store does not act on answer 200 (Shiprocket retries other answers).
 */
export async function handleShiprocketWebhook(headers: Headers, rawBody: string, now = new Date()): Promise<WebhookOutcome> {
  const sent = headers.get(WEBHOOK_TOKEN_HEADER);
  const configured = getConfig().shipping.shiprocket?.webhookToken ?? null;
  if (!sent) return { status: 401, message: `Missing ${WEBHOOK_TOKEN_HEADER} header.` };
  if (!configured || !webhookTokenMatches(configured, sent)) return { status: 403, message: `Invalid ${WEBHOOK_TOKEN_HEADER} header.` };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { status: 400, message: "Request body is not valid JSON." };
  }
  const parsed = webhookBody.safeParse(body);
  if (!parsed.success) return { status: 400, message: "Not a Shiprocket tracking update." };
  const handle = await getDb();
  const shipment = await handle.db.selectFrom("shipments").select(["id", "status"]).where("provider", "=", "shiprocket").where("awb", "=", parsed.data.awb).executeTakeFirst();
  if (!shipment) return { status: 200, message: "Unknown AWB: ignored." };
  const provider = await shippingProvider("shiprocket", { finishing: true });
  if (!provider) return { status: 200, message: "Shiprocket is not configured: ignored." };
  let tracking;
  try {
    tracking = await provider.tracking(parsed.data.awb);
  } catch (error) {
    log.warn({ err: error, awb: parsed.data.awb }, "shiprocket tracking fetch failed");
    return { status: 503, message: "Tracking could not be fetched; please retry." };
  }
  if (!tracking?.status) return { status: 200, message: "No state to act on." };
  const name = moveTo(shipment.status, tracking.status, ACTOR.provider);
  if (!name) return { status: 200, message: "Nothing to change." };
  const latest = [...tracking.scans].reverse().find((s) => s.status === tracking.status) ?? null;
  try {
    await orderTransaction(handle, async (trx, after) => {
      const change: Change = { trx, dialect: handle.dialect, now, actor: ACTOR.provider, actorId: null, note: `shiprocket: ${tracking.providerStatus}`, after };
      await applyShipmentMove(change, handle.dialect, shipment.id, { name, note: latest?.note ?? tracking.providerStatus, location: latest?.location ?? null }, SHIPMENT_SOURCE.webhook);
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { status: 200, message: "Nothing to change." };
    throw error;
  }
  return { status: 200, message: "Updated." };
}

/* ---------------------------------------------------------------------------------------------
 * Packing slips and labels
 * ------------------------------------------------------------------------------------------- */

export const MAX_BULK = 100;

/** Packing slips of the orders (in the order given), one PDF; 404 when one of them does not exist. */
export async function packingSlipsPdf(orderIds: readonly number[]): Promise<Buffer> {
  const { db } = await getDb();
  const shop = await db.selectFrom("business_settings").select("value").where("type", "=", "website_name").executeTakeFirst();
  const slips: SlipData[] = [];
  for (const id of orderIds) {
    const o = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!o) throw new ApiError(404, ORDER_MESSAGES.notFound);
    const lines = await db
      .selectFrom("order_lines as l")
      .leftJoin("products as p", "p.id", "l.product_id")
      .leftJoin("product_variants as v", "v.id", "l.variant_id")
      .select(["l.product_name", "l.quantity", "p.sku as product_sku", "v.sku as variant_sku", variationColumn()])
      .where("l.order_id", "=", id)
      .where("l.delivery_status", "!=", DELIVERY.cancelled)
      .orderBy("l.id")
      .execute();
    const shipment = await db.selectFrom("shipments").select(["carrier", "awb"]).where("order_id", "=", id).orderBy("id", "desc").executeTakeFirst();
    slips.push({
      code: o.code,
      placedAt: o.created_at,
      shopName: shop?.value || "Our store",
      address: { name: o.shipping_name, line: o.shipping_address, city: o.shipping_city, state: o.shipping_state, postalCode: o.shipping_postal_code, country: o.shipping_country, phone: o.shipping_phone },
      lines: lines.map((l) => ({ name: l.product_name, variant: l.variation, sku: l.variant_sku ?? l.product_sku ?? null, quantity: l.quantity })),
      codAmount: o.payment_type === PAYMENT_TYPE.cod && o.payment_status === PAYMENT.unpaid ? o.grand_total : null,
      shipment: shipment ?? null,
    });
  }
  return renderPackingSlips(slips);
}

/** The courier labels of the orders' latest shipments, one PDF, one provider at a time. */
export async function labelsPdf(orderIds: readonly number[]): Promise<Buffer> {
  const { db } = await getDb();
  const rows: { provider: string; awb: string | null; carrier: string; provider_order_id: string | null; provider_shipment_id: string | null; code: string }[] = [];
  for (const id of orderIds) {
    const row = await db
      .selectFrom("shipments as s")
      .innerJoin("orders as o", "o.id", "s.order_id")
      .select(["s.provider", "s.awb", "s.carrier", "s.provider_order_id", "s.provider_shipment_id", "o.code"])
      .where("s.order_id", "=", id)
      .orderBy("s.id", "desc")
      .executeTakeFirst();
    if (!row) throw new ApiError(404, SHIPPING_MESSAGES.notFound);
    rows.push(row);
  }
  const providers = new Set(rows.map((r) => r.provider));
  if (providers.size !== 1) throw new ApiError(422, SHIPPING_MESSAGES.labelsMixed);
  const name = rows[0]!.provider as ShippingProviderName;
  const provider = await shippingProvider(name, { finishing: true });
  if (!provider) throw new ApiError(422, SHIPPING_MESSAGES.providerOff(name));
  try {
    const pdf = await provider.labels(rows.map((r) => ({ providerOrderId: r.provider_order_id, providerShipmentId: r.provider_shipment_id, awb: r.awb ?? "", carrier: r.carrier, orderCode: r.code })));
    if (!pdf) throw new ApiError(422, SHIPPING_MESSAGES.labelNone);
    return pdf;
  } catch (error) {
    if (error instanceof ShippingUnavailable) throw new ApiError(502, SHIPPING_MESSAGES.unavailable);
    throw error;
  }
}

/** Bulk "mark shipped": each order booked with the provider (sandbox or shiprocket), each on its own; what failed says why. */
export async function shipOrders(orderIds: readonly number[], provider: Exclude<ShippingProviderName, "manual">, actor: StaffActor): Promise<{ id: number; ok: boolean; message: string }[]> {
  const out: { id: number; ok: boolean; message: string }[] = [];
  for (const id of orderIds) {
    try {
      const s = await shipOrder(id, { provider }, actor);
      out.push({ id, ok: true, message: `Shipped with ${s.carrier}, AWB ${s.awb ?? "—"}.` });
    } catch (error) {
      if (error instanceof ApiError) out.push({ id, ok: false, message: error.message });
      else throw error;
    }
  }
  return out;
}

