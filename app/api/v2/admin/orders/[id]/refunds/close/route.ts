import { requireStaff } from "@/lib/accounts";
import { adminOrderState, closeRefund, REFUND_RECORD_MESSAGES } from "@/lib/orders";
import { adminCloseRefundSchema, orderIdParam } from "@/lib/orders/schemas";
import { presentAdminOrder, staffAnswer } from "../../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../../_lib/http";

/**
 * POST /api/v2/admin/orders/{id}/refunds/close {reason}: staff close the order's refund due
 * without (more) money through the store (the customer was paid back another way, or the money
 * came back by a chargeback): the payment row refund_due → closed, the reason on its event.
 * Needs refund:update.
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "refund", "update");
    const { id } = parse(orderIdParam, params);
    const { reason } = await readJson(request, adminCloseRefundSchema);
    await closeRefund(id, reason, staff.actor);
    const order = await adminOrderState(id);
    return staffAnswer(staff, action(true, REFUND_RECORD_MESSAGES.closed, 200, { order: order ? presentAdminOrder(order) : null }));
  },
  { personal: true },
);
