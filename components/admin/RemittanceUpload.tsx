"use client";

import { startTransition, useActionState, useState } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { COD_CSV_LIMITS, COD_MESSAGES } from "@/lib/orders/cod-remittance";
import { formatPaise } from "@/lib/platform/format";
import { FieldError } from "./ActionForm";
import { Badge, buttonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

type PreviewRow = { row: number; awb: string; amount: number; date: string; outcome: string; label: string; message: string };
type Preview = { rows: PreviewRow[]; missing: number; overdueDays: number; sameFileAs: number[] };
type Action = (previous: ActionResult<Preview> | null, form: FormData) => Promise<ActionResult<Preview>>;

const TONE: Record<string, "green" | "amber" | "red" | "grey"> = { matched: "green", short: "amber", over: "amber", unknown: "red", not_cod: "red", not_delivered: "red", already_remitted: "grey", duplicate: "grey" };

/**
 * The COD page's upload: the courier's name and its remittance CSV, checked first ("Check the
 * file": every row's outcome, nothing written) or reconciled ("Reconcile": recorded, then the
 * remittance opens). A file over the limit is refused here before it is sent; the server checks
 * it all again (remittance:create, the file, every row).
 */
export function RemittanceUpload({ action, couriers }: { action: Action; couriers: string[] }) {
  const [state, formAction, pending] = useActionState(action, null);
  const [tooLarge, setTooLarge] = useState(false);
  const rowErrors = state && !state.ok && state.errors ? Object.entries(state.errors).filter(([k]) => k.startsWith("row ")) : [];
  return (
    <form
      className="space-y-3 rounded-md border border-slate-200 p-4"
      aria-label="Upload a remittance"
      onSubmit={(event) => {
        // Sent by hand so the form keeps the file and courier after a check (React resets a form after its action).
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
        const file = input?.files?.[0];
        if (file && file.size > COD_CSV_LIMITS.maxBytes) {
          setTooLarge(true);
          return;
        }
        setTooLarge(false);
        const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
        startTransition(() => formAction(data));
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="cod-courier" className={labelClass}>
            Courier
          </label>
          <input id="cod-courier" name="courier" required minLength={2} maxLength={80} list="cod-couriers" className={inputClass} placeholder="Shiprocket" />
          <datalist id="cod-couriers">
            {couriers.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <FieldError state={state as ActionResult<never> | null} name="courier" />
        </div>
        <div>
          <label htmlFor="cod-file" className={labelClass}>
            Remittance CSV (AWB, amount, date)
          </label>
          <input id="cod-file" name="file" type="file" required accept=".csv,text/csv" className="block w-full text-sm" />
          {tooLarge ? <p className="mt-1 text-xs text-red-700">{COD_MESSAGES.tooLarge}</p> : null}
          <FieldError state={state as ActionResult<never> | null} name="file" />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="mode" value="dry_run" className={secondaryButtonClass} disabled={pending}>
          Check the file
        </button>
        <button type="submit" name="mode" value="apply" className={buttonClass} disabled={pending}>
          {pending ? "Working…" : "Reconcile"}
        </button>
      </div>
      {state ? (
        <p role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "text-emerald-800" : "text-red-700"}`}>
          {state.message}
        </p>
      ) : null}
      {rowErrors.length ? (
        <ul className="list-disc pl-5 text-sm text-red-700" data-testid="remittance-errors">
          {rowErrors.map(([row, messages]) => (
            <li key={row}>
              {row[0]?.toUpperCase()}
              {row.slice(1)}: {messages.join(" ")}
            </li>
          ))}
        </ul>
      ) : null}
      {state?.ok && state.data ? (
        <div className="space-y-2 text-sm">
          {state.data.sameFileAs.length ? <p className="text-amber-800">This file was uploaded before (remittance #{state.data.sameFileAs.join(", #")}).</p> : null}
          <p className="text-slate-700">
            {state.data.missing} delivered COD {state.data.missing === 1 ? "parcel is" : "parcels are"} older than {state.data.overdueDays} days with no remittance.
          </p>
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm" data-testid="remittance-preview">
              <caption className="mb-1 text-left font-semibold text-slate-800">What each row would do</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600">
                  <th className="px-2 py-1">Row</th>
                  <th className="px-2 py-1">AWB</th>
                  <th className="px-2 py-1">Amount</th>
                  <th className="px-2 py-1">Date</th>
                  <th className="px-2 py-1">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {state.data.rows.map((r) => (
                  <tr key={r.row} className="border-b border-slate-100">
                    <td className="px-2 py-1 tabular-nums">{r.row}</td>
                    <td className="px-2 py-1 font-mono text-xs">{r.awb}</td>
                    <td className="px-2 py-1 tabular-nums">{formatPaise(r.amount)}</td>
                    <td className="px-2 py-1 text-xs">{r.date}</td>
                    <td className="px-2 py-1">
                      <Badge tone={TONE[r.outcome] ?? "grey"}>{r.label}</Badge> <span className="text-xs text-slate-600">{r.message}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </form>
  );
}
