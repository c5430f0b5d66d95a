import { inboxIdParam } from "@/lib/content/inbox-schemas";
import { z } from "@/lib/platform/zod";

/**
 * What the inbox item page's forms post, read into the API's payloads (lib/content/inbox-schemas.ts
 * checks them: the same rules and messages as PATCH /api/v2/admin/inbox/{id}, …/notes, …/reply).
 * Pure: the server actions call it; the unit test beside it reads it.
 */

type Fields = Record<string, FormDataEntryValue | null>;

const text = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" ? value : undefined);

/** The item's id from a hidden field: a 404 message when it is not one. */
export const itemIdForm = z.object({ id: inboxIdParam.shape.id });

const ASSIGNEE_MESSAGE = "Choose a staff member, yourself or nobody.";

/**
 * The status-and-assignee form: `status` (empty: unchanged), `assignee_id` ("none": nobody,
 * "me": the signed-in staff member, or a staff member's id; absent: unchanged). Answers the PATCH
 * payload, or the message of the field that is wrong.
 */
export function updatePayload(fields: Fields, me: number): { ok: true; value: { status?: string; assignee_id?: number | null } } | { ok: false; errors: Record<string, string[]> } {
  const status = text(fields.status)?.trim();
  const assignee = text(fields.assignee_id)?.trim();
  const value: { status?: string; assignee_id?: number | null } = {};
  if (status) value.status = status;
  if (assignee !== undefined && assignee !== "") {
    if (assignee === "none") value.assignee_id = null;
    else if (assignee === "me") value.assignee_id = me;
    else if (/^\d{1,10}$/.test(assignee)) value.assignee_id = Number(assignee);
    else return { ok: false, errors: { assignee_id: [ASSIGNEE_MESSAGE] } };
  }
  return { ok: true, value };
}

/** The reply form: an empty subject means the default ("Re: …"). */
export function replyPayload(fields: Fields): { subject?: string; body: unknown } {
  const subject = text(fields.subject);
  return { ...(subject !== undefined && subject.trim() !== "" ? { subject } : {}), body: text(fields.body) };
}

/** The note form. */
export const notePayload = (fields: Fields): { body: unknown } => ({ body: text(fields.body) });

/** A FormData's fields by name (the first value of each). */
export function fieldsOf(form: FormData, names: readonly string[]): Fields {
  return Object.fromEntries(names.map((n) => [n, form.get(n)]));
}
