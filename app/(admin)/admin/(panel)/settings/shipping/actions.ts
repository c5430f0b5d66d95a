"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { updateShippingSettings } from "@/lib/cart";
import { shippingSettingsSchema } from "@/lib/cart/commerce-admin";
import { formObject, SHIPPING_FIELDS } from "@/lib/cart/commerce-forms";

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
