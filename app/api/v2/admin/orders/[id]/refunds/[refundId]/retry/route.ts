import { requireStaff } from "@/lib/accounts";
import { adminOrderState, creditNotesOf, retryRefund } from "@/lib/orders";
import { refundRetryParams } from "@/lib/orders/schemas";
import { presentAdminOrder, presentCreditNote, presentRefund, staffAnswer } from "../../../../../../_lib/admin";
import { action, handler, parse } from "../../../../../../_lib/http";

/**
 * POST /api/v2/admin/orders/{id}/refunds/{refundId}/retry: sends a pending refund to the payment
 * provider again with its own idempotency key (its call died or timed out: the provider answers the
 * refund it made, or makes it once), then records the answer. A refund no longer pending is
 * answered as it is. Needs refund:create.
 */
export const POST = handler<{ id: string; refundId: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "refund", "create");
    const { id, refundId } = parse(refundRetryParams, params);
    const outcome = await retryRefund(id, refundId, staff.actor);
    const order = await adminOrderState(id);
    const note = (await creditNotesOf(id)).find((n) => n.refundId === outcome.refund.id);
    return staffAnswer(staff, action(true, `The refund is ${outcome.refund.status}.`, 200, { ...presentRefund(outcome), credit_note: note ? presentCreditNote(note) : null, order: order ? presentAdminOrder(order) : null }));
  },
  { personal: true },
);
