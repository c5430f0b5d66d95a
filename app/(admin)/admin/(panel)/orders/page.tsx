import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/admin/format";
import { Badge, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, secondaryButtonClass, Select, Table } from "@/components/admin/ui";
import { DELIVERY_TONE, PAYMENT_TONE } from "@/components/admin/tones";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { BulkOrders } from "@/components/admin/Fulfilment";
import { bulkShipAction } from "./actions";
import { amountParam, isFiltered, orderExportHref, orderListHref, parseOrderListQuery, PAYMENT_TYPE_FILTERS, REFUND_FILTERS } from "@/lib/orders/admin-list";
import { adminSearchOrders } from "@/lib/orders";
import { DELIVERY_STATUSES, PAYMENT_STATUSES } from "@/lib/orders/status";
import { formatCount, formatPaise } from "@/lib/platform/format";

export const metadata: Metadata = { title: "Orders" };


const asOptions = (values: readonly string[]) => Object.fromEntries(values.map((v) => [v, v]));

/**
 * /admin/orders: every customer's orders, newest first. Search (code, email, phone, name, AWB),
 * filters (delivery status, payment status and type, refunds, a date range, an amount range) and
 * page are the URL; "Export CSV" downloads every order they keep (order:export).
 */
export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored } = parseOrderListQuery(await searchParams);
  const staff = await requireStaffPage(orderListHref(query, { page: query.page }), "order", "read");
  const bulk = can(staff, "order", "update");
  const result = await adminSearchOrders(query);
  const filtered = isFiltered(query);
  const mayExport = can(staff, "order", "export");
  const table = (
    <Table caption="Orders" head={[...(bulk ? ["Select"] : []), "Order", "Customer", "Total", "Status", "Payment", "Placed"]} empty={result.rows.length ? null : <Empty>No order matches these filters.</Empty>}>
      {result.rows.map((o) => (
        <tr key={o.id}>
          {bulk ? (
            <td>
              <input type="checkbox" name="ids" value={o.id} aria-label={`Select order ${o.code}`} />
            </td>
          ) : null}
            <td className="whitespace-nowrap">
              <Link href={`/admin/orders/${o.id}`} className="font-mono font-medium text-slate-900 underline-offset-2 hover:underline">
                {o.code}
              </Link>
            </td>
            <td className="max-w-xs">
              {o.customerName}
              <span className="block text-xs break-all text-slate-600">
                {o.email} · {o.phone}
              </span>
            </td>
            <td className="whitespace-nowrap tabular-nums">{formatPaise(o.grandTotal)}</td>
            <td>
              <Badge tone={DELIVERY_TONE[o.deliveryStatus]}>{o.deliveryStatus}</Badge>
            </td>
            <td className="whitespace-nowrap">
              <Badge tone={PAYMENT_TONE[o.paymentStatus]}>{o.paymentStatus}</Badge> <span className="text-xs text-slate-600">{PAYMENT_TYPE_FILTERS[o.paymentType]}</span>
              {o.refundDue ? (
                <span className="block">
                  <Badge tone="red">Refund due</Badge>
                </span>
              ) : null}
            </td>
            <td className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(o.date)}</td>
          </tr>
        ))}
    </Table>
  );
  return (
    <>
      <PageHeader
        title="Orders"
        intro={`${result.capped ? `More than ${formatCount(result.total, "order")}` : formatCount(result.total, "order")}${filtered ? " match" : ""}.`}
        actions={
          mayExport ? (
            <a href={orderExportHref(query)} download className={secondaryButtonClass}>
              Export CSV
            </a>
          ) : null
        }
      />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <FilterForm action="/admin/orders" label="Filter orders" reset={filtered ? "/admin/orders" : undefined}>
        <FilterField label="Code, name, email, phone or AWB" htmlFor="o-q" wide>
          <input id="o-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} placeholder="e.g. KH261124-7K3QZ, Meera Iyer, 98111 22233" className={inputClass} />
        </FilterField>
        <FilterField label="Status" htmlFor="o-status">
          <Select id="o-status" name="status" value={query.status} options={asOptions(DELIVERY_STATUSES)} />
        </FilterField>
        <FilterField label="Payment" htmlFor="o-payment">
          <Select id="o-payment" name="payment" value={query.payment} options={asOptions(PAYMENT_STATUSES)} />
        </FilterField>
        <FilterField label="Paid by" htmlFor="o-type">
          <Select id="o-type" name="type" value={query.type} options={PAYMENT_TYPE_FILTERS} />
        </FilterField>
        <FilterField label="Refund" htmlFor="o-refund">
          <Select id="o-refund" name="refund" value={query.refund} options={REFUND_FILTERS} />
        </FilterField>
        <FilterField label="From" htmlFor="o-from">
          <input id="o-from" name="from" type="date" defaultValue={query.from ?? ""} className={inputClass} />
        </FilterField>
        <FilterField label="To" htmlFor="o-to">
          <input id="o-to" name="to" type="date" defaultValue={query.to ?? ""} className={inputClass} />
        </FilterField>
        <FilterField label="Total from (₹)" htmlFor="o-min">
          <input id="o-min" name="min" type="number" min={0} max={9999999.99} step={0.01} inputMode="decimal" defaultValue={query.min === undefined ? "" : amountParam(query.min)} className={inputClass} />
        </FilterField>
        <FilterField label="Total to (₹)" htmlFor="o-max">
          <input id="o-max" name="max" type="number" min={0} max={9999999.99} step={0.01} inputMode="decimal" defaultValue={query.max === undefined ? "" : amountParam(query.max)} className={inputClass} />
        </FilterField>
      </FilterForm>
      {bulk ? <BulkOrders action={bulkShipAction}>{table}</BulkOrders> : table}
      <Pager
        label="Order pages"
        status={result.total ? `Page ${result.page} of ${result.lastPage}${result.capped ? "+" : ""}` : ""}
        previous={result.page > 1 ? orderListHref(query, { page: result.page - 1 }) : null}
        next={result.page < result.lastPage ? orderListHref(query, { page: result.page + 1 }) : null}
      />
    </>
  );
}
