"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { addGrievanceNote, updateGrievance } from "@/lib/content";
import { GRIEVANCE_STATUS_LABELS, grievanceIdParam, grievanceNoteSchema, grievanceUpdateSchema } from "@/lib/content/grievance-rules";

/**
 * The grievance page's actions (inbox:update: owner, manager, support), on the same services as
 * PATCH /api/v2/admin/grievances/{id} and POST …/notes: can() on the server, the API's zod
 * schemas, the audit row in the change's transaction, mails through the outbox.
 */

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};

export async function grievanceStatusAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("inbox", "update");
    const { id } = actionInput(grievanceIdParam, { id: text(form, "id") ?? "" });
    const message = text(form, "message");
    const input = actionInput(grievanceUpdateSchema, { status: text(form, "status"), ...(message?.trim() ? { message } : {}) });
    const g = await updateGrievance(staff.actor, id, input);
    refresh();
    return { ok: true, message: `${g.ticket} is ${GRIEVANCE_STATUS_LABELS[g.status].toLowerCase()}; the complainant is mailed.` };
  });
}

export async function grievanceNoteAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("inbox", "update");
    const { id } = actionInput(grievanceIdParam, { id: text(form, "id") ?? "" });
    const input = actionInput(grievanceNoteSchema, { body: text(form, "body"), reply: text(form, "reply") === "true" });
    const note = await addGrievanceNote(staff.actor, id, input);
    refresh();
    return { ok: true, message: note.kind === "reply" ? "Reply mailed to the complainant." : "Note added." };
  });
}
