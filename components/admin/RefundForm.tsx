"use client";

import { startTransition, useActionState, useState } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { formatPaise } from "@/lib/platform/format";
import { ActionForm, FieldError } from "./ActionForm";
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * An order's Refund form: everything left, pieces of items, or an amount; through the payment
 * provider (original) or the shop's own transfer with its reference. The idempotency key was made
 * when the page drew the form: a double click or a resend records one refund. The server checks
 * everything again (refund:create, the amounts, never more than was paid).
 */
export function RefundForm({
  orderId,
  idempotencyKey,
  left,
  throughProvider,
  lines,
  action,
}: {
  orderId: number;
  idempotencyKey: string;
  /** Paise still refundable. */
  left: number;
  throughProvider: boolean;
  lines: { id: number; name: string; quantity: number; claimed: boolean }[];
  action: Action;
}) {
  const [mode, setMode] = useState<"full" | "lines" | "amount">(lines.some((l) => l.claimed) ? "lines" : "amount");
  const [state, formAction, pending] = useActionState(action, null);
  // Sent by hand, not as <form action>: React resets a form after its action, which would drop the
  // pieces and the amount typed when the answer is a correction to make (a missing reference).
  return (
    <form
      className="space-y-3 rounded-md border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => formAction(data));
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">Refund</h3>
      <p className="text-xs text-slate-600">At most {formatPaise(left)} can still be refunded. An invoiced order gets its GST credit note.</p>
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="key" value={idempotencyKey} />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className={labelClass}>What to refund</legend>
        {(
          [
            ["full", `Everything left (${formatPaise(left)})`],
            ["lines", "Items"],
            ["amount", "An amount"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-1.5">
            <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      {mode === "lines" ? (
        <div className="space-y-2">
          {lines.map((l) => (
            <label key={l.id} className="flex items-center gap-2 text-sm">
              <input type="number" name={`qty_${l.id}`} min={0} max={l.quantity} step={1} defaultValue={l.claimed ? l.quantity : 0} className={`${inputClass} w-20`} aria-label={`Quantity of ${l.name} to refund`} />
              <span>
                of {l.quantity} × {l.name}
                {l.claimed ? <span className="ml-1 text-xs text-amber-800">(refund requested)</span> : null}
              </span>
            </label>
          ))}
          <FieldError state={state} name="lines" />
        </div>
      ) : null}
      {mode === "amount" ? (
        <div className="max-w-xs">
          <label htmlFor={`refund-amount-${orderId}`} className={labelClass}>
            Amount (₹)
          </label>
          <input id={`refund-amount-${orderId}`} name="amount" inputMode="decimal" placeholder="499.50" className={inputClass} aria-describedby={`refund-amount-${orderId}-error`} />
          <FieldError state={state} name="amount" id={`refund-amount-${orderId}-error`} />
        </div>
      ) : null}
      <div className="grid max-w-2xl gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`refund-method-${orderId}`} className={labelClass}>
            Method
          </label>
          <select id={`refund-method-${orderId}`} name="method" defaultValue={throughProvider ? "original" : "bank_transfer"} className={inputClass}>
            {throughProvider ? <option value="original">Original payment (through the provider)</option> : null}
            <option value="bank_transfer">Bank transfer</option>
            <option value="upi">UPI</option>
            <option value="cash">Cash</option>
          </select>
          <FieldError state={state} name="method" />
        </div>
        <div>
          <label htmlFor={`refund-reference-${orderId}`} className={labelClass}>
            Reference (UTR or UPI id)
          </label>
          <input id={`refund-reference-${orderId}`} name="reference" maxLength={100} className={inputClass} />
          <FieldError state={state} name="reference" />
        </div>
        <div>
          <label htmlFor={`refund-note-${orderId}`} className={labelClass}>
            Reason
          </label>
          <input id={`refund-note-${orderId}`} name="note" maxLength={500} placeholder="Damaged in transit" className={inputClass} />
          <FieldError state={state} name="note" />
        </div>
      </div>
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? "Refunding…" : "Refund"}
      </button>
      {state ? (
        <p role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

/** The Retry button of a refund still pending with the provider. */
export function RetryRefund({ orderId, refundId, action }: { orderId: number; refundId: number; action: Action }) {
  return (
    <ActionForm action={action}>
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="refund_id" value={refundId} />
      <button type="submit" className={secondaryButtonClass}>
        Retry
      </button>
    </ActionForm>
  );
}
