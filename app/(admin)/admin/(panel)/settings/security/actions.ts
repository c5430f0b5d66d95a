"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction, updateSecuritySettings } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { securitySettingsSchema } from "@/lib/accounts/staff-schemas";

/** Which roles must have a second factor (settings:update: the owner), as PUT /api/v2/admin/settings/security; audited. */
export async function securityAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const input = actionInput(securitySettingsSchema, { two_factor_required_roles: form.getAll("two_factor_required_roles") });
    const saved = await updateSecuritySettings(staff.actor, input);
    refresh();
    const roles = saved.two_factor_required_roles;
    return { ok: true, message: roles.length ? `A second factor is now required for: ${roles.join(", ")}.` : "No role requires a second factor now." };
  });
}
