"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { ActionForm, FieldError } from "./ActionForm";
import { buttonClass, dangerButtonClass, inputClass, labelClass } from "./ui";

/**
 * Issues a personal API token (token:create): a name, whose it is, its scopes (within that
 * person's role: the server refuses more) and an optional expiry. The token is shown once.
 */
export function TokenIssueForm({ people, permissions, selfId, action }: { people: { id: number; label: string }[]; permissions: Record<string, string[]>; selfId: number; action: (previous: ActionResult<{ token: string }> | null, form: FormData) => Promise<ActionResult<{ token: string }>> }) {
  const [state, formAction, pending] = useActionState(action, null);
  const failed = state && !state.ok ? state : null;
  return (
    <form action={formAction} className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <div className="w-full sm:w-64">
          <label htmlFor="token-name" className={labelClass}>
            Name (what it is for)
          </label>
          <input id="token-name" name="name" required minLength={3} maxLength={80} className={inputClass} aria-describedby="token-name-error" />
          <FieldError state={failed} name="name" id="token-name-error" />
        </div>
        <div className="w-full sm:w-64">
          <label htmlFor="token-user" className={labelClass}>
            Holder
          </label>
          <select id="token-user" name="user_id" defaultValue={selfId} className={inputClass}>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
          <FieldError state={failed} name="user_id" />
        </div>
        <div className="w-40">
          <label htmlFor="token-expiry" className={labelClass}>
            Expires after (days)
          </label>
          <input id="token-expiry" name="expires_in_days" type="number" min={1} max={730} placeholder="Never" className={inputClass} aria-describedby="token-expiry-error" />
          <FieldError state={failed} name="expires_in_days" id="token-expiry-error" />
        </div>
      </div>
      <fieldset>
        <legend className={labelClass}>Scopes</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {Object.entries(permissions).map(([resource, actions]) => (
            <div key={resource} className="rounded border border-slate-200 p-2">
              <p className="text-xs font-semibold text-slate-700">{resource}</p>
              {actions.map((a) => (
                <label key={a} className="mr-3 inline-flex items-center gap-1 text-sm">
                  <input type="checkbox" name="scopes" value={`${resource}:${a}`} /> {a}
                </label>
              ))}
            </div>
          ))}
        </div>
        <FieldError state={failed} name="scopes" />
      </fieldset>
      <button type="submit" disabled={pending} className={buttonClass}>
        {pending ? "Issuing…" : "Issue token"}
      </button>
      {state ? (
        <div role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
          <p>{state.message}</p>
          {state.ok && state.data ? (
            <p className="mt-2 rounded-md bg-slate-100 p-3 font-mono text-sm break-all text-slate-900" aria-label="The new token">
              {state.data.token}
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

export function RevokeForm({ id, name, action }: { id: number; name: string; action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  return (
    <ActionForm action={action} confirm={`Revoke the token “${name}”? Scripts using it stop working at once.`}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={dangerButtonClass} aria-label={`Revoke ${name}`}>
        Revoke
      </button>
    </ActionForm>
  );
}
