import { requireStaff } from "@/lib/accounts";
import { adminOrderState, moveShipment } from "@/lib/orders";
import { SHIPMENT_MOVE_LABELS, shipmentIdParam, shipmentMoveSchema } from "@/lib/orders/shipping";
import { presentAdminOrder, staffAnswer } from "../../../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../../../_lib/http";
import { presentShipment } from "../../../../../../_lib/shipping";

/**
 * POST /api/v2/admin/orders/{id}/shipments/{shipment}/events {event, note?, location?}: a clerk's
 * move of the shipment by the lifecycle table: out_for_delivery, fail_attempt, deliver (the sandbox
 * courier's commands, or a manual carrier's news), reattempt or return_to_origin (the NDR
 * decision), receive_return (RTO received: the order is Returned and its lines restocked).
 * order:update; a move the shipment's state does not allow is a 409 and nothing changes.
 */
export const POST = handler<{ id: string; shipment: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "update");
    const { id, shipment: shipmentId } = parse(shipmentIdParam, params);
    const input = await readJson(request, shipmentMoveSchema);
    const shipment = await moveShipment(id, shipmentId, { name: input.event, note: input.note ?? null, location: input.location ?? null }, staff.actor);
    const order = await adminOrderState(id);
    return staffAnswer(staff, action(true, `${SHIPMENT_MOVE_LABELS[input.event]}: the shipment is now ${shipment.statusLabel}.`, 200, { shipment: presentShipment(shipment), order: order ? presentAdminOrder(order) : null }));
  },
  { personal: true },
);
