import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { Badge, Empty, Notice, PageHeader, Pager, secondaryButtonClass, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { codReceivable } from "@/lib/orders";
import { AGE_BUCKETS, bucketOf, receivableQuerySchema } from "@/lib/orders/cod-remittance";
import { formatCount, formatPaise } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../../_lib/params";

export const metadata: Metadata = { title: "COD receivable" };

/**
 * /admin/cod/receivable?bucket=&page= (remittance:read): the delivered Cash on Delivery parcels
 * whose cash no remittance has brought, oldest first, by age bucket; the same as CSV.
 */
export default async function ReceivablePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored, raw } = lenientQuery(receivableQuerySchema, await searchParams);
  await requireStaffPage(hrefWith("/admin/cod/receivable", raw, { page: query.page }), "remittance", "read");
  const result = await codReceivable(query);
  const chosen = AGE_BUCKETS.find((b) => b.key === query.bucket);
  return (
    <>
      <PageHeader
        title="COD receivable"
        intro={`${formatCount(result.total.count, "parcel")}, ${formatPaise(result.total.amount)} owed by the couriers in all.`}
        actions={
          <>
            <Link href="/admin/cod" className={secondaryButtonClass}>
              Back to Cash on Delivery
            </Link>
            <Link href="/admin/cod/receivable/export" prefetch={false} className={secondaryButtonClass}>
              Export CSV
            </Link>
          </>
        }
      />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <nav aria-label="Age" className="mb-3 flex flex-wrap gap-2 text-sm">
        <Link href="/admin/cod/receivable" aria-current={chosen ? undefined : "page"} className={`rounded-md border px-2.5 py-1 ${chosen ? "border-slate-300" : "border-slate-900 font-semibold"}`}>
          All ({result.total.count})
        </Link>
        {result.buckets.map((b) => (
          <Link key={b.key} href={`/admin/cod/receivable?bucket=${encodeURIComponent(b.key)}`} aria-current={chosen?.key === b.key ? "page" : undefined} className={`rounded-md border px-2.5 py-1 ${chosen?.key === b.key ? "border-slate-900 font-semibold" : "border-slate-300"}`}>
            {b.label} ({b.count} · {formatPaise(b.amount)})
          </Link>
        ))}
      </nav>
      <Table caption={chosen ? `COD receivable, ${chosen.label}` : "COD receivable"} head={["Order", "Customer", "Carrier", "AWB", "COD amount", "Delivered", "Age"]} empty={result.rows.length ? null : <Empty>Nothing is owed{chosen ? " in this age" : ""}.</Empty>}>
        {result.rows.map((p) => (
          <tr key={p.shipmentId}>
            <td>
              <Link href={`/admin/orders/${p.orderId}`} className="font-mono font-medium underline underline-offset-2">
                {p.orderCode}
              </Link>
            </td>
            <td>{p.customer}</td>
            <td>{p.carrier}</td>
            <td className="font-mono text-xs">{p.awb ?? "—"}</td>
            <td className="tabular-nums">{formatPaise(p.codAmount)}</td>
            <td className="text-xs whitespace-nowrap">{formatDateTime(p.deliveredAt)}</td>
            <td>
              <Badge tone={bucketOf(p.ageDays) === "0-7" ? "grey" : bucketOf(p.ageDays) === "8-15" ? "blue" : bucketOf(p.ageDays) === "16-30" ? "amber" : "red"}>{formatCount(p.ageDays, "day")}</Badge>
            </td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Receivable pages"
        status={result.rowsTotal ? `Page ${result.page} of ${result.lastPage}` : ""}
        previous={result.page > 1 ? hrefWith("/admin/cod/receivable", raw, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? hrefWith("/admin/cod/receivable", raw, { page: result.page + 1 }) : null}
      />
    </>
  );
}
