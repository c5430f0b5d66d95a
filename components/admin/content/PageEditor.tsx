"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { contentSearchPreview, type PageFormValues, pageInput, seoHint } from "@/lib/content/content-editor";
import { buttonClass, dangerButtonClass, inputClass, secondaryButtonClass } from "../ui";
import { ErrorSummary, Field, type FieldErrors } from "../editor/fields";
import { Group } from "./BlogEditor";

const RichText = dynamic(() => import("../editor/RichText"), { ssr: false, loading: () => <div className="h-36 animate-pulse rounded-md border border-slate-200 bg-slate-50" aria-hidden="true" /> });

const LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  short_desc: "Short description",
  content: "Content",
  category_id: "Products shown",
  meta_title: "SEO title",
  meta_description: "SEO description",
  published: "Published",
};

const HINT_TONE = { empty: "text-slate-600", short: "text-amber-800", good: "text-emerald-800", long: "text-red-700" } as const;

export type PageEditorProps = {
  id?: number;
  initial: PageFormValues;
  categories: { id: number; name: string }[];
  origin: string;
  shopName: string;
  can: { publish: boolean; delete: boolean };
  save: (input: unknown) => Promise<ActionResult<{ id: number }>>;
  remove?: () => Promise<ActionResult>;
};

/** The CMS page editor: a page at /{slug} with its text, the product grid it shows (a category or every product) and SEO; as the blog editor. */
export function PageEditor(props: PageEditorProps) {
  const { id } = props;
  const router = useRouter();
  const [values, setValues] = useState(props.initial);
  const [saved, setSaved] = useState(props.initial);
  const [result, setResult] = useState<ActionResult<{ id: number }> | null>(null);
  const [pending, start] = useTransition();
  const errors: FieldErrors = result && !result.ok ? (result.errors ?? {}) : {};
  const set = <K extends keyof PageFormValues>(key: K, value: PageFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: "title" | "slug" | "short_desc" | "meta_title" | "meta_description") => ({ name: key, value: values[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  const titleHint = seoHint(values.meta_title, "title");
  const descriptionHint = seoHint(values.meta_description, "description");
  const preview = contentSearchPreview({ metaTitle: values.meta_title, title: values.title, metaDescription: values.meta_description, fallbackDescription: values.short_desc, path: `/${values.slug || "…"}`, origin: props.origin, shopName: props.shopName });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = pageInput(values, { before: id ? saved : undefined, canPublish: props.can.publish });
    if (id && Object.keys(input).length === 0) {
      setResult({ ok: true, message: "Nothing changed." });
      return;
    }
    start(async () => {
      const answer = await props.save(input);
      setResult(answer);
      if (!answer.ok) {
        requestAnimationFrame(() => document.getElementById("editor-errors")?.focus());
        return;
      }
      if (!id) {
        router.push(`/admin/content/pages/${answer.data?.id ?? ""}?created=1`);
        return;
      }
      setSaved(values);
      router.refresh();
    });
  };

  const destroy = () => {
    if (!props.remove || !window.confirm("Delete this page? Its address stops working.")) return;
    start(async () => {
      const answer = await props.remove!();
      if (answer.ok) router.push("/admin/content/pages?deleted=1");
      else setResult({ ok: false, message: answer.message });
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={id ? "Edit page" : "New page"}>
      {result && !result.ok ? <ErrorSummary message={result.message} errors={errors} labels={LABELS} /> : null}
      {result?.ok ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset">
          {result.message}
        </p>
      ) : null}
      <Group title="Page">
        <Field name="title" label="Title" errors={errors} wide>
          {(a) => <input {...a} {...text("title")} required maxLength={200} className={inputClass} />}
        </Field>
        <Field name="slug" label="Slug" errors={errors} hint={id ? `The address: /${values.slug || "…"}. Changing it keeps the old address working: it redirects here.` : "Made from the title when empty."}>
          {(a) => <input {...a} {...text("slug")} maxLength={200} autoComplete="off" className={`${inputClass} font-mono`} />}
        </Field>
        <Field name="category_id" label="Products shown" errors={errors} hint="The page's product grid: one category's products, or every product.">
          {(a) => (
            <select {...a} className={inputClass} value={values.category_id} onChange={(e) => set("category_id", e.target.value)}>
              <option value="">Every product</option>
              {props.categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="short_desc" label="Short description" errors={errors} wide hint="Plain text under the title (500 characters at most).">
          {(a) => <textarea {...a} {...text("short_desc")} rows={2} maxLength={500} className={inputClass} />}
        </Field>
        <Field name="content" label="Content" errors={errors} wide hint="Shown under the product grid.">
          {(a) => <RichText id={a.id} label="Content" value={values.content} onChange={(html) => set("content", html)} describedBy={a["aria-describedby"]} invalid={a["aria-invalid"] === "true"} />}
        </Field>
        <div className="text-sm sm:col-span-2">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={values.published} disabled={!props.can.publish} onChange={(e) => set("published", e.target.checked)} /> Published (shown in the shop)
          </label>
        </div>
      </Group>
      <Group title="Search engines (SEO)">
        <Field name="meta_title" label="SEO title" errors={errors} hint={<span className={HINT_TONE[titleHint.state]}>{titleHint.message}</span>}>
          {(a) => <input {...a} {...text("meta_title")} maxLength={200} className={inputClass} />}
        </Field>
        <Field name="meta_description" label="SEO description" errors={errors} hint={<span className={HINT_TONE[descriptionHint.state]}>{descriptionHint.message}</span>}>
          {(a) => <textarea {...a} {...text("meta_description")} rows={3} maxLength={500} className={inputClass} />}
        </Field>
        <figure className="sm:col-span-2">
          <figcaption className="mb-1 text-xs font-medium text-slate-700">How a search result may show it</figcaption>
          <div className="max-w-xl rounded-md border border-slate-200 p-3 font-sans" data-testid="search-preview">
            <p className="truncate text-xs text-slate-700">{preview.url}</p>
            <p className="text-lg leading-snug text-[#1a0dab]">{preview.title}</p>
            <p className="text-sm text-slate-700">{preview.description || <span className="text-slate-600 italic">No description yet.</span>}</p>
          </div>
        </figure>
      </Group>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3">
        <button type="submit" disabled={pending} className={buttonClass}>
          {pending ? "Saving…" : id ? "Save changes" : "Create page"}
        </button>
        {id ? (
          <a href={`/admin/content/preview?kind=page&id=${id}`} className={secondaryButtonClass}>
            Preview
          </a>
        ) : null}
        {id && props.can.delete ? (
          <button type="button" onClick={destroy} disabled={pending} className={dangerButtonClass}>
            Delete
          </button>
        ) : null}
      </div>
    </form>
  );
}
