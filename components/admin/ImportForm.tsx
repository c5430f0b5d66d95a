"use client";

import { useRef, useState } from "react";
import { CSV_IMPORT_LIMITS, CSV_MESSAGES, type ImportAnalysis, type ImportOutcome, type ImportProgress, type ImportRowReport } from "@/lib/catalog/catalog-csv";
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from "./ui";

const ENDPOINT = "/api/v2/admin/products/import";
/** Rows of each kind the tables show (the counts above them say how many there are in all). */
const SHOWN = 200;

type Phase = { kind: "idle" } | { kind: "checking" } | { kind: "checked"; analysis: ImportAnalysis } | { kind: "applying"; analysis: ImportAnalysis; progress: ImportProgress | null } | { kind: "done"; outcome: ImportOutcome } | { kind: "failed"; message: string; errors?: string[] };

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v));

function ChangesCell({ row }: { row: ImportRowReport }) {
  const entries = Object.entries(row.changes);
  if (!entries.length) return <>—</>;
  return (
    <ul>
      {entries.map(([field, c]) => (
        <li key={field}>
          <span className="font-mono">{field}</span>: {row.outcome === "create" ? show(c.to) : `${show(c.from)} → ${show(c.to)}`}
        </li>
      ))}
    </ul>
  );
}

