"use client";

import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { type OptionDraft, parseOptions, type VariantRow, variantGrid, variantSetInput } from "@/lib/catalog/product-editor";
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from "../ui";

type Save = (slug: string, input: unknown) => Promise<ActionResult>;
type Adjust = (sku: string, input: unknown) => Promise<ActionResult<{ stock: number }>>;

/**
 * A product's options (Size, Colour, …) and the grid of variants they make: SKU, price,
 * compare-at, stock for a new variant, made to order, photo. Saved as one set through
 * saveProductVariants; an existing variant's stock changes only by an adjustment with a reason.
 */
export function VariantEditor({
  slug,
  baseSku,
  defaultPrice,
  options: savedOptions,
  rows: savedRows,
  stock,
  photos,
  canStock,
  save,
  adjust,
}: {
  slug: string;
  baseSku: string;
  defaultPrice: string;
  options: OptionDraft[];
  rows: VariantRow[];
  /** An existing variant's stock, by SKU. */
  stock: Record<string, number>;
  photos: { path: string; alt: string }[];
  canStock: boolean;
  save: Save;
  adjust: Adjust;
}) {
  const [drafts, setDrafts] = useState<OptionDraft[]>(savedOptions.length ? savedOptions : [{ name: "", values: "" }]);
  const [rows, setRows] = useState<VariantRow[]>(savedRows);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, start] = useTransition();
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  const options = parseOptions(drafts);

  const generate = () => setRows((current) => variantGrid(options, current, { baseSku, price: defaultPrice, compareAt: "" }));
  const setRow = (i: number, patch: Partial<VariantRow>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const rowError = (i: number, field: string) => errors[`variants.${i}.${field}`]?.join(" ");

  return (
    <div>
      <fieldset className="mb-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">Options</legend>
        <ul className="space-y-2">
          {drafts.map((d, i) => (
            <li key={i} className="grid grid-cols-1 gap-2 sm:grid-cols-[12rem_1fr_auto]">
              <div>
                <label htmlFor={`opt-name-${i}`} className={labelClass}>
                  Option {i + 1} name
                </label>
                <input id={`opt-name-${i}`} value={d.name} placeholder="Size" onChange={(e) => setDrafts((all) => all.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} className={inputClass} />
              </div>
              <div>
                <label htmlFor={`opt-values-${i}`} className={labelClass}>
                  Values, separated by commas
                </label>
                <input id={`opt-values-${i}`} value={d.values} placeholder="5 ft, 7 ft, 9 ft" onChange={(e) => setDrafts((all) => all.map((x, j) => (j === i ? { ...x, values: e.target.value } : x)))} className={inputClass} />
                {errors[`options.${i}.name`] || errors[`options.${i}.values`] ? <p className="mt-1 text-xs text-red-700">{[errors[`options.${i}.name`], errors[`options.${i}.values`]].flat().filter(Boolean).join(" ")}</p> : null}
              </div>
              <div className="flex items-end">
                <button type="button" className={secondaryButtonClass} aria-label={`Remove option ${i + 1}`} onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-2 flex flex-wrap gap-2">
          {drafts.length < 3 ? (
            <button type="button" className={secondaryButtonClass} onClick={() => setDrafts((all) => [...all, { name: "", values: "" }])}>
              Add an option
            </button>
          ) : null}
          <button type="button" className={secondaryButtonClass} onClick={generate}>
            Make the variants
          </button>
        </div>
      </fieldset>

      {rows.length ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200" role="region" aria-label="Variants" tabIndex={0}>
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">Variants</caption>
            <thead className="bg-slate-100 text-xs text-slate-600 uppercase">
              <tr>
                {["Variant", "SKU", "Price (₹)", "Compare-at (₹)", "Stock", "Made to order", "Photo"].map((h) => (
                  <th key={h} scope="col" className="px-2 py-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 [&_td]:px-2 [&_td]:py-1.5 [&_td]:align-top">
              {rows.map((r, i) => (
                <tr key={r.label}>
                  <th scope="row" className="px-2 py-1.5 font-medium">
                    {r.label}
                  </th>
                  <td>
                    <input aria-label={`SKU of ${r.label}`} value={r.sku} onChange={(e) => setRow(i, { sku: e.target.value })} className={`${inputClass} font-mono`} aria-invalid={rowError(i, "sku") ? "true" : undefined} />
                    {rowError(i, "sku") ? <p className="text-xs text-red-700">{rowError(i, "sku")}</p> : null}
                  </td>
                  <td>
                    <input aria-label={`Price of ${r.label}`} value={r.price} inputMode="decimal" onChange={(e) => setRow(i, { price: e.target.value })} className={inputClass} aria-invalid={rowError(i, "price") ? "true" : undefined} />
                    {rowError(i, "price") ? <p className="text-xs text-red-700">{rowError(i, "price")}</p> : null}
                  </td>
                  <td>
                    <input aria-label={`Compare-at price of ${r.label}`} value={r.compareAt} inputMode="decimal" onChange={(e) => setRow(i, { compareAt: e.target.value })} className={inputClass} />
                    {rowError(i, "compare_at_price") ? <p className="text-xs text-red-700">{rowError(i, "compare_at_price")}</p> : null}
                  </td>
                  <td>{r.existing ? <StockCell sku={r.sku} label={r.label} stock={stock[r.sku] ?? 0} canStock={canStock} adjust={adjust} /> : <input aria-label={`Stock of ${r.label}`} value={r.initialStock} inputMode="numeric" onChange={(e) => setRow(i, { initialStock: e.target.value })} className={inputClass} disabled={!canStock} />}</td>
                  <td className="text-center">
                    <input type="checkbox" aria-label={`${r.label} is made to order`} checked={r.madeToOrder} onChange={(e) => setRow(i, { madeToOrder: e.target.checked })} />
                  </td>
                  <td>
                    <select aria-label={`Photo of ${r.label}`} value={r.photo} onChange={(e) => setRow(i, { photo: e.target.value })} className={inputClass}>
                      <option value="">The product&apos;s</option>
                      {photos.map((p, j) => (
                        <option key={p.path} value={p.path}>
                          Photo {j + 1}: {p.alt}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-600">No variants: the product is sold as one item. Name an option and its values, then make the variants.</p>
      )}

      {result ? (
        <div role={result.ok ? "status" : "alert"} className={`mt-3 text-sm ${result.ok ? "text-emerald-800" : "text-red-700"}`}>
          <p>{result.message}</p>
          {!result.ok && result.errors ? (
            <ul className="list-disc pl-5 text-xs">
              {Object.entries(result.errors).map(([k, m]) => (
                <li key={k}>
                  {k}: {m.join(" ")}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="mt-3">
        <button
          type="button"
          className={buttonClass}
          disabled={pending}
          onClick={() =>
            start(async () => {
              const answer = await save(slug, variantSetInput(options, rows));
              setResult(answer);
              if (answer.ok) setRows((all) => all.map((r) => ({ ...r, existing: true })));
            })
          }
        >
          {pending ? "Saving…" : "Save variants"}
        </button>
      </div>
    </div>
  );
}

/** An existing variant's stock, changed by an adjustment with its reason (the stock ledger). */
function StockCell({ sku, label, stock, canStock, adjust }: { sku: string; label: string; stock: number; canStock: boolean; adjust: Adjust }) {
  const [open, setOpen] = useState(false);
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<ActionResult<{ stock: number }> | null>(null);
  const [pending, start] = useTransition();
  const shown = result?.ok && result.data ? result.data.stock : stock;
  return (
    <div className="min-w-36">
      <span className="tabular-nums" aria-label={`Stock of ${label}`}>
        {shown}
      </span>
      {canStock ? (
        <button type="button" className="ml-2 text-xs underline underline-offset-2" aria-expanded={open} onClick={() => setOpen(!open)}>
          Adjust
        </button>
      ) : null}
      {open ? (
        <div className="mt-1 space-y-1">
          <input aria-label={`Units in (+) or out (−) of ${label}`} value={delta} inputMode="numeric" onChange={(e) => setDelta(e.target.value)} placeholder="+5 or -2" className={inputClass} />
          <input aria-label={`Reason for adjusting ${label}`} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Reason" className={inputClass} />
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={pending}
            onClick={() =>
              start(async () => {
                const answer = await adjust(sku, { delta: delta.trim() === "" ? undefined : Number(delta.trim()), reason });
                setResult(answer);
                if (answer.ok) {
                  setDelta("");
                  setReason("");
                }
              })
            }
          >
            Adjust stock
          </button>
          {result ? (
            <p role={result.ok ? "status" : "alert"} className={`text-xs ${result.ok ? "text-emerald-800" : "text-red-700"}`}>
              {result.message}
              {!result.ok && result.errors ? ` ${Object.values(result.errors).flat().join(" ")}` : ""}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
