"use client";

import { type FormEvent, type ReactNode, startTransition, useActionState, useEffect, useRef } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { FieldError } from "./ActionForm";
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * A form on a server action that keeps what was typed when the action refuses it (a message
 * under each wrong field) and empties itself once it is done. Before the page's script has loaded
 * it is a plain form post; after, the submit goes through the action without React's automatic
 * form reset, which would throw away a long reply over one wrong field.
 */
function KeepingForm({ action, label, className, children }: { action: Action; label?: string; className?: string; children: (state: ActionResult | null, pending: boolean) => ReactNode }) {
  const [state, formAction, pending] = useActionState(action, null);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.ok) ref.current?.reset();
  }, [state]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(event.currentTarget, submitter ?? undefined);
    startTransition(() => formAction(data));
  };
  return (
    <form ref={ref} action={formAction} onSubmit={submit} aria-label={label} className={className}>
      {children(state, pending)}
      {state ? (
        <p role={state.ok ? "status" : "alert"} className={`mt-2 text-sm ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

export type AssigneeOption = { id: number; name: string };

/** Status and assignee of an item, changed together; "Assign to me" in one click. */
export function InboxStateForm({
  id,
  status,
  statuses,
  assigneeId,
  assignees,
  me,
  action,
}: {
  id: number;
  status: string;
  statuses: Record<string, string>;
  assigneeId: number | null;
  assignees: AssigneeOption[];
  me: number;
  action: Action;
}) {
  return (
    <KeepingForm action={action} label="Status and assignee" className="flex flex-wrap items-end gap-3">
      {(state, pending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <div className="w-44">
            <label htmlFor="inbox-status" className={labelClass}>
              Status
            </label>
            <select key={status} id="inbox-status" name="status" defaultValue={status} className={inputClass} aria-describedby="inbox-status-error">
              {Object.entries(statuses).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <FieldError state={state} name="status" id="inbox-status-error" />
          </div>
          <div className="w-56">
            <label htmlFor="inbox-assignee" className={labelClass}>
              Assigned to
            </label>
            <select key={assigneeId ?? "none"} id="inbox-assignee" name="assignee_id" defaultValue={assigneeId === null ? "none" : String(assigneeId)} className={inputClass} aria-describedby="inbox-assignee-error">
              <option value="none">Nobody</option>
              {assignees.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.id === me ? `${a.name} (you)` : a.name}
                </option>
              ))}
            </select>
            <FieldError state={state} name="assignee_id" id="inbox-assignee-error" />
          </div>
          <button type="submit" disabled={pending} className={buttonClass}>
            Save
          </button>
        </>
      )}
    </KeepingForm>
  );
}

/**
 * Takes an item in one click: assigns it to the signed-in staff member, its status unchanged. The
 * button goes once the item is theirs; the form (and its answer) stays.
 */
export function AssignToMeForm({ id, mine, action }: { id: number; mine: boolean; action: Action }) {
  return (
    <KeepingForm action={action} label={mine ? undefined : "Assign to me"}>
      {(_state, pending) =>
        mine ? null : (
          <>
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="assignee_id" value="me" />
            <button type="submit" disabled={pending} className={secondaryButtonClass}>
              Assign to me
            </button>
          </>
        )
      }
    </KeepingForm>
  );
}

/** A staff note on an item (append-only). */
export function InboxNoteForm({ id, action }: { id: number; action: Action }) {
  return (
    <KeepingForm action={action} label="Add a note" className="space-y-2">
      {(state, pending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <label htmlFor="inbox-note" className={labelClass}>
            Note (staff only; never sent to the shopper)
          </label>
          <textarea id="inbox-note" name="body" rows={3} maxLength={5000} required className={inputClass} aria-describedby="inbox-note-error" />
          <FieldError state={state} name="body" id="inbox-note-error" />
          <button type="submit" disabled={pending} className={secondaryButtonClass}>
            {pending ? "Adding…" : "Add note"}
          </button>
        </>
      )}
    </KeepingForm>
  );
}

/** A reply mailed to the shopper at the address they gave (through the outbox). */
export function InboxReplyForm({ id, to, defaultSubject, action }: { id: number; to: string; defaultSubject: string; action: Action }) {
  return (
    <KeepingForm action={action} label="Reply by email" className="space-y-3">
      {(state, pending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <p className="text-sm text-slate-700">
            To <span className="font-medium break-all">{to}</span>
          </p>
          <div>
            <label htmlFor="inbox-reply-subject" className={labelClass}>
              Subject (optional)
            </label>
            <input id="inbox-reply-subject" name="subject" maxLength={200} placeholder={defaultSubject} className={inputClass} aria-describedby="inbox-reply-subject-error" />
            <FieldError state={state} name="subject" id="inbox-reply-subject-error" />
          </div>
          <div>
            <label htmlFor="inbox-reply-body" className={labelClass}>
              Message
            </label>
            <textarea id="inbox-reply-body" name="body" rows={6} maxLength={10000} required className={inputClass} aria-describedby="inbox-reply-body-error" />
            <FieldError state={state} name="body" id="inbox-reply-body-error" />
          </div>
          <button type="submit" disabled={pending} className={buttonClass}>
            {pending ? "Sending…" : "Send reply"}
          </button>
        </>
      )}
    </KeepingForm>
  );
}
