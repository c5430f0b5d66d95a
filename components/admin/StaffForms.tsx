"use client";

import Link from "next/link";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { ActionForm, FieldError } from "./ActionForm";
import { buttonClass, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** A staff member's role, changed in place (staff:update). */
export function RoleForm({ id, name, role, roles, action }: { id: number; name: string; role: string; roles: readonly string[]; action: Action }) {
  return (
    <ActionForm
      action={action}
      className="flex flex-wrap items-center gap-2"
      render={(_state, pending) => (
        <>
          <input type="hidden" name="id" value={id} />
          <label htmlFor={`role-${id}`} className="sr-only">
            Role of {name}
          </label>
          <select id={`role-${id}`} name="role" defaultValue={role} className={`${inputClass} w-32`}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <button type="submit" disabled={pending} className={secondaryButtonClass}>
            Save role
          </button>
        </>
      )}
    />
  );
}

/** Removes a person from the staff (staff:delete): their staff sessions end and their tokens are revoked. */
export function RemoveForm({ id, name, action }: { id: number; name: string; action: Action }) {
  return (
    <ActionForm action={action} confirm={`Remove ${name} from the staff? Their sessions end and their API tokens are revoked.`} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={dangerButtonClass} aria-label={`Remove ${name}`}>
        Remove
      </button>
    </ActionForm>
  );
}

/** The invitation drawer's form (/admin/staff/invite): email, name and role; a link that expires is mailed. */
export function InviteForm({ roles, action }: { roles: readonly string[]; action: Action }) {
  return (
    <ActionForm
      action={action}
      className="space-y-4"
      render={(state, pending) => (
        <>
          <div>
            <label htmlFor="invite-email" className={labelClass}>
              Email
            </label>
            <input id="invite-email" name="email" type="email" required autoComplete="off" className={inputClass} aria-describedby="invite-email-error" />
            <FieldError state={state} name="email" id="invite-email-error" />
          </div>
          <div>
            <label htmlFor="invite-name" className={labelClass}>
              Name (optional)
            </label>
            <input id="invite-name" name="name" autoComplete="off" className={inputClass} aria-describedby="invite-name-error" />
            <FieldError state={state} name="name" id="invite-name-error" />
          </div>
          <div>
            <label htmlFor="invite-role" className={labelClass}>
              Role
            </label>
            <select id="invite-role" name="role" defaultValue="catalog" className={inputClass} aria-describedby="invite-role-error">
              {roles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <FieldError state={state} name="role" id="invite-role-error" />
          </div>
          <div className="flex gap-2">
            <button type="submit" disabled={pending} className={buttonClass}>
              {pending ? "Sending…" : "Send invitation"}
            </button>
            <Link href="/admin/staff" className={secondaryButtonClass}>
              Close
            </Link>
          </div>
        </>
      )}
    />
  );
}
