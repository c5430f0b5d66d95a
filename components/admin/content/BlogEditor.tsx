"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { type BlogFormValues, blogInput, contentSearchPreview, seoHint } from "@/lib/content/content-editor";
import { buttonClass, dangerButtonClass, inputClass, secondaryButtonClass } from "../ui";
import { ErrorSummary, Field, type FieldErrors } from "../editor/fields";

const RichText = dynamic(() => import("../editor/RichText"), { ssr: false, loading: () => <div className="h-36 animate-pulse rounded-md border border-slate-200 bg-slate-50" aria-hidden="true" /> });

type Save = (input: unknown) => Promise<ActionResult<{ id: number }>>;

const LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  author: "Author",
  short_description: "Short description",
  description: "Text",
  meta_title: "SEO title",
  meta_description: "SEO description",
  published: "State",
  published_at: "Publish at",
  banner: "Banner",
};

const HINT_TONE = { empty: "text-slate-600", short: "text-amber-800", good: "text-emerald-800", long: "text-red-700" } as const;

export function Group({ title, children, intro }: { title: string; children: ReactNode; intro?: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mb-6 rounded-lg border border-slate-200 bg-white">
      <h2 id={id} className="border-b border-slate-200 px-4 py-2.5 font-sans text-sm font-semibold text-slate-800">
        {title}
      </h2>
      <div className="p-4">
        {intro ? <p className="mb-3 text-xs text-slate-600">{intro}</p> : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
      </div>
    </section>
  );
}

export type BlogEditorProps = {
  /** Absent for a new post. */
  id?: number;
  initial: BlogFormValues;
  banner?: string | null;
  origin: string;
  shopName: string;
  systemKey: string;
  can: { publish: boolean; delete: boolean };
  save: Save;
  remove?: () => Promise<ActionResult>;
};

/**
 * The blog post editor: title, address, author, text (rich), SEO with a search-result preview,
 * and the state (draft, published, scheduled at a time in India). Saving sends what changed
 * through a server action that validates with the API's schema; each error shows under its field
 * and in a summary at the top, and what was typed stays. Once the post exists: its banner
 * (uploaded to the admin API, re-encoded there) and Preview, which opens the post on its
 * storefront address in draft mode.
 */
export function BlogEditor(props: BlogEditorProps) {
  const { id } = props;
  const router = useRouter();
  const [values, setValues] = useState(props.initial);
  const [saved, setSaved] = useState(props.initial);
  const [result, setResult] = useState<ActionResult<{ id: number }> | null>(null);
  const [pending, start] = useTransition();
  const [banner, setBanner] = useState(props.banner ?? null);
  const [bannerMessage, setBannerMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const errors: FieldErrors = result && !result.ok ? (result.errors ?? {}) : {};

  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: Exclude<keyof BlogFormValues, "state">) => ({ name: key, value: values[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });

  const titleHint = seoHint(values.meta_title, "title");
  const descriptionHint = seoHint(values.meta_description, "description");
  const preview = contentSearchPreview({ metaTitle: values.meta_title, title: values.title, metaDescription: values.meta_description, fallbackDescription: values.short_description, path: `/blog/${values.slug || "…"}`, origin: props.origin, shopName: props.shopName });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = blogInput(values, { before: id ? saved : undefined, canPublish: props.can.publish });
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
        router.push(`/admin/content/blog/${answer.data?.id ?? ""}?created=1`);
        return;
      }
      setSaved(values);
      router.refresh();
    });
  };

  const upload = async (file: File) => {
    if (!id) return;
    setBannerMessage({ ok: true, text: "Uploading…" });
    const body = new FormData();
    body.append("banner", file);
    try {
      const response = await fetch(`/api/v2/admin/content/blogs/${id}/banner`, { method: "POST", body, headers: { "X-Requested-With": "XMLHttpRequest", "System-Key": props.systemKey } });
      const json = (await response.json().catch(() => ({}))) as { message?: string; blog?: { banner?: string | null } };
      if (!response.ok) {
        setBannerMessage({ ok: false, text: json.message ?? `The upload was refused (${response.status}).` });
        return;
      }
      setBanner(json.blog?.banner ?? null);
      setBannerMessage({ ok: true, text: json.message ?? "The banner is saved." });
    } catch {
      setBannerMessage({ ok: false, text: "The upload did not reach the shop: check the connection and try again." });
    }
  };

  const removeBanner = () =>
    start(async () => {
      const answer = await props.save({ banner: null });
      if (answer.ok) {
        setBanner(null);
        setBannerMessage({ ok: true, text: "The banner is removed." });
      } else setBannerMessage({ ok: false, text: answer.message });
    });

  const destroy = () => {
    if (!props.remove || !window.confirm("Delete this blog post? Its address stops working.")) return;
    start(async () => {
      const answer = await props.remove!();
      if (answer.ok) router.push("/admin/content/blog?deleted=1");
      else setResult({ ok: false, message: answer.message });
    });
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={id ? "Edit blog post" : "New blog post"}>
        {result && !result.ok ? <ErrorSummary message={result.message} errors={errors} labels={LABELS} /> : null}
        {result?.ok ? (
          <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset">
            {result.message}
          </p>
        ) : null}

        <Group title="Post">
          <Field name="title" label="Title" errors={errors} wide>
            {(a) => <input {...a} {...text("title")} required maxLength={200} className={inputClass} />}
          </Field>
          <Field name="author" label="Author" errors={errors}>
            {(a) => <input {...a} {...text("author")} required maxLength={100} className={inputClass} />}
          </Field>
          <Field name="slug" label="Slug" errors={errors} hint={id ? `The address: /blog/${values.slug || "…"}. Changing it keeps the old address working: it redirects here.` : "Made from the title when empty."}>
            {(a) => <input {...a} {...text("slug")} maxLength={200} autoComplete="off" className={`${inputClass} font-mono`} />}
          </Field>
          <Field name="short_description" label="Short description" errors={errors} wide hint="Plain text on the blog list's card (500 characters at most); the text's beginning when empty.">
            {(a) => <textarea {...a} {...text("short_description")} rows={2} maxLength={500} className={inputClass} />}
          </Field>
          <Field name="description" label="Text" errors={errors} wide>
            {(a) => <RichText id={a.id} label="Text" value={values.description} onChange={(html) => set("description", html)} describedBy={a["aria-describedby"]} invalid={a["aria-invalid"] === "true"} />}
          </Field>
        </Group>

        <Group title="Publishing" intro={props.can.publish ? "A draft is seen only by staff (Preview). A scheduled post appears on its own at its time (India time)." : "Your role may write and change posts; publishing them is for an editor who may publish."}>
          <fieldset className="sm:col-span-2" aria-describedby={errors.published ? "f-published-error" : undefined}>
            <legend className="mb-1 text-xs font-medium text-slate-700">State</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(
                [
                  ["draft", "Draft"],
                  ["published", "Published"],
                  ["scheduled", "Scheduled"],
                ] as const
              ).map(([state, label]) => (
                <label key={state} className="flex items-center gap-2">
                  <input type="radio" name="state" value={state} checked={values.state === state} disabled={!props.can.publish} onChange={() => set("state", state)} /> {label}
                </label>
              ))}
            </div>
            {errors.published ? (
              <p id="f-published-error" className="mt-1 text-xs font-medium text-red-700">
                {errors.published.join(" ")}
              </p>
            ) : null}
          </fieldset>
          {values.state === "scheduled" ? (
            <Field name="published_at" label="Publish at (India time)" errors={errors}>
              {(a) => <input {...a} type="datetime-local" {...text("published_at")} disabled={!props.can.publish} className={inputClass} />}
            </Field>
          ) : null}
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
            {pending ? "Saving…" : id ? "Save changes" : "Create post"}
          </button>
          {id ? (
            // A route handler that turns on draft mode, then the storefront: outside the router.
            <a href={`/admin/content/preview?kind=blog&id=${id}`} className={secondaryButtonClass}>
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

      {id ? (
        <section aria-labelledby="banner-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="banner-heading" className="font-sans text-sm font-semibold text-slate-800">
            Banner
          </h2>
          <p className="mt-1 text-xs text-slate-600">A JPEG, PNG, WebP or AVIF image at least 600 pixels across (10 MB at most), shown at the top of the post and on its card.</p>
          {banner ? (
            // eslint-disable-next-line @next/next/no-img-element -- the admin shows the stored file as it is
            <img src={banner} alt="The post's banner" className="mt-3 max-h-48 rounded-md border border-slate-200" />
          ) : (
            <p className="mt-3 text-sm text-slate-600">No banner yet.</p>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <label htmlFor="banner-file" className="text-sm font-medium text-slate-800">
              Choose a banner image
            </label>
            <input id="banner-file" type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} className="text-sm" />
            {banner ? (
              <button type="button" onClick={removeBanner} disabled={pending} className={secondaryButtonClass}>
                Remove banner
              </button>
            ) : null}
          </div>
          {bannerMessage ? (
            <p role="status" className={`mt-2 text-sm ${bannerMessage.ok ? "text-emerald-800" : "text-red-700"}`}>
              {bannerMessage.text}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
