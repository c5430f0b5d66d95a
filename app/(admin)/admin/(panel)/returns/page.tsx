import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { RETURN_TONE } from "@/components/admin/tones";
import { Badge, Empty, FilterField, FilterForm, Notice, PageHeader, Pager, Select, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { adminReturns } from "@/lib/orders";
import { RETURN_KIND_LABELS, RETURN_STATE_LABELS, returnListQuery } from "@/lib/orders/returns";
import { formatCount } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../_lib/params";

export const metadata: Metadata = { title: "Returns" };

/**
 * /admin/returns (order:read): customers' returns and damage claims, newest first, filtered by
 * state (the URL). Each opens its order's page, where staff take the next step.
 */
export default async function ReturnsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored, raw } = lenientQuery(returnListQuery, await searchParams);
  await requireStaffPage(hrefWith("/admin/returns", raw, { page: query.page }), "order", "read");
  const result = await adminReturns(query);
  return (
    <>
      <PageHeader title="Returns" intro={`${formatCount(result.total, "return")}${query.state ? ` ${RETURN_STATE_LABELS[query.state].toLowerCase()}` : ""}. Customers may ask within 7 days of delivery; approve or decline, then receive and refund on the order's page.`} />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/returns" label="Filter returns" reset={query.state ? "/admin/returns" : undefined}>
        <FilterField label="State" htmlFor="r-state">
          <Select id="r-state" name="state" value={query.state} options={RETURN_STATE_LABELS} />
        </FilterField>
      </FilterForm>
      <Table caption="Returns" head={["Return", "Order", "Item", "Kind", "State", "Customer", "Asked"]} empty={result.rows.length ? null : <Empty>No return matches.</Empty>}>
        {result.rows.map((r) => (
          <tr key={r.id} data-return={r.id}>
            <td className="font-mono">#{r.id}</td>
            <td>
              <Link href={`/admin/orders/${r.orderId}#returns`} className="font-mono font-medium text-slate-900 underline underline-offset-2">
                {r.orderCode}
              </Link>
            </td>
            <td className="max-w-xs">
              {r.quantity} × {r.productName}
              {r.variation ? <span className="block text-xs text-slate-600">{r.variation}</span> : null}
            </td>
            <td>{RETURN_KIND_LABELS[r.kind]}</td>
            <td>
              <Badge tone={RETURN_TONE[r.state]}>{RETURN_STATE_LABELS[r.state]}</Badge>
            </td>
            <td className="max-w-xs text-xs break-all">
              {r.customer.name}
              <span className="block text-slate-600">{r.customer.email}</span>
            </td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(r.createdAt)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Return pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/returns", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/returns", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