function ErrorTable({ rows }: { rows: ImportRowReport[] }) {
  const errors = rows.flatMap((r) => r.errors.map((e, i) => ({ key: `${r.row}-${i}`, sku: r.variantSku ?? r.sku, ...e })));
  if (!errors.length) return null;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="import-errors">
        <caption className="mb-1 text-left font-semibold text-red-800">Rows with errors (not imported)</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600">
            <th className="px-2 py-1">Row</th>
            <th className="px-2 py-1">SKU</th>
            <th className="px-2 py-1">Column</th>
            <th className="px-2 py-1">Message</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e) => (
            <tr key={e.key} className="border-b border-slate-100" data-row={e.row}>
              <td className="px-2 py-1 tabular-nums">{e.row}</td>
              <td className="px-2 py-1 font-mono text-xs">{e.sku || "—"}</td>
              <td className="px-2 py-1 font-mono text-xs">{e.column}</td>
              <td className="px-2 py-1">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangeTable({ rows, caption }: { rows: ImportRowReport[]; caption: string }) {
  const listed = rows.filter((r) => r.outcome === "create" || r.outcome === "update");
  if (!listed.length) return null;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="import-changes">
        <caption className="mb-1 text-left font-semibold text-slate-800">
          {caption}
          {listed.length > SHOWN ? ` (the first ${SHOWN} of ${listed.length})` : ""}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600">
            <th className="px-2 py-1">Row</th>
            <th className="px-2 py-1">SKU</th>
            <th className="px-2 py-1">What</th>
            <th className="px-2 py-1">Changes</th>
          </tr>
        </thead>
        <tbody>
          {listed.slice(0, SHOWN).map((r) => (
            <tr key={r.row} className="border-b border-slate-100 align-top">
              <td className="px-2 py-1 tabular-nums">{r.row}</td>
              <td className="px-2 py-1 font-mono text-xs">{r.variantSku ?? r.sku}</td>
              <td className="px-2 py-1">{r.outcome === "create" ? "New" : "Update"}</td>
              <td className="px-2 py-1 text-xs">
                <ChangesCell row={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The import page's form: the file is checked first (a dry run: every row's errors and what would
 * change, nothing written), then applied; the apply answer is a stream of progress lines, shown
 * as a progress bar, then the result. Both go to POST /api/v2/admin/products/import with the
 * back-office session, which asks can() and checks every row again.
 */
export function ImportForm({ systemKey }: { systemKey: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const file = useRef<HTMLInputElement>(null);

  const send = (mode: "dry_run" | "apply") => {
    const chosen = file.current?.files?.[0];
    if (!chosen) return null;
    return fetch(`${ENDPOINT}?mode=${mode}`, { method: "POST", body: chosen, headers: { "Content-Type": "text/csv", "System-Key": systemKey, "X-Requested-With": "XMLHttpRequest" }, credentials: "same-origin" });
  };
  const refused = async (res: Response) => {
    const body = (await res.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null;
    setPhase({ kind: "failed", message: body?.message ?? `The server answered ${res.status}.` });
  };

  const check = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) return setPhase({ kind: "failed", message: "Choose a CSV file first." });
    if (chosen.size > CSV_IMPORT_LIMITS.maxBytes) return setPhase({ kind: "failed", message: CSV_MESSAGES.tooLarge });
    setPhase({ kind: "checking" });
    try {
      const res = await send("dry_run");
      if (!res) return;
      if (!res.ok) return refused(res);
      const body = (await res.json()) as { data: ImportAnalysis };
      setPhase({ kind: "checked", analysis: body.data });
    } catch {
      setPhase({ kind: "failed", message: "The check could not reach the store: try again." });
    }
  };

  const apply = async (analysis: ImportAnalysis) => {
    setPhase({ kind: "applying", analysis, progress: null });
    try {
      const res = await send("apply");
      if (!res) return;
      if (!res.ok || !res.body) return refused(res);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (!line.trim()) continue;
          const msg = JSON.parse(line) as { progress?: ImportProgress; result?: ImportOutcome; error?: string };
          if (msg.progress) setPhase({ kind: "applying", analysis, progress: msg.progress });
          if (msg.result) setPhase({ kind: "done", outcome: msg.result });
          if (msg.error) setPhase({ kind: "failed", message: msg.error });
        }
      }
    } catch {
      setPhase({ kind: "failed", message: "The import's answer was cut off: reload the product list to see what was written, and run the check again." });
    }
  };

  const busy = phase.kind === "checking" || phase.kind === "applying";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="import-file" className={labelClass}>
            CSV file (UTF-8, at most {CSV_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and {CSV_IMPORT_LIMITS.maxRows.toLocaleString("en-IN")} rows)
          </label>
          <input id="import-file" ref={file} type="file" accept=".csv,text/csv" className={inputClass} onChange={() => setPhase({ kind: "idle" })} disabled={busy} />
        </div>
        <button type="button" className={secondaryButtonClass} onClick={check} disabled={busy}>
          {phase.kind === "checking" ? "Checking…" : "Check the file"}
        </button>
      </div>

      {phase.kind === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          {phase.message}
        </p>
      ) : null}

      {phase.kind === "checked" || phase.kind === "applying" ? (
        <section aria-label="Dry run" className="space-y-3">
          <p role="status" className="text-sm text-slate-800">
            Dry run of {phase.analysis.counts.rows} rows: {phase.analysis.counts.create} new, {phase.analysis.counts.update} to update, {phase.analysis.counts.unchanged} unchanged, {phase.analysis.counts.error} with errors. Nothing is written yet.
          </p>
          <ErrorTable rows={phase.analysis.rows} />
          <ChangeTable rows={phase.analysis.rows} caption="What would change" />
          {phase.kind === "checked" ? (
            <button type="button" className={buttonClass} onClick={() => apply(phase.analysis)} disabled={phase.analysis.counts.create + phase.analysis.counts.update === 0}>
              Import {phase.analysis.counts.create + phase.analysis.counts.update} rows
            </button>
          ) : (
            <div>
              <label htmlFor="import-progress" className={labelClass}>
                Importing: {phase.progress ? `${phase.progress.done} of ${phase.progress.total} rows` : "starting…"}
              </label>
              <progress id="import-progress" className="w-full" max={phase.progress?.total ?? 1} value={phase.progress?.done ?? 0} />
            </div>
          )}
        </section>
      ) : null}

      {phase.kind === "done" ? (
        <section aria-label="Import result" className="space-y-3">
          <p role="status" className="text-sm text-emerald-800">
            Imported: {phase.outcome.created} created, {phase.outcome.updated} updated, {phase.outcome.unchanged} unchanged, {phase.outcome.failed} not imported.
          </p>
          <ErrorTable rows={phase.outcome.rows} />
        </section>
      ) : null}
    </div>
  );
}
