"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { BUSINESS_SETTING_TYPES, type BusinessSettingType, LOGO_LABELS, LOGO_TYPES, type LogoType } from "@/lib/content/settings-schemas";
import { buttonClass, inputClass } from "../ui";
import { ErrorSummary, Field, type FieldErrors } from "../editor/fields";
import { Group } from "./BlogEditor";

const RichText = dynamic(() => import("../editor/RichText"), { ssr: false, loading: () => <div className="h-36 animate-pulse rounded-md border border-slate-200 bg-slate-50" aria-hidden="true" /> });

type Values = Record<BusinessSettingType | LogoType, string>;

const LABELS: Record<BusinessSettingType, string> = {
  website_name: "Shop name",
  company_name: "Company name",
  contact_email: "Email",
  contact_phone: "Phone",
  secondary_phone: "Second phone",
  contact_address: "Address",
  business_hours: "Opening hours",
  facebook_link: "Facebook",
  twitter_link: "X (Twitter)",
  instagram_link: "Instagram",
  youtube_link: "YouTube",
  linkedin_link: "LinkedIn",
  whatsapp_link: "WhatsApp",
  about_us_description: "About the shop",
  copyright_text: "Copyright line",
  meta_title: "Meta title",
  meta_keywords: "Meta keywords",
  meta_description: "Meta description",
  header_top: "Line above the header",
  website_topbar_content: "Top bar text",
  topbar_link_name: "Top bar link text",
  topbar_banner_link: "Top bar link",
  return_window_days: "Return window (days)",
  restocking_fee_percent: "Restocking fee (%)",
  grievance_officer_name: "Grievance officer",
  grievance_officer_email: "Grievance officer's email",
  grievance_officer_phone: "Grievance officer's phone",
};

const HINTS: Partial<Record<BusinessSettingType, string>> = {
  contact_phone: "10-digit mobile number: the footer, the contact page, the chat link and the mails show it.",
  contact_email: "Shown in the footer and the mails; customers write to it.",
  facebook_link: "https://… or empty to hide the icon.",
  whatsapp_link: "https://wa.me/91… or empty.",
  topbar_banner_link: "A page of the shop (/festive-collection) or https://…",
  return_window_days: "0 to 90. The return policy, the FAQs and the mails state it.",
  restocking_fee_percent: "0 to 50, for change-of-mind returns.",
  meta_description: "The description search engines show for the home page (about 160 characters show).",
};

const GROUPS: { title: string; fields: BusinessSettingType[]; intro?: string }[] = [
  { title: "Shop", fields: ["website_name", "company_name", "copyright_text"] },
  { title: "Contact details", fields: ["contact_email", "contact_phone", "secondary_phone", "business_hours", "contact_address"] },
  { title: "Social links", fields: ["facebook_link", "twitter_link", "instagram_link", "youtube_link", "linkedin_link", "whatsapp_link"], intro: "An empty link hides its icon in the footer." },
  { title: "Top bar", fields: ["header_top", "website_topbar_content", "topbar_link_name", "topbar_banner_link"] },
  { title: "Search engines (meta tags)", fields: ["meta_title", "meta_keywords", "meta_description"] },
  { title: "Returns", fields: ["return_window_days", "restocking_fee_percent"] },
  { title: "Grievance officer", fields: ["grievance_officer_name", "grievance_officer_email", "grievance_officer_phone"], intro: "Named on /grievances and in the footer, as the E-Commerce Rules 2020 require. Empty: the company name and the contact email and phone are shown." },
];

/**
 * The business settings form (/admin/settings/business): each group of spec §3's settings with
 * its message under the field when refused; saving sends what changed through a server action
 * on the API's schema. The logos upload to the admin API (re-encoded there) and show at once.
 */
