"use client";

import { useActionState, useEffect, useState } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { SYNONYM_LIMITS } from "@/lib/catalog/synonyms";
import { ErrorSummary, Field, type FieldErrors } from "./editor/fields";
import { buttonClass, inputClass } from "./ui";

/**
 * The Search synonyms page's form (app/(admin)/admin/(panel)/synonyms): what shoppers type and
 * what it means, each as words separated by commas. It posts to a server action that asks can()
 * and checks the admin API's zod schema; a refused save keeps what was typed and shows each
 * error under its field and in a summary at the top. A new rule's fields empty once it is added.
 */

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
export type SynonymFormValues = { words: string; means: string };

const LABELS = { words: "Shoppers type", means: "They mean" };

export function SynonymForm({ id, initial, action, submitLabel }: { id: number | null; initial: SynonymFormValues; action: Action; submitLabel: string }) {
  const [values, setValues] = useState(initial);
  const [state, formAction, pending] = useActionState(async (previous: ActionResult | null, form: FormData) => {
    const result = await action(previous, form);
    if (result.ok && id === null) setValues({ words: "", means: "" });
    return result;
  }, null);
  const errors: FieldErrors = state && !state.ok ? (state.errors ?? {}) : {};
  useEffect(() => {
    if (state && !state.ok) document.getElementById("editor-errors")?.focus();
  }, [state]);
  const set = (name: keyof SynonymFormValues) => ({ name, value: values[name], onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })) });
  const max = SYNONYM_LIMITS.maxWordsPerSide * (SYNONYM_LIMITS.maxWordLength + 2);
  return (
    <form action={formAction} noValidate className="rounded-lg border border-slate-200 bg-white p-4" aria-label={id === null ? "New synonym rule" : "Synonym rule"}>
      {state && !state.ok ? <ErrorSummary message={state.message} errors={errors} labels={LABELS} /> : null}
      {state?.ok ? (
        <p role="status" className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset">
          {state.message}
        </p>
      ) : null}
      {id !== null ? <input type="hidden" name="id" value={id} /> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field name="words" label={LABELS.words} errors={errors} hint="Words separated by commas: parda, parde, pardaa.">
          {(a) => <input {...a} {...set("words")} maxLength={max} autoComplete="off" className={inputClass} />}
        </Field>
        <Field name="means" label={LABELS.means} errors={errors} hint="The shop's own words: curtain. Leave empty for a two-way group, where every word finds the others (rug, carpet).">
          {(a) => <input {...a} {...set("means")} maxLength={max} autoComplete="off" className={inputClass} />}
        </Field>
      </div>
      <div className="mt-4">
        <button type="submit" className={buttonClass} disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
