"use client";

import { useActionState, useEffect } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import type { FormFieldSpec, FormValues } from "@/lib/cart/commerce-forms";
import { ErrorSummary, Field } from "./editor/fields";
import { buttonClass, inputClass } from "./ui";

/**
 * A commerce settings form (coupons, shipping, delivery zones, GST rates) drawn from its field
 * list. It posts to a server action that asks can() and checks the admin API's zod schema; a
 * refused save keeps what was typed, shows each error under its field and in a summary whose links
 * jump to the field (the product editor's pattern), and moves focus to the summary.
 */

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
type State = { result: ActionResult; values: FormValues; round: number } | null;

function valuesOf(form: FormData, fields: readonly FormFieldSpec[]): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = form.get(f.name);
    out[f.name] = f.kind === "checkbox" ? v !== null : typeof v === "string" ? v : "";
  }
  return out;
}

export function CommerceForm({ fields, initial, action, submitLabel, disabled = false, hidden }: { fields: readonly FormFieldSpec[]; initial: FormValues; action: Action; submitLabel: string; disabled?: boolean; hidden?: Record<string, string> }) {
  const [state, formAction, pending] = useActionState<State, FormData>(async (previous, form) => {
    const result = await action(previous?.result ?? null, form);
    return { result, values: valuesOf(form, fields), round: (previous?.round ?? 0) + 1 };
  }, null);
  useEffect(() => {
    if (state && !state.result.ok) document.getElementById("editor-errors")?.focus();
  }, [state]);
  const values = state?.values ?? initial;
  const errors = state && !state.result.ok ? (state.result.errors ?? {}) : {};
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.label]));
  return (
    <form action={formAction} noValidate>
      {hidden ? Object.entries(hidden).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />) : null}
      <div>{state && !state.result.ok ? <ErrorSummary message={state.result.message} errors={errors} labels={labels} /> : null}</div>
      {state?.result.ok ? (
        <p role="status" className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset">
          {state.result.message}
        </p>
      ) : null}
      <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2" key={state?.round ?? 0}>
        {fields.map((f) =>
          f.kind === "checkbox" ? (
            <div key={f.name} className={f.wide ? "sm:col-span-2" : undefined}>
              <label className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" id={`f-${f.name.replace(/[^A-Za-z0-9_-]+/g, "-")}`} name={f.name} defaultChecked={values[f.name] === true} /> {f.label}
              </label>
              {errors[f.name]?.length ? <p className="mt-1 text-xs font-medium text-red-700">{errors[f.name]?.join(" ")}</p> : null}
            </div>
          ) : (
            <Field key={f.name} name={f.name} label={f.label} hint={f.hint} errors={errors} wide={f.wide}>
              {(props) =>
                f.kind === "select" ? (
                  <select {...props} name={f.name} defaultValue={String(values[f.name] ?? "")} className={inputClass}>
                    {Object.entries(f.options ?? {}).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...props}
                    name={f.name}
                    type={f.kind === "datetime" ? "datetime-local" : f.kind === "date" ? "date" : f.kind === "number" ? "number" : "text"}
                    step={f.kind === "number" ? (f.step ?? "any") : undefined}
                    inputMode={f.kind === "number" ? (f.step === 1 ? "numeric" : "decimal") : undefined}
                    defaultValue={String(values[f.name] ?? "")}
                    required={f.required}
                    className={inputClass}
                  />
                )
              }
            </Field>
          ),
        )}
      </fieldset>
      {disabled ? null : (
        <div className="mt-4">
          <button type="submit" disabled={pending} className={buttonClass}>
            {pending ? "Saving…" : submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
