"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import type { ListKind } from "@/lib/content/home-schemas";
import { buttonClass, dangerButtonClass, inputClass, secondaryButtonClass } from "../ui";
import { ErrorSummary, Field, type FieldErrors } from "../editor/fields";

export type ListField = { name: string; label: string; kind?: "text" | "textarea" | "rating"; hint?: string; required?: boolean };
export type ListEditorRow = { id: number; position: number; active: boolean; fields: Record<string, string | number | null> };

type Actions = {
  create: (kind: ListKind, input: unknown) => Promise<ActionResult>;
  save: (kind: ListKind, id: number, input: unknown) => Promise<ActionResult>;
  move: (kind: ListKind, id: number, direction: "up" | "down") => Promise<ActionResult>;
  remove: (kind: ListKind, id: number) => Promise<ActionResult>;
};

const valuesOf = (fields: readonly ListField[], row?: ListEditorRow) => Object.fromEntries(fields.map((f) => [f.name, row ? String(row.fields[f.name] ?? "") : f.kind === "rating" ? "5" : ""]));

/** The body of a save: the fields typed (a rating as a number); for an existing row only what changed. */
function bodyOf(fields: readonly ListField[], values: Record<string, string>, before?: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name] ?? "";
    if (before && before[f.name] === v) continue;
    if (!before && v.trim() === "" && !f.required) continue;
    out[f.name] = f.kind === "rating" ? Number(v) : before && v.trim() === "" ? null : v;
  }
  return out;
}

