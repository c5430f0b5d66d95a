"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { SETTINGS_ADMIN_MESSAGES, updateBusinessSettings } from "@/lib/content";
import { businessSettingsSchema } from "@/lib/content/settings-schemas";

/** Saves the business settings form (settings:update), on PATCH /api/v2/admin/settings/business's schema and service. */
export async function saveBusinessSettingsAction(input: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const { changed } = await updateBusinessSettings(actionInput(businessSettingsSchema, input), staff.actor);
    refresh();
    return { ok: true, message: changed.length ? SETTINGS_ADMIN_MESSAGES.saved : SETTINGS_ADMIN_MESSAGES.nothingChanged };
  });
}
