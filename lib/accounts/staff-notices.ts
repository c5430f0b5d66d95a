import type { Action, Resource } from "./access";

/**
 * The staff notifications (issue 25 point 9): what happens in the shop that someone on the staff
 * must handle, and whose role handles it (the permission; can() picks the people). Pure: the
 * admin frame labels its counts with it, and the server mails the handlers through the outbox
 * (lib/accounts/server/staff/notify.ts).
 */

export const STAFF_NOTICES = {
  order_placed: { resource: "order", action: "update", label: "New order" },
  payment_failed: { resource: "order", action: "update", label: "Payment failed" },
  refund_requested: { resource: "refund", action: "update", label: "Refund requested" },
  return_requested: { resource: "refund", action: "update", label: "Return requested" },
  grievance_filed: { resource: "inbox", action: "update", label: "Grievance filed" },
} as const satisfies Record<string, { resource: Resource; action: Action; label: string }>;

export type StaffNoticeKind = keyof typeof STAFF_NOTICES;
export const isStaffNoticeKind = (value: string): value is StaffNoticeKind => Object.hasOwn(STAFF_NOTICES, value);
