import { requireStaff } from "@/lib/accounts";
import { setDeliveryStatus } from "@/lib/orders";
import { adminStatusSchema, orderIdParam } from "@/lib/orders/schemas";
import { presentAdminOrder, staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/orders/{id}/status {delivery_status}: the back office moves an order on
 * (Pending → Confirmed → Shipped → Delivered) or cancels it (Pending or Confirmed), by the
 * transitions table (lib/orders/lifecycle.ts). An illegal change is a 409 and the order stays as
 * it was. Needs order:update.
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "update");
    const { id } = parse(orderIdParam, params);
    const { delivery_status } = await readJson(request, adminStatusSchema);
    const order = await setDeliveryStatus(id, delivery_status, staff.actor);
    return staffAnswer(staff, action(true, `Order ${order.code} is now ${order.delivery_status}.`, 200, { order: presentAdminOrder(order) }));
  },
  { personal: true },
);
