"use client";

import Link from "next/link";
import { Fragment } from "react";
import { usePathname } from "next/navigation";
import { activeNav, NAV_GROUPS, type NavItem } from "@/lib/accounts/admin-nav";

/** A number beside a link and what it counts (read by screen readers); `alert` for what waits on a decision. */
export type NavCount = { count: number; label: string; tone?: "alert" };
/** By href: one count, or several (Orders: new orders and refund requests). */
export type NavCounts = Record<string, NavCount | readonly NavCount[]>;

const countsOf = (counts: NavCounts, href: string): readonly NavCount[] => {
  const value = counts[href];
  return (value === undefined ? [] : Array.isArray(value) ? value : [value as NavCount]).filter((c) => c.count > 0);
};

/** The sidebar's links (already filtered by can() on the server), the current page marked; `counts` puts numbers beside a link (the inbox's new items). */
export function NavLinks({ items, counts = {} }: { items: NavItem[]; counts?: NavCounts }) {
  const pathname = usePathname();
  const active = activeNav(pathname, items);
  const groups = (Object.keys(NAV_GROUPS) as (keyof typeof NAV_GROUPS)[]).map((g) => ({ g, list: items.filter((i) => i.group === g) })).filter((x) => x.list.length);
  return (
    <>
      {groups.map(({ g, list }) => (
        <div key={g} className="mb-4">
          <p className="px-3 pb-1 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">{NAV_GROUPS[g]}</p>
          <ul>
            {list.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={active === item.href ? "page" : undefined}
                  className="block rounded-md px-3 py-1.5 text-sm text-slate-200 hover:bg-slate-800 hover:text-white aria-[current=page]:bg-slate-700 aria-[current=page]:font-semibold aria-[current=page]:text-white"
                >
                  {item.label}
                  {countsOf(counts, item.href).map((c) => (
                    <Fragment key={c.label}>
                      {" "}
                      <span className={`ml-2 rounded-full px-1.5 text-xs font-semibold tabular-nums ${c.tone === "alert" ? "bg-rose-200 text-rose-950" : "bg-amber-200 text-slate-900"}`}>
                        {c.count}
                        <span className="sr-only"> {c.label}</span>
                      </span>
                    </Fragment>
                  ))}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
