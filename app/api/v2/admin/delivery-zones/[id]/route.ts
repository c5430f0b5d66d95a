import { requireStaff } from "@/lib/accounts";
import { getZone, updateZone } from "@/lib/cart";
import { rowIdParam, zonePatchSchema } from "@/lib/cart/commerce-admin";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, parse, readJson } from "../../../_lib/http";

const idParam = rowIdParam("Delivery zone");

/** GET /api/v2/admin/delivery-zones/{id} (settings:read). */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "settings", "read");
    const { id } = parse(idParam, params);
    return staffAnswer(staff, list(await getZone(id)));
  },
  { personal: true },
);

/** PATCH /api/v2/admin/delivery-zones/{id}: an edit, or {active: false} to deactivate (settings:update). */
export const PATCH = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "settings", "update");
    const { id } = parse(idParam, params);
    const patch = await readJson(request, zonePatchSchema);
    const zone = await updateZone(staff.actor, id, patch);
    return staffAnswer(staff, action(true, "Saved.", 200, { data: zone }));
  },
  { personal: true },
);
