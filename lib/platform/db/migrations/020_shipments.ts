import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Fulfilment (docs/back-office.md "Fulfilment", lib/orders/server/shipping/):
 * - shipments: a parcel of an order handed to a courier through a shipping provider (sandbox,
 *   manual or shiprocket): the carrier's name, its AWB (air waybill, the tracking number), the
 *   tracking link, the provider's own ids, the label's storage key, and its status by the shipment
 *   machine of lib/orders/lifecycle.ts (in_transit, out_for_delivery, delivery_failed, delivered,
 *   rto_in_transit, rto_received). An AWB is unique per provider (the courier's webhook finds the
 *   shipment by it).
 * - shipment_events: each status a shipment reached and each scan the courier reported, with its
 *   place, note, time and source (staff: a clerk's command; provider: the courier's tracking as
 *   the store fetched it; webhook: a tracking push, acted on only after that fetch).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  const id = (name: string) =>
    db.schema.createTable(name).addColumn("id", "integer", (c) => (dialect === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
  await id("shipments")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("carrier", "text", (c) => c.notNull())
    .addColumn("awb", "text")
    .addColumn("tracking_url", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("provider_order_id", "text")
    .addColumn("provider_shipment_id", "text")
    .addColumn("label_key", "text")
    .addColumn("pickup_requested_at", ts)
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addColumn("delivered_at", ts)
    .addColumn("returned_at", ts)
    .execute();
  await db.schema.createIndex("shipments_order_idx").on("shipments").columns(["order_id", "id"]).execute();
  await db.schema.createIndex("shipments_awb_idx").on("shipments").columns(["provider", "awb"]).unique().execute();
  await db.schema.createIndex("shipments_status_idx").on("shipments").columns(["status", "updated_at"]).execute();
  await id("shipment_events")
    .addColumn("shipment_id", "integer", (c) => c.notNull().references("shipments.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("location", "text")
    .addColumn("note", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer")
    .addColumn("occurred_at", ts, (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shipment_events_shipment_idx").on("shipment_events").columns(["shipment_id", "occurred_at"]).execute();
}
