"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { createCoupon, deleteCoupon, updateCoupon } from "@/lib/cart";
import { couponCreateSchema, couponPatchSchema, rowIdParam } from "@/lib/cart/commerce-admin";
import { COUPON_FIELDS, formObject } from "@/lib/cart/commerce-forms";

/**
 * The coupon pages' changes, on the services of /api/v2/admin/coupons/*: each asks can() for its
 * permission (coupon:create, coupon:update, coupon:delete), checks the API's zod schema (a message
 * under each wrong field, nothing changed), and the service writes the audit row in the change's
 * own transaction.
 */

const idOf = (form: FormData) => actionInput(rowIdParam("Coupon"), { id: form.get("id") }).id;

export async function createCouponAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await staffAction(async () => {
    const staff = await requireStaffAction("coupon", "create");
    const input = actionInput(couponCreateSchema, formObject(form, COUPON_FIELDS));
    const coupon = await createCoupon(staff.actor, input);
    return { ok: true, message: `Coupon ${coupon.code} is saved.`, data: coupon.id };
  });
  if (result.ok && result.data) redirect(`/admin/coupons/${result.data}?saved=1`);
  return result.ok ? { ok: true, message: result.message } : result;
}

export async function updateCouponAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("coupon", "update");
    const id = idOf(form);
    const patch = actionInput(couponPatchSchema, formObject(form, COUPON_FIELDS));
    const coupon = await updateCoupon(staff.actor, id, patch);
    refresh();
    return { ok: true, message: `Coupon ${coupon.code} is saved.` };
  });
}

/** Deactivates (or activates again) a coupon: the cart refuses a deactivated code as unknown. */
export async function switchCouponAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("coupon", "update");
    const id = idOf(form);
    const active = form.get("active") === "1";
    const coupon = await updateCoupon(staff.actor, id, { active });
    refresh();
    return { ok: true, message: active ? `Coupon ${coupon.code} is active again.` : `Coupon ${coupon.code} is deactivated: the cart no longer takes it.` };
  });
}

/** Deletes a coupon no order names (a used one is refused: deactivate it). */
export async function deleteCouponAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await staffAction(async () => {
    const staff = await requireStaffAction("coupon", "delete");
    await deleteCoupon(staff.actor, idOf(form));
    return { ok: true, message: "The coupon is deleted." };
  });
  if (result.ok) redirect("/admin/coupons?deleted=1");
  return result;
}