function RowForm({ kind, fields, row, idPrefix, actions, canWrite, onDone }: { kind: ListKind; fields: readonly ListField[]; row?: ListEditorRow; idPrefix: string; actions: Actions; canWrite: boolean; onDone: (message: string) => void }) {
  const [values, setValues] = useState(valuesOf(fields, row));
  const [saved, setSaved] = useState(values);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, start] = useTransition();
  const errors: FieldErrors = Object.fromEntries(Object.entries(result && !result.ok ? (result.errors ?? {}) : {}).map(([k, v]) => [`${idPrefix}${k}`, v]));
  const labels = Object.fromEntries(fields.map((f) => [`${idPrefix}${f.name}`, f.label]));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = bodyOf(fields, values, row ? saved : undefined);
    if (row && !Object.keys(input).length) return setResult({ ok: true, message: "Nothing changed." });
    start(async () => {
      const answer = row ? await actions.save(kind, row.id, input) : await actions.create(kind, input);
      setResult(answer);
      if (answer.ok) {
        setSaved(values);
        if (!row) setValues(valuesOf(fields));
        onDone(answer.message);
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={row ? `Edit ${row.fields[fields[0]?.name ?? ""] ?? ""}` : "Add"}>
      {result && !result.ok ? <ErrorSummary message={result.message} errors={errors} labels={labels} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {fields.map((f) => (
          <Field key={f.name} name={`${idPrefix}${f.name}`} label={f.label} errors={errors} hint={f.hint} wide={f.kind === "textarea"}>
            {(a) =>
              f.kind === "textarea" ? (
                <textarea {...a} value={values[f.name]} onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))} rows={3} disabled={!canWrite} className={inputClass} />
              ) : f.kind === "rating" ? (
                <select {...a} value={values[f.name]} onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))} disabled={!canWrite} className={inputClass}>
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={String(n)}>
                      {n} {n === 1 ? "star" : "stars"}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...a} value={values[f.name]} onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))} disabled={!canWrite} className={inputClass} />
              )
            }
          </Field>
        ))}
      </div>
      {canWrite ? (
        <div className="mt-3 flex items-center gap-3">
          <button type="submit" disabled={pending} className={buttonClass}>
            {pending ? "Saving…" : row ? "Save" : "Add"}
          </button>
          {result?.ok ? (
            <span role="status" className="text-sm text-emerald-800">
              {result.message}
            </span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/**
 * An ordered list of the home page or the FAQ page in the back office: each row's fields with
 * Save, Show / Hide, ↑ ↓ and Delete (after a confirm), and a form to add one at the end. Each is
 * a server action on the admin API's schema and service; a refusal shows under its field.
 */
export function ListEditor({ kind, title, fields, rows, actions, can, systemKey }: { kind: ListKind; title: string; fields: readonly ListField[]; rows: ListEditorRow[]; actions: Actions; can: { create: boolean; update: boolean; publish: boolean; delete: boolean }; systemKey: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const done = (text: string, ok = true) => {
    setMessage({ ok, text });
    router.refresh();
  };
  const run = (work: () => Promise<ActionResult>) =>
    start(async () => {
      const answer = await work();
      done(answer.message, answer.ok);
    });
  const upload = async (id: number, file: File) => {
    const body = new FormData();
    body.append("photo", file);
    try {
      const response = await fetch(`/api/v2/admin/content/${kind}/${id}/photo`, { method: "POST", body, headers: { "X-Requested-With": "XMLHttpRequest", "System-Key": systemKey } });
      const json = (await response.json().catch(() => ({}))) as { message?: string };
      done(json.message ?? `The upload was refused (${response.status}).`, response.ok);
    } catch {
      done("The upload did not reach the shop: check the connection and try again.", false);
    }
  };
  const nameOf = (row: ListEditorRow) => String(row.fields[fields[0]?.name ?? ""] ?? `#${row.id}`);

  return (
    <section aria-labelledby={`${kind}-heading`} className="mb-8">
      <h2 id={`${kind}-heading`} className="mb-3 font-sans text-base font-semibold text-slate-900">
        {title}
      </h2>
      {message ? (
        <p role="status" className={`mb-3 text-sm ${message.ok ? "text-emerald-800" : "text-red-700"}`}>
          {message.text}
        </p>
      ) : null}
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={row.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium text-slate-900">
                {i + 1}. {nameOf(row)}
              </span>
              <span className={`rounded px-1.5 py-0.5 text-xs ring-1 ring-inset ${row.active ? "bg-emerald-50 text-emerald-800 ring-emerald-300" : "bg-slate-100 text-slate-700 ring-slate-300"}`}>{row.active ? "Shown" : "Hidden"}</span>
              <span className="ml-auto flex flex-wrap gap-2">
                {can.update ? (
                  <>
                    <button type="button" className={secondaryButtonClass} disabled={pending || i === 0} onClick={() => run(() => actions.move(kind, row.id, "up"))}>
                      ↑ Up<span className="sr-only">: {nameOf(row)}</span>
                    </button>
                    <button type="button" className={secondaryButtonClass} disabled={pending || i === rows.length - 1} onClick={() => run(() => actions.move(kind, row.id, "down"))}>
                      ↓ Down<span className="sr-only">: {nameOf(row)}</span>
                    </button>
                  </>
                ) : null}
                {can.publish ? (
                  <button type="button" className={secondaryButtonClass} disabled={pending} onClick={() => run(() => actions.save(kind, row.id, { active: !row.active }))}>
                    {row.active ? "Hide" : "Show"}
                  </button>
                ) : null}
                {can.delete ? (
                  <button type="button" className={dangerButtonClass} disabled={pending} onClick={() => window.confirm(`Delete “${nameOf(row)}”?`) && run(() => actions.remove(kind, row.id))}>
                    Delete
                  </button>
                ) : null}
              </span>
            </div>
            {kind === "sliders" ? (
              <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
                {row.fields.photo ? (
                  // eslint-disable-next-line @next/next/no-img-element -- the stored file as it is
                  <img src={String(row.fields.photo)} alt={`The photo of ${nameOf(row)}`} className="h-16 w-auto rounded border border-slate-200" />
                ) : (
                  <span className="text-amber-900">No photo yet: the slide stays hidden until it has one.</span>
                )}
                {can.update ? (
                  <>
                    <label htmlFor={`photo-${row.id}`} className="font-medium text-slate-800">
                      Photo for {nameOf(row)}
                    </label>
                    <input id={`photo-${row.id}`} type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(e) => e.target.files?.[0] && void upload(row.id, e.target.files[0])} />
                  </>
                ) : null}
              </div>
            ) : null}
            <RowForm kind={kind} fields={fields} row={row} idPrefix={`${kind}-${row.id}-`} actions={actions} canWrite={can.update} onDone={(text) => done(text)} />
          </li>
        ))}
      </ol>
      {can.create ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-800">Add to the end</h3>
          <RowForm kind={kind} fields={fields} idPrefix={`${kind}-new-`} actions={actions} canWrite onDone={(text) => done(text)} />
        </div>
      ) : null}
    </section>
  );
}
