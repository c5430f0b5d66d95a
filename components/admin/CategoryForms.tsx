"use client";

/* eslint-disable @next/next/no-img-element -- the cover's preview is a small admin image, or a blob: URL before upload */
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef, useState } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { categorySeoPreview } from "@/lib/catalog/category-schemas";
import { PHOTO_UPLOAD } from "@/lib/catalog/product-schemas";
import { seoHint } from "@/lib/catalog/product-editor";
import { ErrorSummary, Field, type FieldErrors } from "./editor/fields";
import { buttonClass, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

/**
 * The Categories pages' forms (app/(admin)/admin/(panel)/categories): the category form (new and
 * edit, with an SEO preview), the cover upload, and each row's ↑ ↓ and Move. Each posts to a
 * server action that asks can() and validates with zod; what was typed stays on a refusal, with
 * each error under its field and in a summary at the top.
 */

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

export type CategoryFormValues = { name: string; slug: string; parent_id: string; description: string; meta_title: string; meta_description: string; sort_order: string };
export type ParentChoice = { id: number; name: string };

const LABELS: Record<string, string> = { name: "Name", slug: "Slug", parent_id: "Parent", description: "Description", meta_title: "SEO title", meta_description: "SEO description", sort_order: "Order", id: "Category" };
const HINT_TONE = { empty: "text-slate-600", short: "text-amber-800", good: "text-emerald-800", long: "text-red-700" } as const;

/** A category's fields, its parent and its SEO; `id` null for a new one. */
export function CategoryForm({ id, initial, parents, action, origin, readOnly = false }: { id: number | null; initial: CategoryFormValues; parents: ParentChoice[]; action: Action; origin: string; readOnly?: boolean }) {
  const [values, setValues] = useState(initial);
  const [state, formAction, pending] = useActionState(action, null);
  const errors: FieldErrors = state && !state.ok ? (state.errors ?? {}) : {};
  useEffect(() => {
    if (state && !state.ok) document.getElementById("editor-errors")?.focus();
  }, [state]);
  const set = (name: keyof CategoryFormValues) => ({
    name,
    value: values[name],
    disabled: readOnly,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const parentName = parents.find((p) => String(p.id) === values.parent_id)?.name ?? null;
  const preview = categorySeoPreview({ name: values.name || "…", slug: values.slug || "…", description: values.description || null, meta_title: values.meta_title || null, meta_description: values.meta_description || null, parentName });
  const host = origin.replace(/^https?:\/\//, "").replace(/\/$/, "");
  const titleHint = seoHint(values.meta_title, "title");
  const descriptionHint = seoHint(values.meta_description, "description");
  return (
    <form action={formAction} noValidate className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      {state && !state.ok ? <ErrorSummary message={state.message} errors={errors} labels={LABELS} /> : null}
      {state?.ok ? (
        <p role="status" className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset">
          {state.message}
        </p>
      ) : null}
      {id !== null ? <input type="hidden" name="id" value={id} /> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field name="name" label="Name" errors={errors}>
          {(a) => <input {...a} {...set("name")} required maxLength={100} autoComplete="off" className={inputClass} />}
        </Field>
        <Field name="parent_id" label="Parent" errors={errors} hint="The shop shows two levels: a category, and its subcategories.">
          {(a) => (
            <select {...a} {...set("parent_id")} className={inputClass}>
              <option value="">None: a top-level category</option>
              {parents.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="description" label="Description" errors={errors} wide hint="Shown under the name on the category page.">
          {(a) => <textarea {...a} {...set("description")} rows={3} maxLength={1000} className={inputClass} />}
        </Field>
        <Field name="slug" label="Slug" errors={errors} hint={id === null ? "Made from the name when empty." : `Its address: /category/${values.slug || "…"}. Changing it keeps the old address working: it redirects here for good.`}>
          {(a) => <input {...a} {...set("slug")} maxLength={200} autoComplete="off" className={`${inputClass} font-mono`} />}
        </Field>
        <Field name="sort_order" label="Order" errors={errors} hint="Its place among its siblings (0 first). Empty: last. The list's ↑ ↓ buttons change it too.">
          {(a) => <input {...a} {...set("sort_order")} inputMode="numeric" className={inputClass} />}
        </Field>
        <Field name="meta_title" label="SEO title" errors={errors} hint={<span className={HINT_TONE[titleHint.state]}>{titleHint.message.replace("the product's name", "the category's name").replace("short description", "description")}</span>}>
          {(a) => <input {...a} {...set("meta_title")} maxLength={200} className={inputClass} />}
        </Field>
        <Field name="meta_description" label="SEO description" errors={errors} hint={<span className={HINT_TONE[descriptionHint.state]}>{descriptionHint.message.replace("the product's short description", "the category's description").replace("short description", "description")}</span>}>
          {(a) => <textarea {...a} {...set("meta_description")} rows={3} maxLength={500} className={inputClass} />}
        </Field>
        <figure className="sm:col-span-2">
          <figcaption className="mb-1 text-xs font-medium text-slate-700">How a search result may show it</figcaption>
          <div className="max-w-xl rounded-md border border-slate-200 p-3 font-sans" data-testid="search-preview">
            <p className="truncate text-xs text-slate-700">
              {host} › category › {values.slug || "…"}
            </p>
            <p className="text-lg leading-snug text-[#1a0dab]">{preview.title}</p>
            <p className="text-sm text-slate-700">{preview.description}</p>
          </div>
        </figure>
      </div>
      {readOnly ? null : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass} disabled={pending}>
            {pending ? "Saving…" : id === null ? "Create category" : "Save changes"}
          </button>
        </div>
      )}
    </form>
  );
}

/** The category's cover: choose an image and upload it (PUT /api/v2/admin/categories/{id}/cover), or remove it. */
export function CoverForm({ id, name, cover, systemKey, remove }: { id: number; name: string; cover: string | null; systemKey: string; remove: Action }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [removed, removeAction, removing] = useActionState(remove, null);
  const upload = async () => {
    if (!file) {
      setMessage({ ok: false, text: "Choose an image first." });
      return;
    }
    if (file.size > PHOTO_UPLOAD.maxBytes) {
      setMessage({ ok: false, text: `A cover may be at most ${PHOTO_UPLOAD.maxBytes / 1024 / 1024} MB.` });
      return;
    }
    setBusy(true);
    const body = new FormData();
    body.append("cover", file, file.name);
    try {
      const response = await fetch(`/api/v2/admin/categories/${id}/cover`, { method: "PUT", body, headers: { "X-Requested-With": "XMLHttpRequest", "System-Key": systemKey } });
      const json = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
      const text = json.errors?.cover?.[0] ?? json.message ?? (response.ok ? "The cover is saved." : `The upload was refused (${response.status}).`);
      setMessage({ ok: response.ok, text });
      if (response.ok) {
        setFile(null);
        if (input.current) input.current.value = "";
        router.refresh();
      }
    } catch {
      setMessage({ ok: false, text: "The upload did not reach the server: check the connection and try again." });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="w-full max-w-xs shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-50">
        {cover ? <img src={cover} alt={`The cover of ${name}`} className="aspect-[16/9] w-full object-cover" /> : <p className="px-3 py-8 text-center text-sm text-slate-600">No cover yet.</p>}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <label htmlFor="cover-file" className={labelClass}>
            Cover image
          </label>
          <input id="cover-file" ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-describedby="cover-hint" className="block w-full text-sm" />
          <p id="cover-hint" className="mt-1 text-xs text-slate-600">
            JPEG, PNG, WebP or AVIF, at most {PHOTO_UPLOAD.maxBytes / 1024 / 1024} MB, at least {PHOTO_UPLOAD.minSide} px on its shorter side; it is shown full width behind the category&apos;s name.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={upload} disabled={busy} className={buttonClass}>
            {busy ? "Uploading…" : "Upload cover"}
          </button>
          {cover ? (
            <form action={removeAction} onSubmit={(e) => !window.confirm("Remove the cover?") && e.preventDefault()}>
              <input type="hidden" name="id" value={id} />
              <button type="submit" disabled={removing} className={dangerButtonClass}>
                Remove cover
              </button>
            </form>
          ) : null}
        </div>
        {message ? (
          <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-emerald-800" : "text-red-700"}`}>
            {message.text}
          </p>
        ) : null}
        {removed ? (
          <p role={removed.ok ? "status" : "alert"} className={`text-sm ${removed.ok ? "text-emerald-800" : "text-red-700"}`}>
            {removed.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** ↑ and ↓ for a row of a list (categories among their siblings, attributes): plain buttons, so the keyboard works; focus stays on the button pressed. */
export function OrderButtons({ id, name, first, last, action }: { id: number; name: string; first: boolean; last: boolean; action: Action }) {
  const [state, formAction, pending] = useActionState(async (previous: ActionResult | null, form: FormData) => {
    const result = await action(previous, form);
    return { ...result, direction: form.get("direction") } as ActionResult & { direction?: FormDataEntryValue | null };
  }, null);
  useEffect(() => {
    if (!state?.ok) return;
    // The row moved: keep the keyboard where it was (the same button, or its twin at an end).
    const want = state.direction === "up" ? (first ? "down" : "up") : last ? "up" : "down";
    document.getElementById(`order-${want}-${id}`)?.focus();
  }, [state, id, first, last]);
  return (
    <form action={formAction} className="flex items-center gap-1">
      <input type="hidden" name="id" value={id} />
      <button id={`order-up-${id}`} type="submit" name="direction" value="up" disabled={first || pending} aria-label={`Move ${name} up`} className={`${secondaryButtonClass} px-2`}>
        ↑
      </button>
      <button id={`order-down-${id}`} type="submit" name="direction" value="down" disabled={last || pending} aria-label={`Move ${name} down`} className={`${secondaryButtonClass} px-2`}>
        ↓
      </button>
      {state && !state.ok ? (
        <span role="alert" className="text-xs text-red-700">
          {state.message}
        </span>
      ) : null}
      {state?.ok ? (
        <span role="status" className="sr-only">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}

/** A row's Move: under which top-level category (or none), with the tree's refusals said in the row. */
export function MoveForm({ id, name, parentId, parents, action }: { id: number; name: string; parentId: number | null; parents: ParentChoice[]; action: Action }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="relative flex min-w-[14rem] flex-wrap items-center gap-1">
      <input type="hidden" name="id" value={id} />
      <label htmlFor={`move-${id}`} className="sr-only">
        Move {name} under
      </label>
      <select id={`move-${id}`} name="parent_id" defaultValue={parentId === null ? "" : String(parentId)} className={`${inputClass} w-auto max-w-[11rem]`}>
        <option value="">Top level</option>
        {parents.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <button type="submit" disabled={pending} className={secondaryButtonClass} aria-label={`Move ${name}`}>
        Move
      </button>
      {state ? (
        <p role={state.ok ? "status" : "alert"} className={`w-full text-xs ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

/** One field and a button (a new attribute, a new value, a rename), with its refusal under the field. */
export function InlineForm({ action, hidden, name, label, initial = "", button, id, placeholder, maxLength, visibleLabel = false }: { action: Action; hidden?: Record<string, string | number>; name: string; label: string; initial?: string; button: string; id: string; placeholder?: string; maxLength: number; visibleLabel?: boolean }) {
  const [value, setValue] = useState(initial);
  const [state, formAction, pending] = useActionState(async (previous: ActionResult | null, form: FormData) => {
    const result = await action(previous, form);
    if (result.ok && !initial) setValue("");
    return result;
  }, null);
  const error = state && !state.ok ? (state.errors?.[name]?.join(" ") ?? state.message) : null;
  return (
    <form action={formAction} className="relative flex flex-wrap items-end gap-2">
      {Object.entries(hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="min-w-[10rem] flex-1">
        <label htmlFor={id} className={visibleLabel ? labelClass : "sr-only"}>
          {label}
        </label>
        <input id={id} name={name} value={value} onChange={(e) => setValue(e.target.value)} placeholder={placeholder} maxLength={maxLength} autoComplete="off" aria-invalid={error ? "true" : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass} />
      </div>
      <button type="submit" disabled={pending} className={secondaryButtonClass}>
        {button}
      </button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      ) : state?.ok ? (
        <p role="status" className="w-full text-xs text-emerald-800">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

/** A Delete button that asks first and says why it was refused (a category with products, a value in use). */
export function DeleteForm({ action, hidden, label, confirm, name }: { action: Action; hidden: Record<string, string | number>; label: string; confirm: string; name: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} onSubmit={(e) => !window.confirm(confirm) && e.preventDefault()} className="relative">
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" disabled={pending} className={dangerButtonClass} aria-label={`${label} ${name}`}>
        {label}
      </button>
      {state && !state.ok ? (
        <p role="alert" className="mt-1 max-w-md text-xs text-red-700">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
