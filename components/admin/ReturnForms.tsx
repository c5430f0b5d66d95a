"use client";

import { type ReactNode, useActionState, useState } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { FieldError } from "./ActionForm";
import { buttonClass, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** One step's form: the return and the step it is, sent to the shared action. */
function Step({ run, returnId, name, children }: { run: (form: FormData) => void; returnId: number; name: string; children: ReactNode }) {
  return (
    <form action={run} className="grid max-w-xl gap-2">
      <input type="hidden" name="id" value={returnId} />
      <input type="hidden" name="step" value={name} />
      {children}
    </form>
  );
}

/**
 * The next step of one return on its order's page: only the steps its state allows and the staff
 * member's role may take (the server checks both again). Approve or decline (with the reason the
 * customer reads); a pickup through the shipping provider or the customer sends it (AWB when
 * known); received, restocked or written off; refunded through the refund service. One answer for
 * all its forms, shown under them, so the message of a step stays when the next step's form
 * replaces it.
 */
export function ReturnStep({
  returnId,
  moves,
  throughProvider,
  actions,
}: {
  returnId: number;
  moves: ("approve" | "decline" | "dispatch" | "receive" | "refund")[];
  throughProvider: boolean;
  actions: {
    decide: Action;
    dispatch: Action;
    receive: Action;
    refund: Action;
  };
}) {
  const [method, setMethod] = useState<"pickup" | "customer">("pickup");
  const [refundMethod, setRefundMethod] = useState(throughProvider ? "original" : "bank_transfer");
  const id = `return-${returnId}`;
  const [state, run, pending] = useActionState(async (previous: ActionResult | null, form: FormData) => {
    const step = form.get("step");
    const action = step === "decide" ? actions.decide : step === "dispatch" ? actions.dispatch : step === "receive" ? actions.receive : actions.refund;
    return action(previous, form);
  }, null);
  return (
    <div className="grid gap-3" data-testid={`return-step-${returnId}`}>
      {moves.includes("approve") || moves.includes("decline") ? (
        <Step run={run} returnId={returnId} name="decide">
          <div>
            <label htmlFor={`${id}-reason`} className={labelClass}>
              Reason (needed to decline; the customer reads it)
            </label>
            <input id={`${id}-reason`} name="reason" maxLength={500} className={inputClass} />
            <FieldError state={state} name="reason" />
          </div>
          <div className="flex gap-2">
            <button type="submit" name="decision" value="approve" className={buttonClass} disabled={pending}>
              Approve return
            </button>
            <button type="submit" name="decision" value="decline" className={dangerButtonClass} disabled={pending}>
              Decline return
            </button>
          </div>
        </Step>
      ) : null}
      {moves.includes("dispatch") ? (
        <Step run={run} returnId={returnId} name="dispatch">
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className={labelClass}>How it comes back</legend>
            <label className="flex items-center gap-1.5">
              <input type="radio" name="method" value="pickup" checked={method === "pickup"} onChange={() => setMethod("pickup")} /> Book a pickup with the courier
            </label>
            <label className="flex items-center gap-1.5">
              <input type="radio" name="method" value="customer" checked={method === "customer"} onChange={() => setMethod("customer")} /> The customer sends it
            </label>
          </fieldset>
          {method === "customer" ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <div>
                <label htmlFor={`${id}-carrier`} className={labelClass}>
                  Carrier (if known)
                </label>
                <input id={`${id}-carrier`} name="carrier" maxLength={80} className={inputClass} />
                <FieldError state={state} name="carrier" />
              </div>
              <div>
                <label htmlFor={`${id}-awb`} className={labelClass}>
                  AWB (if known)
                </label>
                <input id={`${id}-awb`} name="awb" maxLength={40} className={inputClass} />
                <FieldError state={state} name="awb" />
              </div>
            </div>
          ) : null}
          <div>
            <button type="submit" className={secondaryButtonClass} disabled={pending}>
              {method === "pickup" ? "Book pickup" : "Customer sends it"}
            </button>
          </div>
        </Step>
      ) : null}
      {moves.includes("receive") ? (
        <Step run={run} returnId={returnId} name="receive">
          <div>
            <label htmlFor={`${id}-note`} className={labelClass}>
              Note on its condition
            </label>
            <input id={`${id}-note`} name="note" maxLength={500} className={inputClass} />
            <FieldError state={state} name="note" />
          </div>
          <div className="flex gap-2">
            <button type="submit" name="outcome" value="restock" className={secondaryButtonClass} disabled={pending}>
              Received: restock
            </button>
            <button type="submit" name="outcome" value="write_off" className={dangerButtonClass} disabled={pending}>
              Received: write off as damaged
            </button>
          </div>
        </Step>
      ) : null}
      {moves.includes("refund") ? (
        <Step run={run} returnId={returnId} name="refund">
          <div className="grid gap-2 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-method`} className={labelClass}>
                Refund by
              </label>
              <select id={`${id}-method`} name="method" value={refundMethod} onChange={(e) => setRefundMethod(e.target.value)} className={inputClass}>
                {throughProvider ? <option value="original">The payment provider (original method)</option> : null}
                <option value="bank_transfer">Bank transfer</option>
                <option value="upi">UPI</option>
                <option value="cash">Cash</option>
              </select>
            </div>
            {refundMethod === "bank_transfer" || refundMethod === "upi" ? (
              <div>
                <label htmlFor={`${id}-reference`} className={labelClass}>
                  Reference (UTR or UPI id)
                </label>
                <input id={`${id}-reference`} name="reference" maxLength={100} className={inputClass} />
                <FieldError state={state} name="reference" />
              </div>
            ) : null}
          </div>
          <div>
            <button type="submit" className={buttonClass} disabled={pending}>
              Refund return
            </button>
          </div>
        </Step>
      ) : null}
      {!moves.length && !state ? <span>—</span> : null}
      {state ? (
        <p role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
