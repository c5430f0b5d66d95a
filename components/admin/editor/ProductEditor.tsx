"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition, type ReactNode } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { gstRateFor, type GstRate } from "@/lib/cart/gst";
import { productInput, type ProductFormValues, RICH_FIELDS, searchPreview, seoHint } from "@/lib/catalog/product-editor";
import { buttonClass, inputClass } from "../ui";
import { AttributePicker, type AddValue, type PickerAttribute } from "./AttributePicker";
import { ErrorSummary, Field, type FieldErrors } from "./fields";

/** Tiptap only on the editor's page, loaded after it (no server rendering of a contenteditable). */
const RichText = dynamic(() => import("./RichText"), { ssr: false, loading: () => <div className="h-36 animate-pulse rounded-md border border-slate-200 bg-slate-50" aria-hidden="true" /> });

type Save = (input: unknown) => Promise<ActionResult<{ slug: string }>>;

export type EditorProps = {
  /** Absent for a new product. */
  slug?: string;
  initial: ProductFormValues;
  soldByVariant: boolean;
  categories: { id: number; name: string }[];
  /** The shop's attributes with their values, for the Attributes picker. */
  attributes: PickerAttribute[];
  gstRates: GstRate[];
  gstDefaultRate: number;
  origin: string;
  shopName: string;
  /** Photos the about and additional blocks may show. */
  photoPaths: { path: string; alt: string }[];
  can: { publish: boolean; stock: boolean };
  save: Save;
  /** "Add a value" of the Attributes picker; absent for staff who may not add values (product:update). */
  addValue?: AddValue;
};

const LABELS: Record<string, string> = {
  name: "Name",
  slug: "Slug",
  sku: "SKU",
  category_id: "Category",
  main_price: "Price",
  stocked_price: "List price (MRP)",
  hsn_code: "HSN code",
  made_to_order: "Made to order",
  lead_time_days: "Lead time",
  initial_stock: "Stock",
  stock_adjustment: "Stock adjustment",
  "stock_adjustment.delta": "Units in or out",
  "stock_adjustment.reason": "Reason",
  published: "Published",
  short_description: "Short description",
  description: "Description",
  key_features: "Key features",
  care_instructions: "Care instructions",
  warranty_summary: "Warranty",
  return_policy: "Return policy",
  about_heading: "About heading",
  about_description: "About text",
  about_image: "About image",
  additional_heading: "Additional heading",
  additional_description: "Additional text",
  additional_image: "Additional image",
  meta_title: "SEO title",
  meta_description: "SEO description",
  attributes: "Attributes",
};

const RICH_LABELS: Record<(typeof RICH_FIELDS)[number], string> = {
  description: "Description",
  key_features: "Key features",
  care_instructions: "Care instructions",
  warranty_summary: "Warranty",
  return_policy: "Return policy",
  about_description: "About text",
  additional_description: "Additional text",
};

