import Link from "next/link";
import type { ReactNode } from "react";
import type { NavItem } from "@/lib/accounts/admin-nav";
import { type NavCounts, NavLinks } from "./NavLinks";
import { type Hit, SearchBox } from "./SearchBox";
import { SignOutButton } from "./SignOutButton";

/**
 * The back office's frame: a top bar (the shop's name, the search box, who is signed in, sign out)
 * and a sidebar of the pages the role allows. Below 1024 px the sidebar folds into a "Menu"
 * disclosure under the top bar (a <details>: no script needed), and the search box stays visible.
 */
export function AdminShell({
  shopName,
  user,
  roles,
  items,
  counts,
  systemKey,
  search,
  children,
}: {
  shopName: string;
  user: { name: string; email: string };
  roles: string[];
  items: NavItem[];
  /** Numbers beside sidebar links, by href (NavLinks). */
  counts?: NavCounts;
  systemKey: string;
  search: (q: string) => Promise<Hit[]>;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 bg-slate-900 text-white">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 lg:px-4">
          <Link href="/admin" className="shrink-0 text-sm font-semibold tracking-wide text-white">
            {shopName} <span className="font-normal text-slate-300">· Back office</span>
          </Link>
          <div className="order-3 w-full lg:order-none lg:w-auto lg:flex-1">
            <SearchBox search={search} />
          </div>
          <div className="ml-auto flex items-center gap-2 text-sm">
            <span className="hidden text-slate-300 sm:inline" title={user.email}>
              {user.name} <span className="text-slate-400">({roles.join(", ")})</span>
            </span>
            <SignOutButton systemKey={systemKey} />
          </div>
        </div>
        <details className="border-t border-slate-800 lg:hidden">
          <summary className="cursor-pointer px-3 py-2 text-sm text-slate-200">Menu</summary>
          <nav aria-label="Back office" className="px-2 pb-3">
            <NavLinks items={items} counts={counts} />
          </nav>
        </details>
      </header>
      <div className="lg:flex">
        <nav aria-label="Back office" className="hidden w-56 shrink-0 bg-slate-900 px-2 py-4 lg:sticky lg:top-[3rem] lg:block lg:h-[calc(100vh-3rem)] lg:overflow-y-auto">
          <NavLinks items={items} counts={counts} />
          <p className="mt-6 px-3 text-xs text-slate-400">
            <Link href="/" className="underline underline-offset-2 hover:text-white">
              Open the shop
            </Link>
          </p>
        </nav>
        <main id="admin-main" className="min-w-0 flex-1 px-3 py-4 lg:px-6 lg:py-6">
          {children}
        </main>
      </div>
    </div>
  );
}
