import { requireStaff } from "@/lib/accounts";
import { dispatchReturn } from "@/lib/orders";
import { returnDispatchSchema, returnIdParam } from "@/lib/orders/returns";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";
import { presentReturn } from "../../../../_lib/returns";

/**
 * POST /api/v2/admin/returns/{id}/dispatch {method: "pickup" | "customer", carrier?, awb?}: an
 * approved return comes back, by a pickup booked through the order's shipping provider (409 when
 * it books none) or sent by the customer with the AWB when known (order:update).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "order", "update");
    const { id } = parse(returnIdParam, params);
    const input = await readJson(request, returnDispatchSchema);
    const ret = await dispatchReturn(id, input, staff.actor);
    return staffAnswer(staff, action(true, input.method === "pickup" ? `A pickup is booked${ret.awb ? ` (AWB ${ret.awb})` : ""}.` : "The customer sends the return.", 200, { return: presentReturn(ret) }));
  },
  { personal: true },
);
