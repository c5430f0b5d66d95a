"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { createGstRate, deleteGstRate, updateGstRate } from "@/lib/cart";
import { gstRateCreateSchema, gstRatePatchSchema, rowIdParam } from "@/lib/cart/commerce-admin";
import { formObject, GST_FIELDS } from "@/lib/cart/commerce-forms";

/** The GST rate table's changes (settings:update), as /api/v2/admin/gst-rates/* makes them. */

const idOf = (form: FormData) => actionInput(rowIdParam("GST rate"), { id: form.get("id") }).id;

export async function createGstAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    await createGstRate(staff.actor, actionInput(gstRateCreateSchema, formObject(form, GST_FIELDS)));
    return { ok: true, message: "Saved." };
  });
  if (result.ok) redirect("/admin/gst-rates?saved=1");
  return result;
}

export async function updateGstAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    await updateGstRate(staff.actor, idOf(form), actionInput(gstRatePatchSchema, formObject(form, GST_FIELDS)));
    refresh();
    return { ok: true, message: "Saved: sales from now on use it; orders placed before keep their rates." };
  });
}

export async function deleteGstAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    await deleteGstRate(staff.actor, idOf(form));
    return { ok: true, message: "The row is deleted." };
  });
  if (result.ok) redirect("/admin/gst-rates?deleted=1");
  return result;
}
