import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { SHIPMENT, type ShipmentStatus } from "../../status";
import type { TrackingScan, TrackingState } from "./provider";

/**
 * Shiprocket's wire format (https://apiv2.shiprocket.in/v1/external, its API docs): the answers of
 * the calls the adapter (./shiprocket.ts) makes, read with zod so a changed field is a clear
 * ShippingUnavailable rather than an undefined deep in the service, and its tracking webhook.
 *
 *  POST auth/login {email, password} → {token} (a JWT valid 10 days)
 *  POST orders/create/adhoc → {order_id, shipment_id, status}
 *  POST courier/assign/awb {shipment_id} → {awb_assign_status: 1, response.data: {awb_code, courier_name}}
 *  POST courier/generate/pickup {shipment_id: [id]} → {pickup_status: 1}
 *  POST courier/generate/label {shipment_id: [id]} → {label_created: 1, label_url}
 *  GET  courier/track/awb/{awb} → {tracking_data: {shipment_track: [{current_status}], shipment_track_activities: [...]}}
 *
 * Ids come as numbers or strings depending on the call; both are read as strings. The webhook is
 * not signed: it carries the token configured in Shiprocket's panel in its x-api-key header, and
 * the store acts only on the tracking it fetches again (./service.ts).
 */
export const SHIPROCKET_BASE_URL = "https://apiv2.shiprocket.in/v1/external";
export const WEBHOOK_TOKEN_HEADER = "x-api-key";

const id = z.union([z.number(), z.string().min(1)]).transform(String);

export const loginAnswer = z.object({ token: z.string().min(10) });
export const createAnswer = z.object({ order_id: id, shipment_id: id, status: z.string().optional() });
export const awbAnswer = z.object({
  awb_assign_status: z.literal(1),
  response: z.object({ data: z.object({ awb_code: z.string().min(1), courier_name: z.string().min(1), shipment_id: id.optional() }) }),
});
export const pickupAnswer = z.object({ pickup_status: z.literal(1) });
/** POST ndr/{awb}/action answers a message; a refusal is a 4xx. */
export const ndrAnswer = z.object({}).loose();
/** POST orders/cancel {ids} answers a message; a refusal (an order already picked up) is a 4xx. */
export const cancelAnswer = z.object({}).loose();
export const labelAnswer = z.object({ label_created: z.literal(1), label_url: z.url() });

const activity = z.object({
  date: z.string(),
  status: z.string().optional(),
  activity: z.string().default(""),
  location: z.string().nullish(),
  "sr-status-label": z.string().nullish(),
});
export const trackAnswer = z.object({
  tracking_data: z.object({
    track_status: z.number().optional(),
    shipment_track: z.array(z.object({ awb_code: z.string().nullish(), current_status: z.string() })).nullish(),
    shipment_track_activities: z.array(activity).nullish(),
    track_url: z.string().nullish(),
    error: z.string().optional(),
  }),
});

/** The webhook's body (the fields the store reads; the rest is kept as it came). */
export const webhookBody = z.object({ awb: id, current_status: z.string(), shipment_status: z.string().optional() });

/**
 * A Shiprocket status label as the store's shipment status; null for the states the store records
 * nothing for (pickup scheduled, manifested, lost, cancelled…). An RTO that has reached the shop is
 * still "returning" here: staff record its receipt after checking the parcel.
 */
export function shipmentStatusOf(label: string): ShipmentStatus | null {
  const s = label.trim().toUpperCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  if (s.startsWith("RTO")) return SHIPMENT.rtoInTransit;
  if (s === "DELIVERED") return SHIPMENT.delivered;
  if (s === "OUT FOR DELIVERY") return SHIPMENT.outForDelivery;
  if (s === "UNDELIVERED" || s === "DELIVERY FAILED" || s === "NDR") return SHIPMENT.deliveryFailed;
  if (["SHIPPED", "IN TRANSIT", "PICKED UP", "REACHED DESTINATION HUB", "REACHED AT DESTINATION HUB", "OUT FOR PICKUP", "DELAYED", "MISROUTED"].includes(s)) return SHIPMENT.inTransit;
  return null;
}

/** GET courier/track/awb/{awb}'s answer in the store's terms; null when Shiprocket tracks nothing by that AWB. */
export function readTracking(awb: string, body: unknown): TrackingState | null {
  const parsed = trackAnswer.safeParse(body);
  if (!parsed.success) return null;
  const data = parsed.data.tracking_data;
  const current = data.shipment_track?.[0]?.current_status;
  if (!current || data.error) return null;
  const scans: TrackingScan[] = (data.shipment_track_activities ?? []).map((a) => {
    const label = a["sr-status-label"] ?? a.status ?? "";
    return { at: a.date, status: label ? shipmentStatusOf(label) : null, location: a.location ?? null, note: a.activity };
  });
  return { awb, status: shipmentStatusOf(current), providerStatus: current, scans };
}

/** Whether the webhook's x-api-key is the configured token, compared in constant time (digests of equal length). */
export function webhookTokenMatches(configured: string, sent: string | null): boolean {
  if (!configured || !sent) return false;
  const a = createHash("sha256").update(configured, "utf8").digest();
  const b = createHash("sha256").update(sent, "utf8").digest();
  return timingSafeEqual(a, b);
}