function Group({ title, children, intro }: { title: string; children: ReactNode; intro?: ReactNode }) {
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

const HINT_TONE = { empty: "text-slate-600", short: "text-amber-800", good: "text-emerald-800", long: "text-red-700" } as const;

/**
 * The product editor: every field the product services take, in sections; saving sends what
 * changed through a server action that validates with the API's schemas. What was typed stays on
 * an error: the values live in this component's state, and each error shows under its field and
 * in a summary of links at the top.
 */
export function ProductEditor(props: EditorProps) {
  const { slug, soldByVariant } = props;
  const router = useRouter();
  const [values, setValues] = useState(props.initial);
  const [saved, setSaved] = useState(props.initial);
  const [result, setResult] = useState<ActionResult<{ slug: string }> | null>(null);
  const [pending, start] = useTransition();
  const errors: FieldErrors = result && !result.ok ? (result.errors ?? {}) : {};

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: { [K in keyof ProductFormValues]: ProductFormValues[K] extends string ? K : never }[keyof ProductFormValues]) => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as ProductFormValues[typeof key]),
  });

  const price = Number(values.main_price);
  const gst = useMemo(() => {
    const hsn = values.hsn_code.trim();
    if (!/^\d{4}(\d{2}){0,2}$/.test(hsn)) return null;
    const rate = gstRateFor(props.gstRates, hsn, Number.isFinite(price) ? Math.round(price * 100) : 0, new Date().toISOString().slice(0, 10));
    return rate === null ? { rate: props.gstDefaultRate, source: "default" as const } : { rate, source: "hsn" as const };
  }, [values.hsn_code, price, props.gstRates, props.gstDefaultRate]);

  const titleHint = seoHint(values.meta_title, "title");
  const descriptionHint = seoHint(values.meta_description, "description");
  const preview = searchPreview({ metaTitle: values.meta_title, name: values.name, metaDescription: values.meta_description, shortDescription: values.short_description, slug: values.slug || values.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), origin: props.origin, shopName: props.shopName });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = productInput(values, { before: slug ? saved : undefined, soldByVariant });
    if (slug && Object.keys(input).length === 0) {
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
      if (!slug) {
        router.push(`/admin/products/${encodeURIComponent(answer.data?.slug ?? "")}?created=1`);
        return;
      }
      const next = { ...values, stock_delta: "", stock_reason: "" };
      setValues(next);
      setSaved(next);
      if (answer.data?.slug && answer.data.slug !== slug) router.replace(`/admin/products/${encodeURIComponent(answer.data.slug)}?saved=1`);
    });
  };

  const rich = (key: (typeof RICH_FIELDS)[number], wide = true) => (
    <Field key={key} name={key} label={RICH_LABELS[key]} errors={errors} wide={wide}>
      {(a) => <RichText id={a.id} label={RICH_LABELS[key]} value={values[key]} onChange={(html) => set(key, html)} describedBy={a["aria-describedby"]} invalid={a["aria-invalid"] === "true"} />}
    </Field>
  );

  const imageChoice = (key: "about_image" | "additional_image", label: string) => (
    <Field name={key} label={label} errors={errors} hint="One of this product's photos (add photos below first).">
      {(a) => (
        <select {...a} className={inputClass} value={values[key]} onChange={(e) => set(key, e.target.value)}>
          <option value="">None</option>
          {values[key] && !props.photoPaths.some((p) => p.path === values[key]) ? <option value={values[key]}>{values[key]}</option> : null}
          {props.photoPaths.map((p, i) => (
            <option key={p.path} value={p.path}>
              Photo {i + 1}: {p.alt}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={slug ? "Edit product" : "New product"}>
      {result && !result.ok ? <ErrorSummary message={result.message} errors={errors} labels={LABELS} /> : null}
      {result?.ok ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset">
          {result.message}
        </p>
      ) : null}

      <Group title="Basics">
        <Field name="name" label="Name" errors={errors} wide>
          {(a) => <input {...a} {...text("name")} required maxLength={200} className={inputClass} />}
        </Field>
        <Field name="sku" label="SKU" errors={errors} hint="Unique in the shop: letters, digits, dots, hyphens, underscores.">
          {(a) => <input {...a} {...text("sku")} required maxLength={64} autoComplete="off" className={`${inputClass} font-mono`} />}
        </Field>
        <Field name="category_id" label="Category" errors={errors}>
          {(a) => (
            <select {...a} className={inputClass} value={values.category_id} onChange={(e) => set("category_id", e.target.value)} required>
              <option value="">Choose a category</option>
              {props.categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="short_description" label="Short description" errors={errors} wide hint="Plain text under the product's name and on its card (500 characters at most).">
          {(a) => <textarea {...a} {...text("short_description")} rows={2} maxLength={500} className={inputClass} />}
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-xs font-medium text-slate-700">Visibility</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={values.published} disabled={!props.can.publish} onChange={(e) => set("published", e.target.checked)} /> Published (shown in the shop)
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={values.is_featured} onChange={(e) => set("is_featured", e.target.checked)} /> Featured
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={values.is_popular} onChange={(e) => set("is_popular", e.target.checked)} /> Popular
            </label>
          </div>
          {errors.published ? <p className="mt-1 text-xs font-medium text-red-700">{errors.published.join(" ")}</p> : null}
        </fieldset>
      </Group>

      <Group title="Price & tax" intro={soldByVariant ? "This product is sold by variant: each variant has its own price (Variants, below)." : "Prices in rupees, GST included."}>
        {soldByVariant ? null : (
          <>
            <Field name="main_price" label="Price (₹)" errors={errors}>
              {(a) => <input {...a} {...text("main_price")} inputMode="decimal" required className={inputClass} />}
            </Field>
            <Field name="stocked_price" label="List price, MRP (₹)" errors={errors} hint="Shown struck through when above the price; empty is the price.">
              {(a) => <input {...a} {...text("stocked_price")} inputMode="decimal" className={inputClass} />}
            </Field>
          </>
        )}
        <Field
          name="hsn_code"
          label="HSN code"
          errors={errors}
          hint={
            <span aria-live="polite">
              {gst ? (gst.source === "hsn" ? `GST ${gst.rate}% at this price (the rate table's row for this code).` : `No row of the rate table matches: the shop's default GST of ${gst.rate}% applies.`) : "4, 6 or 8 digits; the GST rate it implies shows here."}
            </span>
          }
        >
          {(a) => <input {...a} {...text("hsn_code")} inputMode="numeric" maxLength={8} className={`${inputClass} font-mono`} />}
        </Field>
      </Group>

      <Group title="Stock & availability">
        {!slug ? (
          <Field name="initial_stock" label="Units in stock" errors={errors} hint="Recorded in the stock ledger as the product's first stock.">
            {(a) => <input {...a} {...text("initial_stock")} inputMode="numeric" disabled={!props.can.stock} className={inputClass} />}
          </Field>
        ) : soldByVariant ? (
          <p className="text-sm text-slate-600 sm:col-span-2">Stock is kept per variant (Variants, below).</p>
        ) : props.can.stock ? (
          <>
            <Field name="stock_adjustment.delta" label="Adjust stock: units in (+) or out (−)" errors={errors} hint="Leave empty to keep the stock as it is.">
              {(a) => <input {...a} {...text("stock_delta")} inputMode="numeric" className={inputClass} />}
            </Field>
            <Field name="stock_adjustment.reason" label="Reason for the adjustment" errors={errors}>
              {(a) => <input {...a} {...text("stock_reason")} maxLength={200} className={inputClass} />}
            </Field>
          </>
        ) : null}
        {soldByVariant ? null : (
          <>
            <div className="flex items-end pb-2 text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={values.made_to_order} onChange={(e) => set("made_to_order", e.target.checked)} /> Made to order
              </label>
            </div>
            <Field name="lead_time_days" label="Lead time (days)" errors={errors} hint="How long making it takes: for a made-to-order product.">
              {(a) => <input {...a} {...text("lead_time_days")} inputMode="numeric" disabled={!values.made_to_order} className={inputClass} />}
            </Field>
          </>
        )}
      </Group>

      <Group title="Descriptions">{(["description", "key_features", "care_instructions", "warranty_summary", "return_policy"] as const).map((k) => rich(k))}</Group>

      <Group title="About and additional blocks" intro="Two blocks of text and image below the product's description.">
        <Field name="about_heading" label="About heading" errors={errors}>
          {(a) => <input {...a} {...text("about_heading")} maxLength={200} className={inputClass} />}
        </Field>
        {imageChoice("about_image", "About image")}
        {rich("about_description")}
        <Field name="additional_heading" label="Additional heading" errors={errors}>
          {(a) => <input {...a} {...text("additional_heading")} maxLength={200} className={inputClass} />}
        </Field>
        {imageChoice("additional_image", "Additional image")}
        {rich("additional_description")}
      </Group>

      <Group title="Attributes" intro="Tick the values this product has: the shop's filters and its page use them. A value the list lacks is added to the attribute first (Add a value).">
        <AttributePicker
          attributes={props.attributes}
          picked={values.attributes}
          onChange={(name, list) => setValues((v) => ({ ...v, attributes: { ...v.attributes, [name]: list } }))}
          errors={errors}
          addValue={props.addValue ?? null}
          soldByVariant={soldByVariant}
        />
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

      <Group title="Address (slug)">
        <Field
          name="slug"
          label="Slug"
          errors={errors}
          wide
          hint={slug ? `The product's address: /products/${values.slug || "…"}. Changing it keeps the old address working: it redirects here for good.` : "Made from the name when empty."}
        >
          {(a) => <input {...a} {...text("slug")} maxLength={200} autoComplete="off" className={`${inputClass} font-mono`} />}
        </Field>
      </Group>

      <div className="sticky bottom-0 z-10 -mx-3 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-3 py-3 lg:-mx-4 lg:px-4">
        <button type="submit" disabled={pending} className={buttonClass}>
          {pending ? "Saving…" : slug ? "Save changes" : "Create product"}
        </button>
        {pending ? (
          <span role="status" className="text-sm text-slate-600">
            Saving…
          </span>
        ) : null}
      </div>
    </form>
  );
}
