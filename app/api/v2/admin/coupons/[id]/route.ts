import { requireStaff } from "@/lib/accounts";
import { deleteCoupon, getCoupon, updateCoupon } from "@/lib/cart";
import { couponPatchSchema, rowIdParam } from "@/lib/cart/commerce-admin";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

const idParam = rowIdParam("Coupon");

/** GET /api/v2/admin/coupons/{id}: one coupon with its usage (coupon:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "coupon", "read");
    const { id } = parse(idParam, params);
    return staffAnswer(staff, list(await getCoupon(id)));
  },
  { personal: true },
);

/** PATCH /api/v2/admin/coupons/{id}: changes fields, {active: false} deactivates; a used coupon keeps its code (coupon:update). */
export const PATCH = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "coupon", "update");
    const { id } = parse(idParam, params);
    const patch = await readJson(request, couponPatchSchema);
    const coupon = await updateCoupon(staff.actor, id, patch);
    return staffAnswer(staff, action(true, "Saved.", 200, { data: coupon }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/coupons/{id}: only a coupon no order names; 409 for a used one (deactivate it) (coupon:delete). */
export const DELETE = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "coupon", "delete");
    const { id } = parse(idParam, params);
    await deleteCoupon(staff.actor, id);
    return staffAnswer(staff, action(true, "The coupon is deleted."));
  },
  { personal: true },
);
