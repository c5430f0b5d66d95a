import { requireStaff } from "@/lib/accounts";
import { deleteGstRate, getGstRate, updateGstRate } from "@/lib/cart";
import { gstRatePatchSchema, rowIdParam } from "@/lib/cart/commerce-admin";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

const idParam = rowIdParam("GST rate");

/** GET /api/v2/admin/gst-rates/{id} (settings:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "settings", "read");
    const { id } = parse(idParam, params);
    return staffAnswer(staff, list(await getGstRate(id)));
  },
  { personal: true },
);

/** PATCH /api/v2/admin/gst-rates/{id} (settings:update). Orders placed before keep their own rates. */
export const PATCH = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "settings", "update");
    const { id } = parse(idParam, params);
    const patch = await readJson(request, gstRatePatchSchema);
    const row = await updateGstRate(staff.actor, id, patch);
    return staffAnswer(staff, action(true, "Saved.", 200, { data: row }));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/gst-rates/{id} (settings:update). */
export const DELETE = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "settings", "update");
    const { id } = parse(idParam, params);
    await deleteGstRate(staff.actor, id);
    return staffAnswer(staff, action(true, "The row is deleted."));
  },
  { personal: true },
);
