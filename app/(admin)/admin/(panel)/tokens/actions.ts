"use server";

import { refresh } from "next/cache";
import { actionInput, issueToken, requireStaffAction, revokeToken, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { tokenIdParam, tokenIssueSchema } from "@/lib/accounts/staff-schemas";

/**
 * The API tokens page's changes (token:create, token:delete: the owner's), on the services of
 * /api/v2/admin/tokens: the token is answered once and stored as its SHA-256; each change writes
 * its audit row in its own transaction.
 */

const num = (value: FormDataEntryValue | null) => (typeof value === "string" && value.trim() !== "" ? Number(value) : undefined);

export async function issueAction(_previous: ActionResult<{ token: string }> | null, form: FormData): Promise<ActionResult<{ token: string }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("token", "create");
    const input = actionInput(tokenIssueSchema, {
      name: form.get("name"),
      scopes: form.getAll("scopes"),
      user_id: num(form.get("user_id")),
      expires_in_days: num(form.get("expires_in_days")),
    });
    const issued = await issueToken(staff.actor, input);
    refresh();
    return { ok: true, message: `Token “${issued.name}” issued. Copy it now: it is not shown again.`, data: { token: issued.token } };
  });
}

export async function revokeAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("token", "delete");
    const { id } = actionInput(tokenIdParam, { id: form.get("id") });
    const { revoked } = await revokeToken(staff.actor, id);
    refresh();
    return { ok: true, message: revoked ? "Token revoked." : "That token was revoked already." };
  });
}
