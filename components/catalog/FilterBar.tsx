"use client";

import { usePathname, useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { activeFilterCount, changeFilters, filtersToQuery, type FilterChange, type FilterState } from "@/lib/catalog/filters";
import {
  ADVANCED_OPTIONS,
  AVAILABILITY_OPTIONS,
  PRICE_RANGES,
  SORT_OPTIONS,
  type AdvancedFilter,
  type AvailabilityFilter,
  type PriceRange,
  type SortOption,
} from "@/lib/catalog/options";
import { facetLabel } from "@/lib/catalog/search-notes";

/** The attribute groups of the bar: name, address key (`colour`), values in their order. */
export type AttributeOptions = { name: string; key: string; values: string[] }[];

/**
 * A search by words: how many results each value would give with the other filters in force
 * (attributes by name, then value).
 */
export type FacetCounts = {
  availability: Record<string, number>;
  price: Record<string, number>;
  attributes: Record<string, Record<string, number>>;
};

type Option = { value: string; label: string; disabled?: boolean };

const entries = (o: Record<string, string>): Option[] => Object.entries(o).map(([value, label]) => ({ value, label }));
const PRICE_OPTIONS = Object.entries(PRICE_RANGES).map(([value, r]) => ({ value, label: r.label }));

/**
 * Options with their counts ("Velvet (12)"); a value that would give nothing is shown but cannot
 * be picked, unless it is the one picked now (so it can be seen, and changed).
 */
function counted(options: Option[], counts: Record<string, number> | undefined, selected: string): Option[] {
  if (!counts) return options;
  return options.map((o) => {
    const count = counts[o.value] ?? 0;
    return { ...o, label: facetLabel(o.label, count), disabled: count === 0 && o.value !== selected };
  });
}

/** One labelled select of the filter bar; `name` is its query parameter for the no-JavaScript form. */
function FilterSelect({
  name,
  label,
  value,
  empty,
  options,
  onChange,
  className = "",
}: {
  name: string;
  label: string;
  value: string;
  empty?: string;
  options: Option[];
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className={`text-sm font-medium ${className}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} className="mt-1 w-full rounded-lg border border-ink/15 bg-white px-3 py-2 text-sm">
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Filters live in the URL: each change navigates to the filtered URL (page 1), so lists are
 * shareable and the back button works. Without JavaScript the form submits the same query.
 * Under 768 px the filters fold behind a "Filters" button next to Sort by, so a phone shows
 * products on its first screen rather than seven selects (which were also the costliest part of
 * the page's first layout). Without JavaScript the noscript style shows them all.
 */
export function FilterBar({
  state,
  attributes,
  extra = {},
  counts,
  byRelevance = false,
}: {
  state: FilterState;
  attributes: AttributeOptions;
  extra?: Record<string, string | undefined>;
  /** Each value's count beside it, values that would give nothing disabled. */
  counts?: FacetCounts;
  /** A search by words, whose own order (no sort chosen) is by relevance. */
  byRelevance?: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(state);

  const apply = (change: FilterChange) => {
    const next = changeFilters(state, change);
    startTransition(() => router.push(`${pathname}${filtersToQuery(next, extra)}`, { scroll: false }));
  };
  const orNone = <T extends string>(v: string) => (v || undefined) as T | undefined;

  return (
    <form method="get" action={pathname} aria-label="Filter products" aria-busy={pending} className="grid grid-cols-2 items-end gap-3 rounded-xl bg-white p-4 shadow-sm lg:grid-cols-7">
      <noscript>
        <style>{".filter-toggle{display:none!important}.filter-fields{display:contents!important}"}</style>
      </noscript>
      {Object.entries(extra).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="filter-toggle inline-flex items-center justify-center gap-2 rounded-lg border border-ink/15 px-3 py-2 text-sm font-semibold md:hidden"
      >
        <span>Filters</span>
        {active ? <span className="rounded-full bg-saffron px-2 text-xs text-white">{active}</span> : null}
      </button>
      <FilterSelect
        name="sort"
        label="Sort by"
        value={state.sort ?? ""}
        empty={byRelevance ? "Relevance" : "Recommended"}
        options={entries(SORT_OPTIONS)}
        onChange={(v) => apply({ kind: "sort", value: orNone<SortOption>(v) })}
        className="md:order-1"
      />
      <div id={panelId} className={`filter-fields ${open ? "contents" : "hidden"} md:contents`}>
        {attributes.map((a) => {
          const value = state.attributes[a.name]?.[0] ?? "";
          return (
            <FilterSelect
              key={a.key}
              name={a.key}
              label={a.name}
              value={value}
              empty="All"
              options={counted(
                a.values.map((v) => ({ value: v, label: v })),
                counts ? (counts.attributes[a.name] ?? {}) : undefined,
                value,
              )}
              onChange={(v) => apply({ kind: "attribute", name: a.name, values: v ? [v] : [] })}
            />
          );
        })}
        <FilterSelect
          name="price"
          label="Price"
          value={state.price ?? ""}
          empty="Any price"
          options={counted(PRICE_OPTIONS, counts?.price, state.price ?? "")}
          onChange={(v) => apply({ kind: "price", value: orNone<PriceRange>(v) })}
        />
        <FilterSelect
          name="availability"
          label="Availability"
          value={state.availability ?? ""}
          empty="All"
          options={counted(entries(AVAILABILITY_OPTIONS), counts?.availability, state.availability ?? "")}
          onChange={(v) => apply({ kind: "availability", value: orNone<AvailabilityFilter>(v) })}
        />
        <FilterSelect
          name="advanced_filters"
          label="Advanced"
          value={state.advanced ?? ""}
          empty="None"
          options={entries(ADVANCED_OPTIONS)}
          onChange={(v) => apply({ kind: "advanced", value: orNone<AdvancedFilter>(v) })}
        />
      </div>
      <div className="col-span-2 flex gap-2 md:order-2 lg:col-span-7">
        <noscript>
          <button type="submit" className="btn-primary py-2">
            Apply Filters
          </button>
        </noscript>
        <button
          type="button"
          onClick={() => apply({ kind: "reset" })}
          disabled={!active && !state.sort}
          className="rounded-full border border-ink/20 px-5 py-2 text-sm font-semibold hover:bg-sand disabled:opacity-50"
        >
          Reset Filters
        </button>
      </div>
    </form>
  );
}
