import { requireIdentity } from "@/lib/accounts";
import { REFUND_LABELS } from "@/lib/orders/rules";
import { REFUND_MESSAGES, requestRefund } from "@/lib/orders";
import { orderLineIdParam, refundRequestSchema } from "@/lib/orders/schemas";
import { action, handler, parse, readJson } from "../../../_lib/http";

/**
 * POST /order/refund-request/{line_id} {reason}: the caller claims a delivered line of their own
 * order as damaged or defective, within the refund window after delivery (docs/storefront.md, "Orders").
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const { user } = await requireIdentity(request);
    const { id } = parse(orderLineIdParam, params);
    const { reason } = await readJson(request, refundRequestSchema);
    const done = await requestRefund(user.id, id, reason);
    return action(true, REFUND_MESSAGES.requested, 200, { refund_status: done.refundStatus, refund_label: REFUND_LABELS.Requested, refund_button: false });
  },
  { personal: true },
);
