"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { createSynonymRule, deleteSynonymRule, updateSynonymRule } from "@/lib/catalog";
import { SYNONYM_MESSAGES, synonymCreateSchema, synonymUpdateSchema } from "@/lib/catalog/synonyms";
import { idParam } from "@/lib/platform/fields";
import { z } from "@/lib/platform/zod";

/**
 * The Search synonyms page's changes, on the services of /api/v2/admin/search/synonyms: can() on
 * the server (product:update for every change), the API's zod schemas (the form sends each side as
 * words separated by commas), and the audit row in the change's transaction.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const idInput = z.object({ id: idParam });

export async function createSynonymAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const input = actionInput(synonymCreateSchema, { words: text(form, "words"), means: text(form, "means") });
    await createSynonymRule(input, staff.actor);
    refresh();
    return { ok: true, message: SYNONYM_MESSAGES.created };
  });
}

export async function updateSynonymAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: form.get("id") });
    const input = actionInput(synonymUpdateSchema, { words: text(form, "words"), means: text(form, "means") });
    await updateSynonymRule(id, input, staff.actor);
    refresh();
    return { ok: true, message: SYNONYM_MESSAGES.saved };
  });
}

export async function deleteSynonymAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: form.get("id") });
    await deleteSynonymRule(id, staff.actor);
    return { ok: true, message: SYNONYM_MESSAGES.deleted };
  });
  if (result.ok) redirect("/admin/synonyms?deleted=1");
  return result;
}
