"use client";

import { createContext, useActionState, useContext, useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { FieldError } from "./ActionForm";
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

/**
 * The Stock page's forms (app/(admin)/admin/(panel)/stock): an adjustment per row (units in or
 * out and why), a product's threshold, the shop's default. Each posts to a server action that asks
 * can() and validates with zod; a refusal shows its message (and each field's) in the row. A row
 * that an adjustment moves off its tab goes with the page's refresh, so what was done is said in
 * the page's own status line (StockNotices), which stays.
 */

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

const Announce = createContext<(message: string) => void>(() => undefined);

/** The status line above the list: the last change made from its rows. */
export function StockNotices({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Announce.Provider value={setMessage}>
      <p role="status" className={message ? "mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-300 ring-inset" : "sr-only"}>
        {message}
      </p>
      {children}
    </Announce.Provider>
  );
}

/** A server action whose success is announced on the page's status line. */
function useAnnounced(action: Action) {
  const announce = useContext(Announce);
  return useActionState(async (previous: ActionResult | null, form: FormData) => {
    const result = await action(previous, form);
    if (result.ok) announce(result.message);
    return result;
  }, null);
}

function Refusal({ state }: { state: ActionResult | null }) {
  return state && !state.ok ? (
    <p role="alert" className="mt-1 text-xs text-red-700">
      {state.message}
    </p>
  ) : null;
}

/** Units in (+) or out (−) of a product or one of its variants, with a reason (both required). */
export function AdjustForm({ id, slug, sku, label, action }: { id: string; slug: string; sku: string | null; label: string; action: Action }) {
  const [state, formAction, pending] = useAnnounced(action);
  const errors = state as ActionResult<never> | null;
  return (
    <form action={formAction} className="min-w-[16rem]">
      <input type="hidden" name="slug" value={slug} />
      {sku ? <input type="hidden" name="sku" value={sku} /> : null}
      <input type="hidden" name="label" value={label} />
      <div className="flex flex-wrap items-start gap-1.5">
        <div className="w-20">
          <label htmlFor={`${id}-delta`} className="sr-only">
            Units in or out, {label}
          </label>
          <input id={`${id}-delta`} name="delta" type="number" step={1} required placeholder="+/−" className={inputClass} aria-describedby={`${id}-delta-error`} />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-reason`} className="sr-only">
            Reason, {label}
          </label>
          <input id={`${id}-reason`} name="reason" required minLength={3} maxLength={200} placeholder="Reason" className={inputClass} aria-describedby={`${id}-reason-error`} />
        </div>
        <button type="submit" disabled={pending} className={buttonClass}>
          Adjust
        </button>
      </div>
      <FieldError state={errors} name="adjustment.delta" id={`${id}-delta-error`} />
      <FieldError state={errors} name="adjustment.reason" id={`${id}-reason-error`} />
      <Refusal state={state} />
    </form>
  );
}

/** A product's own threshold; empty for the shop's default. */
export function ThresholdForm({ id, slug, label, own, shopDefault, action }: { id: string; slug: string; label: string; own: number | null; shopDefault: number; action: Action }) {
  const [state, formAction, pending] = useAnnounced(action);
  return (
    <form action={formAction} className="flex min-w-[9rem] flex-wrap items-start gap-1.5">
      <input type="hidden" name="slug" value={slug} />
      <div className="w-20">
        <label htmlFor={`${id}-threshold`} className="sr-only">
          Low-stock threshold, {label}
        </label>
        <input id={`${id}-threshold`} name="low_stock_threshold" type="number" min={0} step={1} defaultValue={own ?? ""} placeholder={`${shopDefault}`} className={inputClass} />
      </div>
      <button type="submit" disabled={pending} className={secondaryButtonClass}>
        Set
      </button>
      <div className="w-full">
        <FieldError state={state as ActionResult<never> | null} name="low_stock_threshold" />
        <Refusal state={state} />
      </div>
    </form>
  );
}

/** The shop's default threshold (settings:update). */
export function ShopThresholdForm({ value, action }: { value: number; action: Action }) {
  const [state, formAction, pending] = useAnnounced(action);
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-2">
      <div className="w-32">
        <label htmlFor="shop-threshold" className={labelClass}>
          Default threshold
        </label>
        <input id="shop-threshold" name="low_stock_threshold" type="number" min={0} step={1} required defaultValue={value} className={inputClass} />
      </div>
      <button type="submit" disabled={pending} className={buttonClass}>
        Save default
      </button>
      <div className="w-full">
        <FieldError state={state as ActionResult<never> | null} name="low_stock_threshold" />
        <Refusal state={state} />
      </div>
    </form>
  );
}
