import "server-only";
import { getDb, type Db } from "@/lib/platform/db";
import { ENTITY, PAYMENT, PAYMENT_TYPE, SHIPMENT, SHIPMENT_LABEL, type ShipmentSource, type ShipmentStatus } from "../../status";

/**
 * What staff and shoppers read of an order's parcels: its shipments with their events, the
 * shopper's timeline, and the facts the shipped and delivered mails carry. Reads only (the moves
 * are ./service.ts), so the order mails can import it.
 */

export type ShipmentView = {
  id: number;
  provider: string;
  carrier: string;
  awb: string | null;
  trackingUrl: string | null;
  status: ShipmentStatus;
  statusLabel: string;
  createdAt: string;
  deliveredAt: string | null;
  returnedAt: string | null;
  events: { status: string; label: string; location: string | null; note: string | null; source: ShipmentSource; at: string }[];
};

/** The order's shipments with their events, oldest first (the shopper's order page and the admin's). */
export async function shipmentsOf(orderId: number, db?: Db): Promise<ShipmentView[]> {
  const read = db ?? (await getDb()).db;
  const rows = await read.selectFrom("shipments").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  if (!rows.length) return [];
  const events = await read
    .selectFrom("shipment_events")
    .selectAll()
    .where(
      "shipment_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("occurred_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    carrier: r.carrier,
    awb: r.awb,
    trackingUrl: r.tracking_url,
    status: r.status,
    statusLabel: SHIPMENT_LABEL[r.status],
    createdAt: r.created_at,
    deliveredAt: r.delivered_at,
    returnedAt: r.returned_at,
    events: events
      .filter((e) => e.shipment_id === r.id)
      .map((e) => ({ status: e.status, label: SHIPMENT_LABEL[e.status as ShipmentStatus] ?? e.status, location: e.location, note: e.note, source: e.source, at: e.occurred_at })),
  }));
}

export type TimelineStep = { step: "Placed" | "Confirmed" | "Shipped" | "Out for delivery" | "Delivered" | "Returned"; at: string | null };

/** The shopper's timeline: each step with the time it happened (null: not yet), from the order's stamps, order_events and shipment_events. */
export async function orderTimeline(orderId: number, db?: Db): Promise<TimelineStep[]> {
  const read = db ?? (await getDb()).db;
  const order = await read.selectFrom("orders").select(["created_at", "confirmed_at", "shipped_at", "delivered_at", "delivery_status"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return [];
  const events = await read
    .selectFrom("order_events")
    .select(["event", "created_at"])
    .where("order_id", "=", orderId)
    .where("entity", "=", ENTITY.order)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const first = (names: string[]) => events.find((e) => names.includes(e.event))?.created_at ?? null;
  const outForDelivery = await read
    .selectFrom("shipment_events as e")
    .innerJoin("shipments as s", "s.id", "e.shipment_id")
    .select("e.occurred_at")
    .where("s.order_id", "=", orderId)
    .where("e.status", "=", SHIPMENT.outForDelivery)
    .orderBy("e.occurred_at")
    .executeTakeFirst();
  const returned = first(["rto_receive"]);
  const steps: TimelineStep[] = [
    { step: "Placed", at: order.created_at },
    { step: "Confirmed", at: order.confirmed_at ?? first(["confirm", "pay", "revive"]) },
    { step: "Shipped", at: order.shipped_at ?? first(["ship"]) },
    { step: "Out for delivery", at: outForDelivery?.occurred_at ?? null },
  ];
  steps.push(returned ? { step: "Returned", at: returned } : { step: "Delivered", at: order.delivered_at ?? first(["deliver"]) });
  return steps;
}

/**
 * What a shipped or delivered mail says of the parcel: the mail code joins these facts with its
 * templates (the order mails are being rebuilt; this is their one source of shipment facts).
 */
export function shipmentMailFacts(order: { id: number; code: string; grandTotal: number; paymentType: string; paymentStatus: string }, shipment: Pick<ShipmentView, "carrier" | "awb" | "trackingUrl" | "status" | "deliveredAt">, siteUrl: string) {
  const cashDue = order.paymentType === PAYMENT_TYPE.cod && order.paymentStatus === PAYMENT.unpaid;
  return {
    orderCode: order.code,
    orderUrl: `${siteUrl}/order-details/${order.id}`,
    carrier: shipment.carrier,
    awb: shipment.awb,
    trackingUrl: shipment.trackingUrl,
    status: SHIPMENT_LABEL[shipment.status],
    deliveredAt: shipment.deliveredAt,
    /** Paise to keep ready at the door; null when nothing is due. */
    cashToPay: cashDue ? order.grandTotal : null,
  };
}
export type ShipmentMailFacts = ReturnType<typeof shipmentMailFacts>;

/** The plain-text lines of the shipped or delivered mail from shipmentMailFacts. */
export function shipmentMailLines(kind: "shipped" | "delivered", facts: ShipmentMailFacts, money: (paise: number) => string): string[] {
  if (kind === "delivered") return [`Your order ${facts.orderCode} has been delivered${facts.carrier ? ` by ${facts.carrier}` : ""}. We hope you love it.`];
  return [
    `Your order ${facts.orderCode} is on its way with ${facts.carrier}.`,
    ...(facts.awb ? [`AWB (tracking number): ${facts.awb}`] : []),
    ...(facts.trackingUrl ? [`Track your parcel: ${facts.trackingUrl}`] : []),
    ...(facts.cashToPay !== null ? [`Please keep ${money(facts.cashToPay)} ready to pay in cash at delivery.`] : []),
  ];
}

