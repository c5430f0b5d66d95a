"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { changeFilters, filtersToQuery, hasActiveFilters, type FilterChange, type FilterState } from "@/lib/filters";
import {
  ADVANCED_OPTIONS,
  AVAILABILITY_OPTIONS,
  PRICE_RANGES,
  SORT_OPTIONS,
  type AdvancedFilter,
  type AttributeFilterName,
  type AvailabilityFilter,
  type PriceRange,
  type SortOption,
} from "@/lib/validation/catalog";

export type AttributeOptions = { name: AttributeFilterName; values: string[] }[];

const selectClass = "w-full rounded-lg border border-ink/15 bg-white px-3 py-2 text-sm";

/**
 * Filters live in the URL: each change navigates to the filtered URL (page 1), so lists are
 * shareable and the back button works. Without JavaScript the form submits the same query.
 */
export function FilterBar({ state, attributes, extra = {} }: { state: FilterState; attributes: AttributeOptions; extra?: Record<string, string | undefined> }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();

  const apply = (change: FilterChange) => {
    const next = changeFilters(state, change);
    startTransition(() => router.push(`${pathname}${filtersToQuery(next, extra)}`, { scroll: false }));
  };

  return (
    <form method="get" action={pathname} aria-label="Filter products" aria-busy={pending} className="grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-7 lg:items-end">
      {Object.entries(extra).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      {attributes.map((a) => (
        <div key={a.name} className="text-sm font-medium">
          <label htmlFor={`filter-${a.name.toLowerCase()}`}>{a.name}</label>
          <select
            id={`filter-${a.name.toLowerCase()}`}
            name={a.name.toLowerCase()}
            value={state.attributes[a.name][0] ?? ""}
            onChange={(e) => apply({ kind: "attribute", name: a.name, values: e.target.value ? [e.target.value] : [] })}
            className={`mt-1 ${selectClass}`}
          >
            <option value="">All</option>
            {a.values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="text-sm font-medium">
        <label htmlFor="filter-price">Price</label>
        <select
          id="filter-price" name="price" value={state.price ?? ""} onChange={(e) => apply({ kind: "price", value: (e.target.value || undefined) as PriceRange | undefined })} className={`mt-1 ${selectClass}`}>
          <option value="">Any price</option>
          {Object.entries(PRICE_RANGES).map(([value, r]) => (
            <option key={value} value={value}>
              {r.label}
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm font-medium">
        <label htmlFor="filter-availability">Availability</label>
        <select
          id="filter-availability"
          name="availability"
          value={state.availability ?? ""}
          onChange={(e) => apply({ kind: "availability", value: (e.target.value || undefined) as AvailabilityFilter | undefined })}
          className={`mt-1 ${selectClass}`}
        >
          <option value="">All</option>
          {Object.entries(AVAILABILITY_OPTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm font-medium">
        <label htmlFor="filter-advanced_filters">Advanced</label>
        <select
          id="filter-advanced_filters"
          name="advanced_filters"
          value={state.advanced ?? ""}
          onChange={(e) => apply({ kind: "advanced", value: (e.target.value || undefined) as AdvancedFilter | undefined })}
          className={`mt-1 ${selectClass}`}
        >
          <option value="">None</option>
          {Object.entries(ADVANCED_OPTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm font-medium">
        <label htmlFor="filter-sort">Sort by</label>
        <select
          id="filter-sort" name="sort" value={state.sort ?? "newest"} onChange={(e) => apply({ kind: "sort", value: e.target.value as SortOption })} className={`mt-1 ${selectClass}`}>
          {Object.entries(SORT_OPTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-7">
        <noscript>
          <button type="submit" className="btn-primary py-2">
            Apply Filters
          </button>
        </noscript>
        <button
          type="button"
          onClick={() => apply({ kind: "reset" })}
          disabled={!hasActiveFilters(state) && !state.sort}
          className="rounded-full border border-ink/20 px-5 py-2 text-sm font-semibold hover:bg-sand disabled:opacity-50"
        >
          Reset Filters
        </button>
      </div>
    </form>
  );
}
