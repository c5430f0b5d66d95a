"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { createZone, updateZone } from "@/lib/cart";
import { rowIdParam, zoneCreateSchema, zonePatchSchema } from "@/lib/cart/commerce-admin";
import { formObject, ZONE_FIELDS } from "@/lib/cart/commerce-forms";

/** The delivery zones' changes (settings:update), as /api/v2/admin/delivery-zones/* makes them. */

const idOf = (form: FormData) => actionInput(rowIdParam("Delivery zone"), { id: form.get("id") }).id;

export async function createZoneAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const zone = await createZone(staff.actor, actionInput(zoneCreateSchema, formObject(form, ZONE_FIELDS)));
    return { ok: true, message: `Zone "${zone.name}" is saved.`, data: zone.id };
  });
  if (result.ok) redirect("/admin/delivery-zones?saved=1");
  return result;
}

export async function updateZoneAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const zone = await updateZone(staff.actor, idOf(form), actionInput(zonePatchSchema, formObject(form, ZONE_FIELDS)));
    refresh();
    return { ok: true, message: `Zone "${zone.name}" is saved.` };
  });
}

export async function switchZoneAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const active = form.get("active") === "1";
    const zone = await updateZone(staff.actor, idOf(form), { active });
    refresh();
    return { ok: true, message: active ? `Zone "${zone.name}" is active again.` : `Zone "${zone.name}" is deactivated: its PINs are no longer served.` };
  });
}
