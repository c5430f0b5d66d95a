import { requireStaff } from "@/lib/accounts";
import { paymentProviders, updatePaymentSwitches } from "@/lib/orders";
import { paymentsSwitchSchema } from "@/lib/orders/payment-settings";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, readJson } from "../../../_lib/http";

/**
 * GET /api/v2/admin/settings/payments: each provider (Razorpay, sandbox, Cash on Delivery), whether
 * it is configured and on, and whether each of its variables is set (never a value) (settings:read).
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    return staffAnswer(staff, list(await paymentProviders()));
  },
  { personal: true },
);

/** PUT /api/v2/admin/settings/payments {enabled: {cod: false, ...}}: the checkout's switches; one stays on (settings:update). */
export const PUT = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "update");
    const input = await readJson(request, paymentsSwitchSchema);
    const providers = await updatePaymentSwitches(staff.actor, input);
    return staffAnswer(staff, action(true, "Saved.", 200, { data: providers }));
  },
  { personal: true },
);
