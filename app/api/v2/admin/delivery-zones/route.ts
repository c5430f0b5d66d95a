import { requireStaff } from "@/lib/accounts";
import { createZone, listZones } from "@/lib/cart";
import { zoneCreateSchema } from "@/lib/cart/commerce-admin";
import { staffAnswer } from "../../_lib/admin";
import { action, handler, list, readJson } from "../../_lib/http";

/** GET /api/v2/admin/delivery-zones: every zone, active first (settings:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    return staffAnswer(staff, list(await listZones()));
  },
  { personal: true },
);

/** POST /api/v2/admin/delivery-zones: a zone; refused when its PINs overlap an active zone's (settings:update). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "update");
    const input = await readJson(request, zoneCreateSchema);
    const zone = await createZone(staff.actor, input);
    return staffAnswer(staff, action(true, `Zone "${zone.name}" is saved.`, 201, { data: zone }));
  },
  { personal: true },
);
