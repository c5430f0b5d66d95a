import { requireStaff } from "@/lib/accounts";
import { createGstRate, listGstRates } from "@/lib/cart";
import { gstRateCreateSchema } from "@/lib/cart/commerce-admin";
import { staffAnswer } from "../../_lib/admin";
import { action, handler, list, readJson } from "../../_lib/http";

/** GET /api/v2/admin/gst-rates: the rate table (settings:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    return staffAnswer(staff, list(await listGstRates()));
  },
  { personal: true },
);

/** POST /api/v2/admin/gst-rates: a row; a duplicate (prefix, band, date) is refused (settings:update). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "update");
    const input = await readJson(request, gstRateCreateSchema);
    const row = await createGstRate(staff.actor, input);
    return staffAnswer(staff, action(true, "Saved.", 201, { data: row }));
  },
  { personal: true },
);
