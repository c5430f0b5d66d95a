"use client";

import type { ReactNode } from "react";
import { labelClass } from "../ui";

/** Field errors by the API's field name ("main_price", "attributes.Material", "stock_adjustment.delta"). */
export type FieldErrors = Record<string, string[]>;

/** The id of the input a field error belongs to (the error summary links to it). */
export function fieldId(key: string): string {
  if (key === "stock_adjustment" || key === "stock_adjustment.delta") return "f-stock_delta";
  if (key === "stock_adjustment.reason") return "f-stock_reason";
  if (key === "lead_time_days") return "f-lead_time_days";
  return `f-${key.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
}

/** A labelled field with its hint and its errors under it, tied to the input by aria-describedby. */
export function Field({ name, label, hint, errors, children, wide }: { name: string; label: string; hint?: ReactNode; errors: FieldErrors; children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: "true" }) => ReactNode; wide?: boolean }) {
  const id = fieldId(name);
  const messages = errors[name] ?? [];
  const described = [hint ? `${id}-hint` : null, messages.length ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, ...(described ? { "aria-describedby": described } : {}), ...(messages.length ? { "aria-invalid": "true" as const } : {}) })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {messages.length ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** The errors of a save, each a link to its field, read out when it appears. */
export function ErrorSummary({ message, errors, labels }: { message: string; errors: FieldErrors; labels: Record<string, string> }) {
  const entries = Object.entries(errors).filter(([key]) => key !== "_");
  return (
    <div role="alert" tabIndex={-1} id="editor-errors" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{message}</p>
      {entries.length ? (
        <ul className="mt-1 list-disc pl-5">
          {entries.map(([key, messages]) => (
            <li key={key}>
              <a href={`#${fieldId(key)}`} className="underline underline-offset-2">
                {labels[key] ?? labels[key.split(".")[0] ?? ""] ?? key}: {messages.join(" ")}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
