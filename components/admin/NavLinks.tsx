"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { activeNav, NAV_GROUPS, type NavItem } from "@/lib/accounts/admin-nav";

/** The sidebar's links (already filtered by can() on the server), the current page marked; `counts` puts a number beside a link (the inbox's new items). */
export function NavLinks({ items, counts = {} }: { items: NavItem[]; counts?: Record<string, { count: number; label: string }> }) {
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
                  {counts[item.href]?.count ? " " : null}
                  {counts[item.href]?.count ? (
                    <span className="ml-2 rounded-full bg-amber-200 px-1.5 text-xs font-semibold text-slate-900 tabular-nums">
                      {counts[item.href]?.count}
                      <span className="sr-only"> {counts[item.href]?.label}</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
