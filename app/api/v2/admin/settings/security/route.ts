import { requireStaff, securitySettings, updateSecuritySettings } from "@/lib/accounts";
import { securitySettingsSchema } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, readJson } from "../../../_lib/http";

/** GET /api/v2/admin/settings/security: which roles must sign in with a second factor (settings:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    return staffAnswer(staff, list(await securitySettings()));
  },
  { personal: true },
);

/**
 * PUT /api/v2/admin/settings/security {two_factor_required_roles}: the roles whose members must
 * have a second factor (settings:update, the owner). Someone of such a role without one can only
 * set it up until they have.
 */
export const PUT = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "update");
    const input = await readJson(request, securitySettingsSchema);
    const saved = await updateSecuritySettings(staff.actor, input);
    return staffAnswer(staff, action(true, "Saved.", 200, { data: saved }));
  },
  { personal: true },
);
