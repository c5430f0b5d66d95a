"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { addInboxNote, replyToInboxItem, updateInboxItem } from "@/lib/content";
import { INBOX_STATUS_LABELS, inboxNoteSchema, inboxReplySchema, inboxUpdateSchema } from "@/lib/content/inbox-schemas";
import { ApiError } from "@/lib/platform/errors";
import { fieldsOf, itemIdForm, notePayload, replyPayload, updatePayload } from "./form";

/**
 * The inbox item page's changes (inbox:update: owner, manager, support), on the same services as
 * PATCH /api/v2/admin/inbox/{id}, POST …/notes and POST …/reply: each asks can() on the server,
 * validates with the API's zod schemas (a message per field, nothing changed), and the service
 * writes its audit row in the change's own transaction; a reply is mailed through the outbox after
 * the commit. The admin pages are rendered per request, so refresh() only asks the browser's
 * router to fetch the page (and the sidebar's count) again.
 */

export async function updateInboxAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("inbox", "update");
    const { id } = actionInput(itemIdForm, { id: form.get("id") });
    const read = updatePayload(fieldsOf(form, ["status", "assignee_id"]), staff.user.id);
    if (!read.ok) throw new ApiError(422, Object.values(read.errors)[0]?.[0] ?? "The given data was invalid.", read.errors);
    const input = actionInput(inboxUpdateSchema, read.value);
    const item = await updateInboxItem(staff.actor, id, input);
    refresh();
    const who = item.assignee ? (item.assignee.id === staff.user.id ? "you" : item.assignee.name) : "nobody";
    return { ok: true, message: `Saved: ${INBOX_STATUS_LABELS[item.status]}, assigned to ${who}.` };
  });
}

export async function addNoteAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("inbox", "update");
    const { id } = actionInput(itemIdForm, { id: form.get("id") });
    const input = actionInput(inboxNoteSchema, notePayload(fieldsOf(form, ["body"])));
    await addInboxNote(staff.actor, id, input);
    refresh();
    return { ok: true, message: "Note added." };
  });
}

export async function replyAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("inbox", "update");
    const { id } = actionInput(itemIdForm, { id: form.get("id") });
    const input = actionInput(inboxReplySchema, replyPayload(fieldsOf(form, ["subject", "body"])));
    const { reply, status } = await replyToInboxItem(staff.actor, id, input);
    refresh();
    return { ok: true, message: `Reply sent to ${reply.to}. The item is ${INBOX_STATUS_LABELS[status]}.` };
  });
}
