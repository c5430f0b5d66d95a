"use client";

import type { ActionResult } from "@/lib/accounts/admin-nav";
import { ActionForm, FieldError } from "./ActionForm";
import { buttonClass, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

/**
 * The forms of the customer page and the grievance page: each posts to a server action (can()
 * and zod on the server) and shows its answer, a message per field when refused.
 */

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** A note (customer or grievance); for a grievance, a second button mails it as a reply. */
export function NoteForm({ id, action, label, replyButton, maxLength = 5000 }: { id: number; action: Action; label: string; replyButton?: string; maxLength?: number }) {
  return (
    <ActionForm
      action={action as never}
      className="space-y-2"
      render={(state, pending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <label htmlFor={`note-${id}`} className={labelClass}>
            {label}
          </label>
          <textarea id={`note-${id}`} name="body" rows={3} maxLength={maxLength} className={inputClass} aria-describedby={`note-${id}-error`} />
          <FieldError state={state} name="body" id={`note-${id}-error`} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="reply" value="false" disabled={pending} className={secondaryButtonClass}>
              Add note
            </button>
            {replyButton ? (
              <button type="submit" name="reply" value="true" disabled={pending} className={buttonClass}>
                {replyButton}
              </button>
            ) : null}
          </div>
        </>
      )}
    />
  );
}

/** One button on a server action (with the id), optionally confirmed first. */
export function ButtonForm({ id, action, label, confirm, danger }: { id: number; action: Action; label: string; confirm?: string; danger?: boolean }) {
  return (
    <ActionForm action={action as never} confirm={confirm} className="space-y-1">
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={danger ? dangerButtonClass : secondaryButtonClass}>
        {label}
      </button>
    </ActionForm>
  );
}

/** Block sign-in (with a reason) or allow it again. */
export function BlockForm({ id, blocked, action }: { id: number; blocked: boolean; action: Action }) {
  return (
    <ActionForm
      action={action as never}
      className="space-y-2"
      render={(state, pending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="blocked" value={blocked ? "false" : "true"} />
          {blocked ? null : (
            <>
              <label htmlFor="block-reason" className={labelClass}>
                Why block sign-in
              </label>
              <input id="block-reason" name="reason" maxLength={500} className={inputClass} aria-describedby="block-reason-error" />
              <FieldError state={state} name="reason" id="block-reason-error" />
            </>
          )}
          <button type="submit" disabled={pending} className={blocked ? secondaryButtonClass : dangerButtonClass}>
            {blocked ? "Allow sign-in" : "Block sign-in"}
          </button>
        </>
      )}
    />
  );
}

/** The erasure: the customer's email typed again. */
export function EraseForm({ id, email, action }: { id: number; email: string; action: Action }) {
  return (
    <ActionForm
      action={action as never}
      confirm="Erase this account for good? Orders stay, without personal data."
      className="space-y-2"
      render={(state, pending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <label htmlFor="erase-confirm" className={labelClass}>
            Type {email} to confirm
          </label>
          <input id="erase-confirm" name="confirm" autoComplete="off" className={inputClass} aria-describedby="erase-confirm-error" />
          <FieldError state={state} name="confirm" id="erase-confirm-error" />
          <button type="submit" disabled={pending} className={dangerButtonClass}>
            Erase the account
          </button>
        </>
      )}
    />
  );
}

/** Acknowledge or resolve a grievance, with a message to the complainant (required to resolve). */
export function GrievanceStatusForm({ id, status, action }: { id: number; status: "open" | "acknowledged" | "resolved"; action: Action }) {
  if (status === "resolved") return null;
  return (
    <ActionForm
      action={action as never}
      className="space-y-2"
      render={(state, pending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <label htmlFor="grievance-message" className={labelClass}>
            Message to the complainant (required to resolve; mailed)
          </label>
          <textarea id="grievance-message" name="message" rows={4} maxLength={5000} className={inputClass} aria-describedby="grievance-message-error" />
          <FieldError state={state} name="message" id="grievance-message-error" />
          <div className="flex flex-wrap gap-2">
            {status === "open" ? (
              <button type="submit" name="status" value="acknowledged" disabled={pending} className={secondaryButtonClass}>
                Acknowledge
              </button>
            ) : null}
            <button type="submit" name="status" value="resolved" disabled={pending} className={buttonClass}>
              Resolve
            </button>
          </div>
        </>
      )}
    />
  );
}
