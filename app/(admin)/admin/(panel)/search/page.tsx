import type { Metadata } from "next";
import Link from "next/link";
import { Empty, PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { adminSearch } from "../../_lib/search";

export const metadata: Metadata = { title: "Search" };

const KIND = { product: "Products", order: "Orders", customer: "Customers" } as const;

/** /admin/search?q=: the search box's full results (what the role may read), also without JavaScript. */
export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).q;
  const q = (typeof raw === "string" ? raw : "").trim().slice(0, 100);
  const staff = await requireStaffPage(`/admin/search?q=${encodeURIComponent(q)}`);
  const hits = await adminSearch(staff, q, 20);
  return (
    <>
      <PageHeader title={q ? `Search: ${q}` : "Search"} intro={q.length < 2 ? "Type at least 2 characters in the search box." : `${hits.length} found.`} />
      {q.length >= 2 && hits.length === 0 ? <Empty>Nothing matches “{q}”.</Empty> : null}
      {(Object.keys(KIND) as (keyof typeof KIND)[]).map((kind) => {
        const list = hits.filter((h) => h.kind === kind);
        if (!list.length) return null;
        return (
          <section key={kind} className="mb-5">
            <h2 className="mb-2 font-sans text-sm font-semibold text-slate-800">{KIND[kind]}</h2>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {list.map((h) => (
                <li key={h.href} className="px-3 py-2 text-sm">
                  <Link href={h.href} className="font-medium underline-offset-2 hover:underline">
                    {h.title}
                  </Link>
                  <span className="block text-xs text-slate-600">{h.detail}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
