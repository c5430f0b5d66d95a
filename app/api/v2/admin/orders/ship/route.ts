import { requireStaff } from "@/lib/accounts";
import { shipOrders } from "@/lib/orders";
import { bulkShipSchema } from "@/lib/orders/shipping";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, readJson } from "../../../_lib/http";

/**
 * POST /api/v2/admin/orders/ship {ids, provider}: marks the selected orders shipped, each booked
 * with the provider (sandbox or shiprocket) on its own; the answer lists each order's outcome
 * (order:update). One order refused does not stop the others.
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "order", "update");
    const { ids, provider } = await readJson(request, bulkShipSchema);
    const results = await shipOrders(ids, provider, staff.actor);
    const shipped = results.filter((r) => r.ok).length;
    return staffAnswer(staff, action(shipped > 0, `${shipped} of ${results.length} orders shipped.`, 200, { results }));
  },
  { personal: true },
);
