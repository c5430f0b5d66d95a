import { requireStaff } from "@/lib/accounts";
import { adminOrderState, recordRefund } from "@/lib/orders";
import { idempotencyKeySchema } from "@/lib/orders/checkout-schemas";
import { adminRecordRefundSchema, orderIdParam } from "@/lib/orders/schemas";
import { presentAdminOrder, presentRefund, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/orders/{id}/refunds (header Idempotency-Key) {amount, method, reference?,
 * note?, line_id?}: records money given back for the order (lib/orders/server/refunds.ts): through
 * the payment provider (method original) or by the shop's own transfer (bank_transfer, upi, cash,
 * with its reference). 201 with the refund; the same key again answers 200 with the same refund and
 * Idempotent-Replayed: true, never a second refund. Needs refund:create.
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "refund", "create");
    const { id } = parse(orderIdParam, params);
    const key = parse(idempotencyKeySchema, request.headers.get("idempotency-key") ?? undefined);
    const input = await readJson(request, adminRecordRefundSchema);
    const outcome = await recordRefund(id, { amount: input.amount, method: input.method, reference: input.reference ?? null, note: input.note ?? null, lineId: input.line_id }, key, staff.actor);
    const order = await adminOrderState(id);
    const response = action(true, "The refund is recorded.", outcome.replayed ? 200 : 201, { ...presentRefund(outcome), order: order ? presentAdminOrder(order) : null });
    if (outcome.replayed) response.headers.set("Idempotent-Replayed", "true");
    return staffAnswer(staff, response);
  },
  { personal: true },
);
