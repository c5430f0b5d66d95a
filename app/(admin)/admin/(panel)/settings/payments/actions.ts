"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { updatePaymentSwitches } from "@/lib/orders";
import { PAYMENT_PROVIDER_LABELS, paymentsSwitchSchema } from "@/lib/orders/payment-settings";

/** Switches one configured provider on or off for the checkout (settings:update), as PUT /api/v2/admin/settings/payments does. */
export async function paymentSwitchAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const key = String(form.get("provider") ?? "");
    const { enabled } = actionInput(paymentsSwitchSchema, { enabled: { [key]: form.get("on") === "1" } });
    await updatePaymentSwitches(staff.actor, { enabled });
    refresh();
    const [name, on] = Object.entries(enabled)[0] as [keyof typeof PAYMENT_PROVIDER_LABELS, boolean];
    return { ok: true, message: `${PAYMENT_PROVIDER_LABELS[name]} is ${on ? "on" : "off"} at checkout.` };
  });
}
