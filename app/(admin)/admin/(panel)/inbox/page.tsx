import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { excerpt, INBOX_STATUS_TONE, senderName } from "@/components/admin/inbox";
import { Badge, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, Select, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { listInbox, listInboxAssignees } from "@/lib/content";
import { INBOX_KIND_LABELS, INBOX_STATUS_LABELS, inboxQuerySchema } from "@/lib/content/inbox-schemas";
import { formatCount } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../_lib/params";

export const metadata: Metadata = { title: "Inbox" };

/**
 * /admin/inbox (inbox:read): enquiries and contact messages, newest first, 25 a page; filters
 * (kind, status, assignee: mine, unassigned or a person; a search by name, email or phone) and the
 * page are the URL. Each item opens at /admin/inbox/{id}. What shoppers typed is shown as text.
 */
export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored, raw } = lenientQuery(inboxQuerySchema, await searchParams);
  const staff = await requireStaffPage(hrefWith("/admin/inbox", raw, { page: query.page }), "inbox", "read");
  const [result, assignees] = await Promise.all([listInbox(staff.actor, query), listInboxAssignees()]);
  const people: Record<string, string> = { me: "Mine", none: "Unassigned", ...Object.fromEntries(assignees.map((a) => [String(a.id), a.id === staff.user.id ? `${a.name} (you)` : a.name])) };
  const filtered = Boolean(query.kind || query.status || query.assignee !== undefined || query.q);
  return (
    <>
      <PageHeader title="Inbox" intro={`${formatCount(result.total, "item")}${filtered ? " match" : ""}: enquiries and contact messages, newest first.`} />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/inbox" label="Filter the inbox" reset={filtered ? "/admin/inbox" : undefined}>
        <FilterField label="Name, email or phone" htmlFor="i-q" wide>
          <input id="i-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={inputClass} />
        </FilterField>
        <FilterField label="Kind" htmlFor="i-kind">
          <Select id="i-kind" name="kind" value={query.kind} options={INBOX_KIND_LABELS} />
        </FilterField>
        <FilterField label="Status" htmlFor="i-status">
          <Select id="i-status" name="status" value={query.status} options={INBOX_STATUS_LABELS} />
        </FilterField>
        <FilterField label="Assigned to" htmlFor="i-assignee">
          <Select id="i-assignee" name="assignee" value={query.assignee === undefined ? undefined : String(query.assignee)} options={people} all="Anyone" />
        </FilterField>
      </FilterForm>
      <Table caption="Inbox" head={["From", "Kind", "About", "Status", "Assigned to", "Received"]} empty={result.items.length ? null : <Empty>Nothing in the inbox matches these filters.</Empty>}>
        {result.items.map((item) => (
          <tr key={item.id} data-inbox-item={item.id}>
            <td className="max-w-[14rem]">
              <Link href={`/admin/inbox/${item.id}`} className="font-medium break-words text-slate-900 underline-offset-2 hover:underline">
                {senderName(item)}
              </Link>
              <span className="block text-xs break-all text-slate-600">{item.email}</span>
            </td>
            <td className="text-xs whitespace-nowrap">{INBOX_KIND_LABELS[item.kind]}</td>
            <td className="max-w-sm text-sm break-words">
              {item.subject ? <span className="block font-medium">{excerpt(item.subject, 80)}</span> : null}
              <span className="text-slate-700">{excerpt(item.message)}</span>
              {item.notes_count || item.replies_count ? (
                <span className="block text-xs text-slate-600">
                  {[item.replies_count ? formatCount(item.replies_count, "reply", "replies") : "", item.notes_count ? formatCount(item.notes_count, "note") : ""].filter(Boolean).join(" · ")}
                </span>
              ) : null}
            </td>
            <td>
              <Badge tone={INBOX_STATUS_TONE[item.status]}>{INBOX_STATUS_LABELS[item.status]}</Badge>
            </td>
            <td className="text-sm">{item.assignee ? (item.assignee.id === staff.user.id ? "You" : item.assignee.name) : <span className="text-slate-600">Nobody</span>}</td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(item.created_at)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Inbox pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/inbox", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/inbox", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