export function BusinessSettingsForm({ initial, systemKey, save }: { initial: Values; systemKey: string; save: (input: unknown) => Promise<ActionResult> }) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [logoMessage, setLogoMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const errors: FieldErrors = result && !result.ok ? (result.errors ?? {}) : {};
  const set = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = Object.fromEntries(BUSINESS_SETTING_TYPES.filter((k) => values[k] !== saved[k]).map((k) => [k, values[k]]));
    if (Object.keys(input).length === 0) {
      setResult({ ok: true, message: "Nothing changed." });
      return;
    }
    start(async () => {
      const answer = await save(input);
      setResult(answer);
      if (!answer.ok) {
        requestAnimationFrame(() => document.getElementById("editor-errors")?.focus());
        return;
      }
      setSaved(values);
      router.refresh();
    });
  };

  const upload = async (type: LogoType, file: File) => {
    setLogoMessage({ ok: true, text: "Uploading…" });
    const body = new FormData();
    body.append("type", type);
    body.append("logo", file);
    try {
      const response = await fetch("/api/v2/admin/settings/business/logo", { method: "POST", body, headers: { "X-Requested-With": "XMLHttpRequest", "System-Key": systemKey } });
      const json = (await response.json().catch(() => ({}))) as { message?: string; data?: Record<string, string> };
      if (!response.ok) {
        setLogoMessage({ ok: false, text: json.message ?? `The upload was refused (${response.status}).` });
        return;
      }
      const path = json.data?.[type] ?? "";
      setValues((v) => ({ ...v, [type]: path }));
      setSaved((v) => ({ ...v, [type]: path }));
      setLogoMessage({ ok: true, text: `${LOGO_LABELS[type]}: ${json.message ?? "saved."}` });
    } catch {
      setLogoMessage({ ok: false, text: "The upload did not reach the shop: check the connection and try again." });
    }
  };

  const input = (key: BusinessSettingType) => (
    <Field key={key} name={key} label={LABELS[key]} errors={errors} hint={HINTS[key]} wide={key === "contact_address" || key === "meta_description" || key === "meta_keywords"}>
      {(a) =>
        key === "contact_address" || key === "meta_description" ? (
          <textarea {...a} name={key} value={values[key]} onChange={(e) => set(key, e.target.value)} rows={3} className={inputClass} />
        ) : (
          <input
            {...a}
            name={key}
            value={values[key]}
            onChange={(e) => set(key, e.target.value)}
            inputMode={key === "return_window_days" || key === "restocking_fee_percent" || key.endsWith("phone") ? "numeric" : undefined}
            type={key === "contact_email" ? "email" : key.endsWith("_link") && key !== "topbar_banner_link" ? "url" : "text"}
            className={inputClass}
          />
        )
      }
    </Field>
  );

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Business settings">
        {result && !result.ok ? <ErrorSummary message={result.message} errors={errors} labels={LABELS} /> : null}
        {result?.ok ? (
          <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset">
            {result.message}
          </p>
        ) : null}
        {GROUPS.map((g) => (
          <Group key={g.title} title={g.title} intro={g.intro}>
            {g.fields.map(input)}
          </Group>
        ))}
        <Group title="About the shop">
          <Field name="about_us_description" label="About the shop" errors={errors} wide hint="The About us page and the footer show it.">
            {(a) => <RichText id={a.id} label="About the shop" value={values.about_us_description} onChange={(html) => set("about_us_description", html)} describedBy={a["aria-describedby"]} invalid={a["aria-invalid"] === "true"} />}
          </Field>
        </Group>
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3">
          <button type="submit" disabled={pending} className={buttonClass}>
            {pending ? "Saving…" : "Save settings"}
          </button>
        </div>
      </form>
      <section aria-labelledby="logos-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="logos-heading" className="font-sans text-sm font-semibold text-slate-800">
          Logos
        </h2>
        <p className="mt-1 text-xs text-slate-600">PNG, WebP, JPEG or AVIF, 2 MB at most. Each is saved as soon as it is chosen.</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          {LOGO_TYPES.map((type) => (
            <div key={type}>
              <label htmlFor={`logo-${type}`} className="mb-1 block text-xs font-medium text-slate-700">
                {LOGO_LABELS[type]}
              </label>
              {values[type] ? (
                // eslint-disable-next-line @next/next/no-img-element -- the stored file as it is
                <img src={values[type]} alt={`The current ${LOGO_LABELS[type].toLowerCase()}`} className="mb-2 h-16 w-auto rounded border border-slate-200 bg-slate-50 p-1" />
              ) : null}
              <input id={`logo-${type}`} type="file" accept="image/png,image/webp,image/jpeg,image/avif" onChange={(e) => e.target.files?.[0] && void upload(type, e.target.files[0])} className="text-sm" />
            </div>
          ))}
        </div>
        {logoMessage ? (
          <p role="status" className={`mt-2 text-sm ${logoMessage.ok ? "text-emerald-800" : "text-red-700"}`}>
            {logoMessage.text}
          </p>
        ) : null}
      </section>
    </>
  );
}
