"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { setDeliveryStatus } from "@/lib/orders";
import { adminStatusSchema, orderIdParam } from "@/lib/orders/schemas";
import { z } from "@/lib/platform/zod";

const moveInput = z.object({ id: orderIdParam.shape.id, delivery_status: adminStatusSchema.shape.delivery_status });

/**
 * An order's status move from its page (order:update): the same service as POST
 * /api/v2/admin/orders/{id}/status, through the lifecycle's table (a move it does not allow is
 * refused with its message and nothing changes), with its audit row in the same transaction.
 */
export async function moveOrder(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("order", "update");
    const { id, delivery_status } = actionInput(moveInput, { id: String(form.get("id") ?? ""), delivery_status: form.get("delivery_status") });
    const order = await setDeliveryStatus(id, delivery_status, staff.actor);
    refresh();
    return { ok: true, message: `Order ${order.code} is now ${order.delivery_status}.` };
  });
}
