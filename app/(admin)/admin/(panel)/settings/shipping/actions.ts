"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { updateShippingSettings } from "@/lib/cart";
import { shippingSettingsSchema } from "@/lib/cart/commerce-admin";
import { formObject, SHIPPING_FIELDS } from "@/lib/cart/commerce-forms";
import { updateShippingSwitches } from "@/lib/orders";
import { SHIPPING_PROVIDER_LABELS, shippingSwitchSchema } from "@/lib/orders/shipping";

/** The shipping figures (settings:update), as PUT /api/v2/admin/settings/shipping saves them. */
export async function shippingAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const input = actionInput(shippingSettingsSchema, formObject(form, SHIPPING_FIELDS));
    await updateShippingSettings(staff.actor, input);
    refresh();
    return { ok: true, message: "Saved: the product pages, cart and checkout use these figures from now on." };
  });
}

/** Switches one configured shipping provider on or off for the order page (settings:update), as PUT /api/v2/admin/settings/shipping-providers does. */
export async function shippingProviderSwitchAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const key = String(form.get("provider") ?? "");
    const { enabled } = actionInput(shippingSwitchSchema, { enabled: { [key]: form.get("on") === "1" } });
    await updateShippingSwitches(staff.actor, enabled);
    refresh();
    const [name, on] = Object.entries(enabled)[0] as [keyof typeof SHIPPING_PROVIDER_LABELS, boolean];
    return { ok: true, message: `${SHIPPING_PROVIDER_LABELS[name]} is ${on ? "on" : "off"}.` };
  });
}
