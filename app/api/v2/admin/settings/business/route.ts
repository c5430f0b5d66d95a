import { requireStaff } from "@/lib/accounts";
import { getBusinessSettingsForEdit, SETTINGS_ADMIN_MESSAGES, updateBusinessSettings } from "@/lib/content";
import { businessSettingsSchema } from "@/lib/content/settings-schemas";
import { staffAnswer } from "../../../_lib/admin";
import { action, handler, list, readJson } from "../../../_lib/http";

/** GET /api/v2/admin/settings/business: the business settings staff edit, as stored (settings:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    return staffAnswer(staff, list(await getBusinessSettingsForEdit()));
  },
  { personal: true },
);

/**
 * PATCH /api/v2/admin/settings/business (settings:update): the settings sent, each checked (a
 * message per field; nothing is written when one is wrong); the storefront and the mails show
 * them at once.
 */
export const PATCH = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "update");
    const input = await readJson(request, businessSettingsSchema);
    const { settings, changed } = await updateBusinessSettings(input, staff.actor);
    return staffAnswer(staff, action(true, changed.length ? SETTINGS_ADMIN_MESSAGES.saved : SETTINGS_ADMIN_MESSAGES.nothingChanged, 200, { data: settings, changed }));
  },
  { personal: true },
);
