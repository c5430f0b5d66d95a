import { requireStaff } from "@/lib/accounts";
import { adminOrderState, orderTimeline, shipmentsOf, shipOrder } from "@/lib/orders";
import { orderIdParam } from "@/lib/orders/schemas";
import { shipSchema } from "@/lib/orders/shipping";
import { ApiError } from "@/lib/platform/errors";
import { presentAdminOrder, staffAnswer } from "../../../../_lib/admin";
import { action, handler, list, parse, readJson } from "../../../../_lib/http";
import { presentShipment, presentTimeline } from "../../../../_lib/shipping";

/** GET /api/v2/admin/orders/{id}/shipments: the order's shipments with their events, and its timeline (order:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "read");
    const { id } = parse(orderIdParam, params);
    const order = await adminOrderState(id);
    if (!order) throw new ApiError(404, "Order not found.");
    const [shipments, timeline] = await Promise.all([shipmentsOf(id), orderTimeline(id)]);
    return staffAnswer(staff, list({ shipments: shipments.map(presentShipment), timeline: presentTimeline(timeline) }));
  },
  { personal: true },
);

/**
 * POST /api/v2/admin/orders/{id}/shipments {provider, carrier?, awb?, tracking_url?}: books the
 * order's parcel with a shipping provider (sandbox, manual with the carrier and AWB typed, or
 * shiprocket) and marks the order Shipped by the lifecycle table (order:update). 201 with the
 * shipment; 409 when the order may not be shipped; 502 when the courier failed (nothing recorded).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "update");
    const { id } = parse(orderIdParam, params);
    const input = await readJson(request, shipSchema);
    const shipment = await shipOrder(id, { provider: input.provider, carrier: input.carrier, awb: input.awb, trackingUrl: input.tracking_url ?? null }, staff.actor);
    const order = await adminOrderState(id);
    return staffAnswer(staff, action(true, `Order ${order?.code ?? id} is shipped with ${shipment.carrier}, AWB ${shipment.awb ?? "—"}.`, 201, { shipment: presentShipment(shipment), order: order ? presentAdminOrder(order) : null }));
  },
  { personal: true },
);
