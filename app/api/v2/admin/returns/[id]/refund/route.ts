import { requireStaff } from "@/lib/accounts";
import { refundReturn } from "@/lib/orders";
import { returnIdParam, returnRefundSchema } from "@/lib/orders/returns";
import { presentRefund, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";
import { presentReturn } from "../../../../_lib/returns";

/**
 * POST /api/v2/admin/returns/{id}/refund {method, reference?, note?}: a received return's value
 * goes back (refund:create) through the refund service: the payment provider's refund (method
 * original) or the shop's transfer with its reference. One return is one refund: its idempotency
 * key is the return's own, so a repeat answers the same refund (Idempotent-Replayed: true).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "refund", "create");
    const { id } = parse(returnIdParam, params);
    const input = await readJson(request, returnRefundSchema);
    const done = await refundReturn(id, { method: input.method, reference: input.reference ?? null, note: input.note ?? null }, staff.actor);
    const pending = done.refund.refund.status === "pending";
    const response = action(true, pending ? "The refund is pending with the payment provider." : "The return is refunded.", 200, { return: presentReturn(done.ret), ...presentRefund(done.refund) });
    if (done.refund.replayed) response.headers.set("Idempotent-Replayed", "true");
    return staffAnswer(staff, response);
  },
  { personal: true },
);
