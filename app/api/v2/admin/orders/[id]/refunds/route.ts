import { requireStaff } from "@/lib/accounts";
import { adminOrderState, creditNotesOf, recordRefund, refundFromAdmin } from "@/lib/orders";
import { idempotencyKeySchema } from "@/lib/orders/checkout-schemas";
import { adminRecordRefundSchema, orderIdParam } from "@/lib/orders/schemas";
import { presentAdminOrder, presentCreditNote, presentRefund, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/orders/{id}/refunds (header Idempotency-Key) {amount | lines | full, method,
 * reference?, note?, line_id?}: records money given back for the order (lib/orders/server/refunds.ts):
 * through the payment provider (method original) or by the shop's own transfer (bank_transfer, upi,
 * cash, with its reference). `lines` [{line_id, quantity}] refunds pieces (the amount is what their
 * credit note credits); `full: true` all that is left of the payment. An invoiced order's refund
 * issues its GST credit note once processed (`credit_note`). 201 with the refund; the same key
 * again answers 200 with the same refund and Idempotent-Replayed: true, never a second refund.
 * Needs refund:create.
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "refund", "create");
    const { id } = parse(orderIdParam, params);
    const key = parse(idempotencyKeySchema, request.headers.get("idempotency-key") ?? undefined);
    const input = await readJson(request, adminRecordRefundSchema);
    const money = { method: input.method, reference: input.reference ?? null, note: input.note ?? null };
    const outcome =
      input.amount !== undefined && input.line_id !== undefined
        ? await recordRefund(id, { amount: input.amount, ...money, lineId: input.line_id }, key, staff.actor)
        : await refundFromAdmin(id, input.lines ? { kind: "lines", lines: input.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity })) } : input.full ? { kind: "full" } : { kind: "amount", amount: input.amount as number }, money, key, staff.actor);
    const order = await adminOrderState(id);
    const note = (await creditNotesOf(id)).find((n) => n.refundId === outcome.refund.id);
    const response = action(true, "The refund is recorded.", outcome.replayed ? 200 : 201, { ...presentRefund(outcome), credit_note: note ? presentCreditNote(note) : null, order: order ? presentAdminOrder(order) : null });
    if (outcome.replayed) response.headers.set("Idempotent-Replayed", "true");
    return staffAnswer(staff, response);
  },
  { personal: true },
);
