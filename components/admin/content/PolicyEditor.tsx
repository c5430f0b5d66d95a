"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { buttonClass, secondaryButtonClass } from "../ui";
import { ErrorSummary, Field, type FieldErrors } from "../editor/fields";

const RichText = dynamic(() => import("../editor/RichText"), { ssr: false, loading: () => <div className="h-72 animate-pulse rounded-md border border-slate-200 bg-slate-50" aria-hidden="true" /> });

/** A policy page's text: written by staff (rich, the facts as placeholders), or the generated one (Use the generated text). */
export function PolicyEditor({ initial, placeholders, save }: { initial: string; placeholders: readonly string[]; save: (body: string | null) => Promise<ActionResult> }) {
  const router = useRouter();
  const [body, setBody] = useState(initial);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, start] = useTransition();
  const errors: FieldErrors = result && !result.ok ? (result.errors ?? {}) : {};
  const send = (value: string | null) =>
    start(async () => {
      const answer = await save(value);
      setResult(answer);
      if (answer.ok) {
        if (value === null) setBody("");
        router.refresh();
      }
    });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send(body.trim() === "" ? null : body);
      }}
      noValidate
      aria-label="Policy text"
    >
      {result && !result.ok ? <ErrorSummary message={result.message} errors={errors} labels={{ body: "Text" }} /> : null}
      {result?.ok ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset">
          {result.message}
        </p>
      ) : null}
      <Field name="body" label="Text" errors={errors} hint={`Write the shop's facts as placeholders so the page always says what the settings say: ${placeholders.map((p) => `{${p}}`).join(", ")}. Empty: the generated text.`}>
        {(a) => <RichText id={a.id} label="Text" value={body} onChange={setBody} describedBy={a["aria-describedby"]} invalid={a["aria-invalid"] === "true"} />}
      </Field>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" disabled={pending} className={buttonClass}>
          {pending ? "Saving…" : "Save text"}
        </button>
        <button type="button" disabled={pending} className={secondaryButtonClass} onClick={() => window.confirm("Show the generated text again? The text written here is removed.") && send(null)}>
          Use the generated text
        </button>
      </div>
    </form>
  );
}
