import { createHash, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/platform/config";
import { ApiError } from "@/lib/platform/errors";
import type { AdminOrderState, RefundOutcome } from "@/lib/orders";
import { rupees } from "./present";

const digest = (v: string) => createHash("sha256").update(v).digest();

/** The admin API answers only to the Admin-Key header, and not at all when ADMIN_KEY is unset. */
export function requireAdmin(request: Request): void {
  const key = getConfig().adminKey;
  if (!key) throw new ApiError(404, "Not found.");
  const sent = request.headers.get("admin-key");
  if (!sent || !timingSafeEqual(digest(sent), digest(key))) throw new ApiError(401, "Missing or invalid Admin-Key header.");
}

/** An order as the admin answers show it: money in rupees. */
export const presentAdminOrder = (o: AdminOrderState) => ({
  id: o.id,
  code: o.code,
  delivery_status: o.delivery_status,
  payment_status: o.payment_status,
  payment_type: o.payment_type,
  refund_due: o.refund_due,
  invoice_number: o.invoice_number,
  paid_amount: rupees(o.paid_amount),
  refunded_amount: rupees(o.refunded_amount),
});

/** A refund as the admin answers show it: money in rupees, and its payment's figures. */
export const presentRefund = (r: RefundOutcome) => ({
  refund: {
    id: r.refund.id,
    order_id: r.refund.order_id,
    line_id: r.refund.order_line_id,
    amount: rupees(r.refund.amount),
    method: r.refund.method,
    reference: r.refund.reference,
    provider_refund_id: r.refund.provider_refund_id,
    status: r.refund.status,
    note: r.refund.note,
    created_at: r.refund.created_at,
  },
  payment: { status: r.payment.status, amount: rupees(r.payment.amount), refunded_amount: rupees(r.payment.refunded) },
});
