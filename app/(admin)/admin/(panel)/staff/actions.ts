"use server";

import { refresh } from "next/cache";
import { actionInput, changeStaffRole, inviteStaff, removeStaff, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { inviteSchema, roleChangeSchema, staffIdParam } from "@/lib/accounts/staff-schemas";

/**
 * The Staff page's changes, on the same services as /api/v2/admin/staff/*: each asks can() for its
 * permission (staff:create, staff:update, staff:delete: the owner's), validates with the API's zod
 * schemas, and the service writes its audit row in the change's own transaction. The admin pages
 * are rendered per request (nothing of them is cached), so after a change refresh() only asks the
 * browser's router to fetch the page again.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export async function inviteAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("staff", "create");
    const name = text(form, "name")?.trim();
    const input = actionInput(inviteSchema, { email: text(form, "email"), name: name || undefined, role: text(form, "role") });
    const member = await inviteStaff(staff.actor, input);
    refresh();
    return { ok: true, message: `Invitation sent to ${member.email} (${member.role}).` };
  });
}

export async function changeRoleAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("staff", "update");
    const { id } = actionInput(staffIdParam, { id: text(form, "id") });
    const { role } = actionInput(roleChangeSchema, { role: text(form, "role") });
    const member = await changeStaffRole(staff.actor, id, role);
    refresh();
    return { ok: true, message: `${member.name} is now ${member.role}.` };
  });
}

export async function removeAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("staff", "delete");
    const { id } = actionInput(staffIdParam, { id: text(form, "id") });
    const done = await removeStaff(staff.actor, id);
    refresh();
    return { ok: true, message: `Removed from the staff: ${done.sessionsEnded} session(s) ended, ${done.tokensRevoked} token(s) revoked.` };
  });
}
