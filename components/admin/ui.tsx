import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The back office's plain building blocks (server components): a page header, a table that
 * scrolls inside its own box on a phone, badges, a pager and notices. Dense and calm: slate
 * greys, one accent, system font.
 */

export function PageHeader({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="font-sans text-xl font-semibold text-slate-900">{title}</h1>
        {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="mb-6 rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
        <h2 className="font-sans text-sm font-semibold text-slate-800">{title}</h2>
        {actions}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}

/** A table in a box that scrolls sideways on a narrow screen, so the page itself never grows wider. */
export function Table({ caption, head, children, empty }: { caption: string; head: string[]; children: ReactNode; empty?: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_tr:hover]:bg-slate-50">{children}</tbody>
      </table>
      {empty}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="px-4 py-8 text-center text-sm text-slate-600">{children}</p>;
}

const TONES = {
  grey: "bg-slate-100 text-slate-700 ring-slate-300",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  amber: "bg-amber-50 text-amber-900 ring-amber-300",
  red: "bg-red-50 text-red-800 ring-red-300",
  blue: "bg-sky-50 text-sky-900 ring-sky-300",
} as const;
export type Tone = keyof typeof TONES;

export function Badge({ tone = "grey", children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}>{children}</span>;
}

export function Notice({ tone = "blue", children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div role="status" className={`mb-4 rounded-md px-3 py-2 text-sm ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </div>
  );
}

/** Previous / next links of a list (either may be absent), with a line saying where the list is. */
export function Pager({ label, previous, next, status }: { label: string; previous: string | null; next: string | null; status: ReactNode }) {
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50";
  const off = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-600";
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <p>{status}</p>
      <div className="flex gap-2">
        {previous ? (
          <Link href={previous} className={link} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span className={off} aria-disabled="true">
            ← Previous
          </span>
        )}
        {next ? (
          <Link href={next} className={link} rel="next">
            Next →
          </Link>
        ) : (
          <span className={off} aria-disabled="true">
            Next →
          </span>
        )}
      </div>
    </nav>
  );
}

/** A list of label / value pairs (a product's or an order's facts). */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="flex min-w-0 gap-2 border-b border-slate-100 pb-1.5">
          <dt className="w-36 shrink-0 text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const inputClass = "w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-slate-500";
export const labelClass = "mb-1 block text-xs font-medium text-slate-700";
export const buttonClass = "inline-flex items-center justify-center rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60";
export const secondaryButtonClass = "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60";
export const dangerButtonClass = "inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60";

/** A filter form that submits by GET, so its state is the URL (bookmarkable, survives a reload). */
export function FilterForm({ action, label, children, reset }: { action: string; label: string; children: ReactNode; reset?: string }) {
  return (
    <form action={action} method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      {children}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass}>
          Apply
        </button>
        {reset ? (
          <Link href={reset} className={secondaryButtonClass}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}

export function FilterField({ label, htmlFor, children, wide }: { label: string; htmlFor: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "w-full sm:w-64" : "w-[calc(50%-0.375rem)] sm:w-40"}>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

export function Select({ id, name, value, options, all = "All" }: { id: string; name: string; value: string | undefined; options: Record<string, string>; all?: string }) {
  return (
    <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
      <option value="">{all}</option>
      {Object.entries(options).map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}
