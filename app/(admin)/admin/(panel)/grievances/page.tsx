import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { GrievanceTimerBadge } from "@/components/admin/grievances";
import { Badge, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, Select, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { listGrievances } from "@/lib/content";
import { GRIEVANCE_STATUS_LABELS, grievanceQuerySchema } from "@/lib/content/grievance-rules";
import { formatCount } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../_lib/params";

export const metadata: Metadata = { title: "Grievances" };

const TONE = { open: "amber", acknowledged: "blue", resolved: "green" } as const;

/**
 * /admin/grievances (inbox:read): the grievance desk. Complaints filed on /grievances, the oldest
 * waiting first, with their ticket, state and two timers (acknowledge within 48 hours, resolve
 * within 30 days; overdue in red). Status, overdue only, a search (name, email, order code,
 * ticket) and the page are the URL.
 */
export default async function GrievancesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored, raw } = lenientQuery(grievanceQuerySchema, await searchParams);
  await requireStaffPage(hrefWith("/admin/grievances", raw, { page: query.page }), "inbox", "read");
  const result = await listGrievances(query);
  const filtered = Boolean(query.status || query.overdue || query.q);
  return (
    <>
      <PageHeader title="Grievances" intro={`${formatCount(result.total, "grievance")}${filtered ? " match" : ""}: acknowledge within 48 hours, resolve within 30 days (Consumer Protection (E-Commerce) Rules 2020).`} />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/grievances" label="Filter grievances" reset={filtered ? "/admin/grievances" : undefined}>
        <FilterField label="Ticket, name, email or order" htmlFor="g-q" wide>
          <input id="g-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={inputClass} />
        </FilterField>
        <FilterField label="Status" htmlFor="g-status">
          <Select id="g-status" name="status" value={query.status} options={GRIEVANCE_STATUS_LABELS} />
        </FilterField>
        <FilterField label="Timers" htmlFor="g-overdue">
          <Select id="g-overdue" name="overdue" value={query.overdue} options={{ "1": "Overdue only" }} all="Any" />
        </FilterField>
      </FilterForm>
      <Table caption="Grievances" head={["Ticket", "From", "Status", "Acknowledge", "Resolve", "Filed"]} empty={result.items.length ? null : <Empty>No grievance matches these filters.</Empty>}>
        {result.items.map((g) => (
          <tr key={g.id} data-grievance={g.ticket} className={g.timers.acknowledge.overdue && g.status === "open" ? "bg-red-50" : g.timers.resolve.overdue && g.status !== "resolved" ? "bg-red-50" : undefined}>
            <td className="whitespace-nowrap">
              <Link href={`/admin/grievances/${g.id}`} className="font-mono font-medium text-slate-900 underline-offset-2 hover:underline">
                {g.ticket}
              </Link>
            </td>
            <td className="max-w-xs">
              {g.name}
              <span className="block text-xs break-all text-slate-600">{g.email}</span>
            </td>
            <td>
              <Badge tone={TONE[g.status]}>{GRIEVANCE_STATUS_LABELS[g.status]}</Badge>
            </td>
            <td>
              <GrievanceTimerBadge timer={g.timers.acknowledge} />
            </td>
            <td>
              <GrievanceTimerBadge timer={g.timers.resolve} />
            </td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(g.created_at)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Grievance pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/grievances", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/grievances", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
