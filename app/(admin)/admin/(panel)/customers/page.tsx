import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { Badge, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, Select, Table } from "@/components/admin/ui";
import { listCustomers, requireStaffPage } from "@/lib/accounts";
import { CUSTOMER_SORT_LABELS, CUSTOMER_STATE_LABELS, customerQuerySchema, type CustomerState } from "@/lib/accounts/customer-schemas";
import { formatCount, formatPaise } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../_lib/params";

export const metadata: Metadata = { title: "Customers" };

const STATE_TONE: Record<CustomerState, "green" | "red" | "amber"> = { active: "green", blocked: "red", unconfirmed: "amber" };

/**
 * /admin/customers (customer:read): customer accounts, 25 a page, with their orders, spend (paid
 * orders) and latest order. Search (name, email, phone), the sign-in state, the sort and the page
 * are the URL. Each opens at /admin/customers/{id}.
 */
export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored, raw } = lenientQuery(customerQuerySchema, await searchParams);
  await requireStaffPage(hrefWith("/admin/customers", raw, { page: query.page }), "customer", "read");
  const result = await listCustomers(query);
  const filtered = Boolean(query.q || query.state);
  return (
    <>
      <PageHeader title="Customers" intro={`${formatCount(result.total, "customer")}${filtered ? " match" : ""}, sorted by ${CUSTOMER_SORT_LABELS[query.sort].toLowerCase()}.`} />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/customers" label="Filter customers" reset={filtered || query.sort !== "newest" ? "/admin/customers" : undefined}>
        <FilterField label="Name, email or phone" htmlFor="c-q" wide>
          <input id="c-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={inputClass} />
        </FilterField>
        <FilterField label="Sign-in" htmlFor="c-state">
          <Select id="c-state" name="state" value={query.state} options={CUSTOMER_STATE_LABELS} all="Any" />
        </FilterField>
        <FilterField label="Sort by" htmlFor="c-sort">
          <select id="c-sort" name="sort" defaultValue={query.sort} className={inputClass}>
            {Object.entries(CUSTOMER_SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterForm>
      <Table caption="Customers" head={["Customer", "Orders", "Spend (paid)", "Last order", "Sign-in", "Joined"]} empty={result.items.length ? null : <Empty>No customer matches these filters.</Empty>}>
        {result.items.map((c) => (
          <tr key={c.id} data-customer={c.id}>
            <td className="max-w-xs">
              <Link href={`/admin/customers/${c.id}`} className="font-medium break-words text-slate-900 underline-offset-2 hover:underline">
                {c.name}
              </Link>
              <span className="block text-xs break-all text-slate-600">{[c.email, c.phone].filter(Boolean).join(" · ")}</span>
            </td>
            <td className="tabular-nums">{c.orders}</td>
            <td className="whitespace-nowrap tabular-nums">{formatPaise(c.spend)}</td>
            <td className="text-xs whitespace-nowrap text-slate-600">{c.last_order_at ? formatDateTime(c.last_order_at) : "—"}</td>
            <td>
              <Badge tone={STATE_TONE[c.state]}>{CUSTOMER_STATE_LABELS[c.state]}</Badge>
            </td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(c.created_at)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Customer pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/customers", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/customers", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
