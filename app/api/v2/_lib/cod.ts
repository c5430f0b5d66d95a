import type { ParcelRow, Receivable, ReconcileOutcome, RemittanceLine, RemittanceSummary } from "@/lib/orders";
import { OUTCOME_LABELS, verdictMessage } from "@/lib/orders/cod-remittance";
import { formatPaise } from "@/lib/platform/format";
import { rupees } from "./present";

/** Cash on Delivery reconciliation as the admin answers show it (docs/api-v2.md "COD remittances"): money in rupees. */

export const presentRemittance = (r: RemittanceSummary) => ({
  id: r.id,
  file_name: r.fileName,
  courier: r.courier,
  uploaded_by: { id: r.uploadedBy.id, name: r.uploadedBy.name },
  uploaded_at: r.uploadedAt,
  first_date: r.firstDate,
  last_date: r.lastDate,
  rows: r.rowCount,
  remitted: r.remittedCount,
  mismatches: r.mismatchCount,
  missing: r.missingCount,
  total_amount: rupees(r.totalAmount),
  remitted_amount: rupees(r.remittedAmount),
  short_amount: rupees(r.shortAmount),
  over_amount: rupees(r.overAmount),
});

export const presentRemittanceLine = (l: RemittanceLine) => ({
  row: l.row,
  awb: l.awb,
  amount: rupees(l.amount),
  date: l.date,
  outcome: l.outcome,
  label: OUTCOME_LABELS[l.outcome],
  message: verdictMessage(l, formatPaise),
  order_id: l.orderId,
  order_code: l.orderCode,
  shipment_id: l.shipmentId,
  expected: l.expected === null ? null : rupees(l.expected),
  difference: l.difference === null ? null : rupees(l.difference),
  other_remittance_id: l.otherRemittanceId,
});

export const presentParcel = (p: ParcelRow) => ({
  order_id: p.orderId,
  order_code: p.orderCode,
  customer: p.customer,
  shipment_id: p.shipmentId,
  carrier: p.carrier,
  awb: p.awb,
  cod_amount: rupees(p.codAmount),
  delivered_at: p.deliveredAt,
  age_days: p.ageDays,
});

export const presentMissing = (m: ReconcileOutcome["missing"]) => ({ count: m.count, overdue_days: m.overdueDays, parcels: m.parcels.map(presentParcel) });

export const presentReceivable = (r: Receivable) => ({
  buckets: r.buckets.map((b) => ({ bucket: b.key, label: b.label, count: b.count, amount: rupees(b.amount) })),
  total: { count: r.total.count, amount: rupees(r.total.amount) },
  short_total: rupees(r.shortTotal),
  bucket: r.bucket,
});
