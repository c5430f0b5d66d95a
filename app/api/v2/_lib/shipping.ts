import type { ShipmentView, TimelineStep } from "@/lib/orders";
import { NO_STORE } from "@/lib/platform/cache-policy";

/** A shipment as API v2 answers it. */
export const presentShipment = (s: ShipmentView) => ({
  id: s.id,
  provider: s.provider,
  carrier: s.carrier,
  awb: s.awb,
  tracking_url: s.trackingUrl,
  status: s.status,
  status_label: s.statusLabel,
  created_at: s.createdAt,
  delivered_at: s.deliveredAt,
  returned_at: s.returnedAt,
  events: s.events.map((e) => ({ status: e.status, label: e.label, location: e.location, note: e.note, source: e.source, at: e.at })),
});

export const presentTimeline = (steps: TimelineStep[]) => steps.map((t) => ({ step: t.step, at: t.at, done: t.at !== null }));

/** A PDF answer shown in the browser. */
export const pdfResponse = (pdf: Buffer, filename: string) =>
  new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${filename}"`, "Content-Length": String(pdf.byteLength), "X-Content-Type-Options": "nosniff", "Cache-Control": NO_STORE },
  });
