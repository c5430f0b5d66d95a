import { decideRefund } from "@/lib/orders";
import { adminRefundSchema, orderLineIdParam } from "@/lib/orders/schemas";
import { requireAdmin } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/order-lines/{id}/refund {decision}: decides a customer's refund request (Requested → Approved/Rejected → Refunded). */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    requireAdmin(request);
    const { id } = parse(orderLineIdParam, params);
    const { decision } = await readJson(request, adminRefundSchema);
    const line = await decideRefund(id, decision);
    return action(true, `The refund is now ${line.refund_status}.`, 200, { line });
  },
  { personal: true },
);
