import { assertCan, requireStaff } from "@/lib/accounts";
import { decideRefund } from "@/lib/orders";
import { idempotencyKeySchema } from "@/lib/orders/checkout-schemas";
import { adminRefundSchema, orderLineIdParam } from "@/lib/orders/schemas";
import { REFUND } from "@/lib/orders/status";
import { presentRefund, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/order-lines/{id}/refund {decision, …}: decides a customer's refund claim
 * (Requested → Approved/Rejected; Requested or Approved → Refunded). Refunded gives the money back:
 * method and (for a transfer) reference, an amount in rupees (the line's value by default), and an
 * Idempotency-Key header, as POST /admin/orders/{id}/refunds. Needs refund:update, and
 * refund:create as well for Refunded (it records money given back).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "refund", "update");
    const { id } = parse(orderLineIdParam, params);
    const input = await readJson(request, adminRefundSchema);
    if (input.decision === REFUND.refunded) assertCan(staff, "refund", "create");
    const money =
      input.decision === REFUND.refunded && input.method
        ? { refund: { amount: input.amount, method: input.method, reference: input.reference ?? null, note: input.note ?? null }, idempotencyKey: parse(idempotencyKeySchema, request.headers.get("idempotency-key") ?? undefined) }
        : undefined;
    const line = await decideRefund(id, input.decision, staff.actor, money);
    const { refund, ...rest } = line;
    const response = action(true, `The refund is now ${line.refund_status}.`, 200, { line: rest, ...(refund ? presentRefund(refund) : {}) });
    if (refund?.replayed) response.headers.set("Idempotent-Replayed", "true");
    return staffAnswer(staff, response);
  },
  { personal: true },
);
