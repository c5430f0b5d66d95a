import { requireStaff } from "@/lib/accounts";
import { shippingSettings, updateShippingSettings } from "@/lib/cart";
import { shippingSettingsSchema } from "@/lib/cart/commerce-admin";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, readJson } from "../../../_lib/http";

/** GET /api/v2/admin/settings/shipping: the shipping fees (rupees), dispatch days and the default GST rate (settings:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    return staffAnswer(staff, list(await shippingSettings()));
  },
  { personal: true },
);

/** PUT /api/v2/admin/settings/shipping: every figure at once; the storefront follows at once (settings:update). */
export const PUT = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "update");
    const input = await readJson(request, shippingSettingsSchema);
    const saved = await updateShippingSettings(staff.actor, input);
    return staffAnswer(staff, action(true, "Saved.", 200, { data: saved }));
  },
  { personal: true },
);
