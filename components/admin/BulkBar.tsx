"use client";

import { useActionState, useEffect, useState } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { BULK_ACTIONS, type BulkActionName, type BulkResult } from "@/lib/catalog/bulk-schemas";
import { buttonClass, inputClass, labelClass } from "./ui";

export const BULK_FORM_ID = "bulk-products";

const boxes = () => Array.from(document.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name=ids][form=${BULK_FORM_ID}]`));

/**
 * The product list's bulk bar: the rows' checkboxes (name "ids", form BULK_FORM_ID, drawn by the
 * page), "select all on this page", the action and its fields, and the answer: how many changed
 * and each product skipped with why. The server action asks can() and checks everything again.
 */
type BulkServerAction = (previous: ActionResult<BulkResult> | null, form: FormData) => Promise<ActionResult<BulkResult>>;

export function BulkBar({ actions, allowed, categories }: { /** The server action of each permission the role has. */ actions: { publish?: BulkServerAction; update?: BulkServerAction; stock?: BulkServerAction }; allowed: BulkActionName[]; categories: { id: number; name: string }[] }) {
  const [state, formAction, pending] = useActionState<ActionResult<BulkResult> | null, FormData>(async (previous, form) => {
    const name = form.get("action");
    const action = name === "publish" || name === "unpublish" ? actions.publish : name === "stock" ? actions.stock : actions.update;
    if (!action) return { ok: false, message: "Choose one of the actions offered." };
    return action(previous, form);
  }, null);
  const [chosen, setChosen] = useState<BulkActionName>(allowed[0] ?? "publish");
  const [count, setCount] = useState(0);
  const [all, setAll] = useState(false);

  useEffect(() => {
    const update = () => {
      const list = boxes();
      const ticked = list.filter((b) => b.checked).length;
      setCount(ticked);
      setAll(list.length > 0 && ticked === list.length);
    };
    update();
    document.addEventListener("change", update);
    return () => document.removeEventListener("change", update);
  }, [state]);

  const selectAll = (on: boolean) => {
    for (const b of boxes()) b.checked = on;
    setAll(on);
    setCount(on ? boxes().length : 0);
  };
  const result = state?.ok ? state.data : undefined;

  return (
    <form id={BULK_FORM_ID} action={formAction} aria-label="Bulk actions" className="mb-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={all} onChange={(e) => selectAll(e.target.checked)} />
          Select all on this page
        </label>
        <span className="text-sm text-slate-600" aria-live="polite">
          {count} chosen
        </span>
        <div>
          <label htmlFor="bulk-action" className={labelClass}>
            Action
          </label>
          <select id="bulk-action" name="action" value={chosen} onChange={(e) => setChosen(e.target.value as BulkActionName)} className={inputClass}>
            {allowed.map((a) => (
              <option key={a} value={a}>
                {BULK_ACTIONS[a]}
              </option>
            ))}
          </select>
        </div>
        {chosen === "category" ? (
          <div>
            <label htmlFor="bulk-category" className={labelClass}>
              Category
            </label>
            <select id="bulk-category" name="category_id" className={inputClass} defaultValue="">
              <option value="">Choose…</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {chosen === "price" ? (
          <>
            <div>
              <label htmlFor="bulk-direction" className={labelClass}>
                Up or down
              </label>
              <select id="bulk-direction" name="direction" className={inputClass} defaultValue="up">
                <option value="up">Up</option>
                <option value="down">Down</option>
              </select>
            </div>
            <div>
              <label htmlFor="bulk-value" className={labelClass}>
                By
              </label>
              <input id="bulk-value" name="value" inputMode="decimal" required className={`${inputClass} w-24`} />
            </div>
            <div>
              <label htmlFor="bulk-by" className={labelClass}>
                Percent or rupees
              </label>
              <select id="bulk-by" name="by" className={inputClass} defaultValue="percent">
                <option value="percent">%</option>
                <option value="amount">₹</option>
              </select>
            </div>
          </>
        ) : null}
        {chosen === "stock" ? (
          <>
            <div>
              <label htmlFor="bulk-delta" className={labelClass}>
                Units in (5) or out (-2)
              </label>
              <input id="bulk-delta" name="delta" inputMode="numeric" required className={`${inputClass} w-24`} />
            </div>
            <div className="min-w-48 flex-1">
              <label htmlFor="bulk-reason" className={labelClass}>
                Reason
              </label>
              <input id="bulk-reason" name="reason" required maxLength={200} className={inputClass} />
            </div>
          </>
        ) : null}
        <button type="submit" className={buttonClass} disabled={pending || count === 0}>
          {pending ? "Applying…" : "Apply to chosen"}
        </button>
      </div>
      {chosen === "price" ? <p className="mt-2 text-xs text-slate-600">Rounded to the rupee, never below zero; a compare-at price follows, or is cleared when it would fall to the price or below. Variants change too.</p> : null}
      {chosen === "stock" ? <p className="mt-2 text-xs text-slate-600">Through the stock ledger as an adjustment. Products sold by variant are skipped: adjust their variants on the Stock page.</p> : null}
      {state ? (
        <div role={state.ok ? "status" : "alert"} className={`mt-2 text-sm ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
          <p>{state.message}</p>
          {!state.ok && state.errors ? (
            <ul className="list-disc pl-5">
              {Object.entries(state.errors).map(([field, messages]) => (
                <li key={field}>{messages.join(" ")}</li>
              ))}
            </ul>
          ) : null}
          {result?.skipped.length ? (
            <ul className="mt-1 list-disc pl-5 text-slate-700">
              {result.skipped.map((s) => (
                <li key={s.id}>
                  {s.name ?? `Product ${s.id}`}: {s.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
