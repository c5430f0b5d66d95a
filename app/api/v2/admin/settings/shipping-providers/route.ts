import { requireStaff } from "@/lib/accounts";
import { shippingProviders, updateShippingSwitches } from "@/lib/orders";
import { shippingSwitchSchema } from "@/lib/orders/shipping";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, readJson } from "../../../_lib/http";

/** GET /api/v2/admin/settings/shipping-providers: each shipping provider, whether configured and on, and its variables as set or missing (settings:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    return staffAnswer(staff, list(await shippingProviders()));
  },
  { personal: true },
);

/** PUT /api/v2/admin/settings/shipping-providers {enabled: {sandbox?, manual?, shiprocket?}}: switches configured providers on or off (settings:update). */
export const PUT = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "update");
    const input = await readJson(request, shippingSwitchSchema);
    const providers = await updateShippingSwitches(staff.actor, input.enabled);
    return staffAnswer(staff, action(true, "Shipping providers saved.", 200, { data: providers }));
  },
  { personal: true },
);
