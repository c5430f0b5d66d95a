"use client";

import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { toggleAttributeValue } from "@/lib/catalog/product-editor";
import { isSizeOption } from "@/lib/catalog/variants";
import { inputClass, secondaryButtonClass } from "../ui";
import { fieldId, type FieldErrors } from "./fields";

export type PickerAttribute = { id: number; name: string; values: string[] };

export type AddValue = (attributeId: number, value: string) => Promise<ActionResult<{ value: string; values: string[] }>>;

/**
 * One attribute of the product editor: its values as checkboxes (a product may have several;
 * Tab and Space work them, and they wrap on a phone), and, for staff who may add values
 * (product:update), an explicit "Add a value" that makes the value on the server (audited, as on
 * the attribute's own page) and ticks it. A value is never made by typing it into the product.
 */
function AttributeValues({
  attribute,
  picked,
  onChange,
  errors,
  addValue,
  soldByVariant,
}: {
  attribute: PickerAttribute;
  picked: string[];
  onChange: (values: string[]) => void;
  errors: FieldErrors;
  addValue: AddValue | null;
  soldByVariant: boolean;
}) {
  const [values, setValues] = useState(attribute.values);
  const [draft, setDraft] = useState("");
  const [answer, setAnswer] = useState<ActionResult<{ value: string; values: string[] }> | null>(null);
  const [pending, start] = useTransition();
  const id = fieldId(`attributes.${attribute.name}`);
  const messages = errors[`attributes.${attribute.name}`] ?? [];
  const addErrors = answer && !answer.ok ? [...(answer.errors?.value ?? []), ...(answer.errors?.value ? [] : [answer.message])] : [];
  const fromVariants = soldByVariant && isSizeOption(attribute.name);
  // Values the product has that the attribute no longer lists (renamed meanwhile) still show, ticked.
  const shown = [...values, ...picked.filter((p) => !values.includes(p))];

  const add = () => {
    const value = draft.trim();
    if (!value || !addValue) return;
    start(async () => {
      const result = await addValue(attribute.id, value);
      setAnswer(result);
      if (result.ok && result.data) {
        setValues(result.data.values);
        onChange(toggleAttributeValue(picked, result.data.value, true, result.data.values));
        setDraft("");
      }
    });
  };

  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={messages.length ? `${id}-error` : undefined} className="min-w-0 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-xs font-medium text-slate-700">{attribute.name}</legend>
      {fromVariants ? (
        <p className="text-sm text-slate-600">From the variants&apos; sizes: {picked.length ? picked.join(", ") : "none yet"}.</p>
      ) : shown.length ? (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {shown.map((value) => (
            <label key={value} className="flex min-h-6 items-center gap-2 text-sm break-words">
              <input type="checkbox" checked={picked.includes(value)} onChange={(e) => onChange(toggleAttributeValue(picked, value, e.target.checked, values))} />
              {value}
            </label>
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-600">No values yet.</p>
      )}
      {messages.length ? (
        <p id={`${id}-error`} className="mt-2 text-xs font-medium text-red-700">
          {messages.join(" ")}
        </p>
      ) : null}
      {addValue && !fromVariants ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-40">
            <label htmlFor={`${id}-new`} className="mb-1 block text-xs text-slate-700">
              New value of {attribute.name}
            </label>
            <input
              id={`${id}-new`}
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
              aria-describedby={addErrors.length ? `${id}-new-error` : undefined}
              aria-invalid={addErrors.length ? "true" : undefined}
              className={inputClass}
            />
          </div>
          <button type="button" onClick={add} disabled={pending || !draft.trim()} className={secondaryButtonClass}>
            {pending ? "Adding…" : `Add a value to ${attribute.name}`}
          </button>
          {addErrors.length ? (
            <p id={`${id}-new-error`} className="w-full text-xs font-medium text-red-700">
              {addErrors.join(" ")}
            </p>
          ) : answer?.ok ? (
            <p role="status" className="w-full text-xs text-emerald-800">
              {answer.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/** Every attribute of the shop with its values to pick, in the shop's order. */
export function AttributePicker({
  attributes,
  picked,
  onChange,
  errors,
  addValue,
  soldByVariant,
}: {
  attributes: PickerAttribute[];
  picked: Record<string, string[]>;
  onChange: (name: string, values: string[]) => void;
  errors: FieldErrors;
  addValue: AddValue | null;
  soldByVariant: boolean;
}) {
  if (!attributes.length) return <p className="text-sm text-slate-600 sm:col-span-2">The shop has no attributes yet (Attributes, in the menu).</p>;
  return (
    <div className="grid grid-cols-1 gap-3 sm:col-span-2 sm:grid-cols-2">
      {attributes.map((a) => (
        <AttributeValues key={a.id} attribute={a} picked={picked[a.name] ?? []} onChange={(values) => onChange(a.name, values)} errors={errors} addValue={addValue} soldByVariant={soldByVariant} />
      ))}
    </div>
  );
}
