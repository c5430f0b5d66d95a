import type { StaffPrincipal } from "@/lib/accounts";
import { permissionsOf } from "@/lib/accounts/access";
import type { AdminOrderState, RefundOutcome } from "@/lib/orders";
import { rupees } from "./present";
import { withCookies } from "./http";

/**
 * The admin API (/api/v2/admin/*) answers staff: a back-office session (cookie or Bearer) or a
 * personal API token (Bearer kst_…). Each route asks requireStaff(request, resource, action) from
 * @/lib/accounts first: 401 without credentials, 403 when can() says no (docs/api-v2.md "Admin").
 */

/** Passes on the cookies of a staff session that better-auth refreshed while checking it. */
export const staffAnswer = (principal: Pick<StaffPrincipal, "setCookies">, response: Response) => withCookies(response, principal.setCookies);

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

/** Who is signed in to the back office, with what they may do (GET /admin/me, the sign-in's answer). */
export const presentStaffPrincipal = (p: StaffPrincipal) => ({
  user: { id: p.user.id, name: p.user.name, email: p.user.email },
  roles: p.roles,
  permissions: permissionsOf(p.roles).filter((perm) => p.scopes === null || p.scopes.includes(perm)),
  via: p.via === "token" ? "token" : "session",
  two_factor: { enabled: p.twoFactorEnabled, required: p.twoFactorRequired },
});
