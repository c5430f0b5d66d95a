import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, Select, secondaryButtonClass, Table } from "@/components/admin/ui";
import { listAudit, listStaff, requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { auditQuerySchema } from "@/lib/accounts/staff-schemas";
import { hrefWith, lenientQuery } from "../../_lib/params";

export const metadata: Metadata = { title: "Audit log" };

const ENTITIES = { product: "Product", variant: "Variant", stock: "Stock", order: "Order", refund: "Refund", payment: "Payment", cod_remittance: "COD remittance", staff: "Staff", token: "API token", settings: "Settings" };

/** A change's before/after as short text: "field: old → new" per field. */
function changes(before: unknown, after: unknown): string {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const show = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  return keys.map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`).join("; ");
}

/**
 * /admin/audit (audit:read): every change staff made, newest first, filtered by person, entity,
 * action and dates in the URL; the same filters export as CSV (audit:export). Rows are never
 * edited or deleted by the app.
 */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored, raw } = lenientQuery(auditQuerySchema, await searchParams);
  const staff = await requireStaffPage(hrefWith("/admin/audit", raw, { page: query.page }), "audit", "read");
  const [result, members] = await Promise.all([listAudit(query), listStaff()]);
  const people = Object.fromEntries(members.map((m) => [String(m.id), `${m.name} (${m.email})`]));
  const exportHref = hrefWith("/admin/audit/export", raw, {});
  return (
    <>
      <PageHeader
        title="Audit log"
        intro={`${result.total} change${result.total === 1 ? "" : "s"}. Kept at least a year; never edited.`}
        actions={
          can(staff, "audit", "export") ? (
            <Link href={exportHref} prefetch={false} className={secondaryButtonClass}>
              Export CSV
            </Link>
          ) : null
        }
      />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/audit" label="Filter the audit log" reset={Object.keys(raw).length ? "/admin/audit" : undefined}>
        <FilterField label="Person" htmlFor="a-actor" wide>
          <Select id="a-actor" name="actor_id" value={query.actor_id === undefined ? undefined : String(query.actor_id)} options={people} all="Anyone" />
        </FilterField>
        <FilterField label="Entity" htmlFor="a-entity">
          <Select id="a-entity" name="entity_type" value={query.entity_type} options={ENTITIES} all="Any" />
        </FilterField>
        <FilterField label="Action" htmlFor="a-action">
          <input id="a-action" name="action" defaultValue={query.action ?? ""} placeholder="product.update" className={inputClass} />
        </FilterField>
        <FilterField label="From" htmlFor="a-from">
          <input id="a-from" name="from" type="date" defaultValue={query.from?.slice(0, 10) ?? ""} className={inputClass} />
        </FilterField>
        <FilterField label="To" htmlFor="a-to">
          <input id="a-to" name="to" type="date" defaultValue={query.to?.slice(0, 10) ?? ""} className={inputClass} />
        </FilterField>
      </FilterForm>
      <Table caption="Audit log" head={["When", "Who", "Action", "Entity", "Change", "Address"]} empty={result.rows.length ? null : <Empty>No change matches these filters.</Empty>}>
        {result.rows.map((r) => (
          <tr key={r.id}>
            <td className="text-xs whitespace-nowrap">{formatDateTime(r.created_at)}</td>
            <td className="text-sm">
              {r.actor_name ?? `#${r.actor_id}`}
              {r.actor_kind === "token" ? <span className="block text-xs text-slate-600">API token #{r.token_id}</span> : null}
            </td>
            <td className="font-mono text-xs whitespace-nowrap">{r.action}</td>
            <td className="text-xs whitespace-nowrap">
              {r.entity_type} {r.entity_id}
            </td>
            <td className="max-w-md text-xs break-words">{changes(r.before, r.after)}</td>
            <td className="font-mono text-xs">{r.ip ?? ""}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Audit log pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/audit", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/audit", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
