"use client";

import type { ActionResult } from "@/lib/accounts/admin-nav";
import { ActionForm, FieldError } from "./ActionForm";
import { buttonClass } from "./ui";

/** The roles that must have a second factor: one checkbox per role (settings:update). */
export function SecurityForm({ roles, required, disabled, action }: { roles: readonly string[]; required: readonly string[]; disabled: boolean; action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  return (
    <ActionForm
      action={action}
      className="space-y-3"
      render={(state, pending) => (
        <>
          <fieldset disabled={disabled}>
            <legend className="mb-2 text-sm text-slate-700">Require two-factor authentication for</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {roles.map((r) => (
                <label key={r} className="inline-flex items-center gap-1.5 text-sm">
                  <input type="checkbox" name="two_factor_required_roles" value={r} defaultChecked={required.includes(r)} /> {r}
                </label>
              ))}
            </div>
          </fieldset>
          <FieldError state={state} name="two_factor_required_roles" />
          {disabled ? null : (
            <button type="submit" disabled={pending} className={buttonClass}>
              Save
            </button>
          )}
        </>
      )}
    />
  );
}
