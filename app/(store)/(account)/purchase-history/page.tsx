import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { CancelOrderButton, InvoiceLink } from "@/components/account/OrderActions";
import { Pagination } from "@/components/catalog/Pagination";
import { paymentTypeLabel } from "@/lib/orders/rules";
import { formatDate, formatPaise } from "@/lib/platform/format";
import { requireUser } from "@/lib/accounts";
import { DELIVERY, PAYMENT } from "@/lib/orders/status";
import { listOrders } from "@/lib/orders";

export const metadata: Metadata = { title: "Purchase History", robots: { index: false, follow: false } };

const COLUMNS = ["Code", "Date", "Amount", "Delivery Status", "Payment Status", "Payment Type", "Options"] as const;

/**
 * A cell of an order row. Under 768 px the row is a card: the cell is a line with its column's
 * name on the left (hidden from screen readers, which have the table's header) and the value on
 * the right. The Options cell has no name there: its buttons say what they do.
 */
function Cell({ label, className = "", children }: { label?: (typeof COLUMNS)[number]; className?: string; children: ReactNode }) {
  return (
    <td className={`px-4 py-3 max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 ${className}`}>
      {label ? (
        <span aria-hidden="true" className="text-xs font-semibold tracking-wide text-ink/70 uppercase md:hidden">
          {label}
        </span>
      ) : null}
      {children}
    </td>
  );
}

const pageHref = (page: number) => (page > 1 ? `/purchase-history?page=${page}` : "/purchase-history");

/**
 * Purchase History (docs/storefront.md, Accounts): the customer's orders, newest first, 10 a page. A page number
 * past the end (the list shrank, or a hand-edited link) goes to the last page, so the address
 * always says which page is shown; junk goes to the first.
 */
export default async function PurchaseHistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const raw = typeof query.page === "string" ? query.page : undefined;
  const requested = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const user = await requireUser(raw ? `/purchase-history?page=${encodeURIComponent(raw)}` : "/purchase-history");
  const { orders, page, lastPage } = await listOrders(user.id, requested);
  // Only canonical addresses: /purchase-history for page 1, ?page=N for the others.
  const current = raw === undefined ? "/purchase-history" : `/purchase-history?page=${raw}`;
  if (current !== pageHref(page)) redirect(pageHref(page));
  return (
    // One column that may shrink below the table's width (minmax(0, 1fr)): the table then scrolls in
    // its own box instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-3xl text-navy md:text-4xl">Purchase History</h1>
      {orders.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <p>You have not placed an order yet.</p>
          <Link href="/products" className="btn-primary mt-4">
            Browse products
          </Link>
        </div>
      ) : (
        <div className="rounded-2xl bg-white pb-6 shadow-sm max-md:bg-transparent max-md:shadow-none">
          <div className="overflow-x-auto">
            {/* Under 768 px each row is a card: the cells stack, each with its column's name. */}
            <table className="w-full text-left text-sm max-md:block md:min-w-[48rem]">
              <thead className="border-b border-ink/10 text-xs tracking-wide text-ink/70 uppercase max-md:sr-only">
                <tr>
                  {COLUMNS.map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-md:grid max-md:gap-4">
                {orders.map((o) => (
                  <tr key={o.id} className="border-b border-ink/5 last:border-0 max-md:grid max-md:rounded-2xl max-md:border-0 max-md:bg-white max-md:px-4 max-md:py-2 max-md:shadow-sm" data-testid="order-row">
                    <Cell label="Code" className="font-medium">
                      {o.code}
                    </Cell>
                    <Cell label="Date">{formatDate(o.date) || "N/A"}</Cell>
                    <Cell label="Amount">{formatPaise(o.grandTotal)}</Cell>
                    <Cell label="Delivery Status">{o.deliveryStatus || "N/A"}</Cell>
                    <Cell label="Payment Status">
                      <span
                        data-badge={o.paymentStatus === PAYMENT.unpaid ? "red" : "green"}
                        className={`rounded-full px-2.5 py-1 text-xs font-semibold text-white ${o.paymentStatus === PAYMENT.unpaid ? "bg-madder" : "bg-leaf"}`}
                      >
                        {o.paymentStatus || "N/A"}
                      </span>
                    </Cell>
                    <Cell label="Payment Type">{paymentTypeLabel(o.paymentType) || "N/A"}</Cell>
                    <Cell className="max-md:mt-2 max-md:border-t max-md:border-ink/10 max-md:pt-3">
                      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 max-md:gap-2">
                        {o.deliveryStatus === DELIVERY.pending && o.paymentStatus === PAYMENT.unpaid ? <CancelOrderButton orderId={o.id} code={o.code} /> : null}
                        <Link href={`/order-details/${o.id}`} className="order-action text-saffron-dark">
                          Details<span className="sr-only"> of order {o.code}</span>
                        </Link>
                        {o.paymentStatus === PAYMENT.paid ? <InvoiceLink orderId={o.id} code={o.code} /> : null}
                      </div>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} lastPage={lastPage} href={pageHref} />
        </div>
      )}
    </div>
  );
}
