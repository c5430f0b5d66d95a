import type { Metadata } from "next";
import { formatDateTime } from "@/components/admin/format";
import { Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, secondaryButtonClass, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listSubscribers } from "@/lib/content";
import { subscribersQuerySchema } from "@/lib/content/inbox-schemas";
import { formatCount } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../_lib/params";

export const metadata: Metadata = { title: "Subscribers" };

/**
 * /admin/subscribers (inbox:read): the newsletter's subscribers, newest first, 50 a page, searched
 * by email; the search and page are the URL. "Export CSV" (inbox:export: owner and manager)
 * downloads the subscribers the search keeps from /admin/subscribers/export.
 */
export default async function SubscribersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored, raw } = lenientQuery(subscribersQuerySchema, await searchParams);
  const staff = await requireStaffPage(hrefWith("/admin/subscribers", raw, { page: query.page }), "inbox", "read");
  const result = await listSubscribers(query);
  return (
    <>
      <PageHeader
        title="Subscribers"
        intro={`${formatCount(result.total, "newsletter subscriber")}${query.q ? " match" : ""}, newest first.`}
        actions={
          can(staff, "inbox", "export") ? (
            // A file to download, not a page: a plain link, outside the router.
            <a href={hrefWith("/admin/subscribers/export", raw, {})} download className={secondaryButtonClass}>
              Export CSV
            </a>
          ) : null
        }
      />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/subscribers" label="Search subscribers" reset={query.q ? "/admin/subscribers" : undefined}>
        <FilterField label="Email" htmlFor="s-q" wide>
          <input id="s-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={inputClass} />
        </FilterField>
      </FilterForm>
      <Table caption="Newsletter subscribers" head={["Email", "Subscribed"]} empty={result.items.length ? null : <Empty>No subscriber matches this search.</Empty>}>
        {result.items.map((s) => (
          <tr key={s.id}>
            <td className="break-all">{s.email}</td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(s.created_at)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Subscriber pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/subscribers", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/subscribers", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
