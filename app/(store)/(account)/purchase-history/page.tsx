import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CancelOrderButton, InvoiceLink } from "@/components/account/OrderActions";
import { Pagination } from "@/components/catalog/Pagination";
import { paymentTypeLabel } from "@/lib/commerce/orders";
import { formatDate, formatPaise } from "@/lib/format";
import { requireUser } from "@/lib/server/auth/session";
import { DELIVERY, PAYMENT } from "@/lib/server/order-state";
import { listOrders } from "@/lib/server/orders";

export const metadata: Metadata = { title: "Purchase History", robots: { index: false, follow: false } };

const pageHref = (page: number) => (page > 1 ? `/purchase-history?page=${page}` : "/purchase-history");

/**
 * Purchase History (spec §2.11): the customer's orders, newest first, 10 a page. A page number
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
    <div className="grid gap-6">
      <h1 className="text-3xl text-navy md:text-4xl">Purchase History</h1>
      {orders.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <p>You have not placed an order yet.</p>
          <Link href="/products" className="btn-primary mt-4">
            Browse products
          </Link>
        </div>
      ) : (
        <div className="rounded-2xl bg-white pb-6 shadow-sm">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="border-b border-ink/10 text-xs tracking-wide text-ink/70 uppercase">
                <tr>
                  {["Code", "Date", "Amount", "Delivery Status", "Payment Status", "Payment Type", "Options"].map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id} className="border-b border-ink/5 last:border-0" data-testid="order-row">
                    <td className="px-4 py-3 font-medium">{o.code}</td>
                    <td className="px-4 py-3">{formatDate(o.date) || "N/A"}</td>
                    <td className="px-4 py-3">{formatPaise(o.grandTotal)}</td>
                    <td className="px-4 py-3">{o.deliveryStatus || "N/A"}</td>
                    <td className="px-4 py-3">
                      <span
                        data-badge={o.paymentStatus === PAYMENT.unpaid ? "red" : "green"}
                        className={`rounded-full px-2.5 py-1 text-xs font-semibold text-white ${o.paymentStatus === PAYMENT.unpaid ? "bg-madder" : "bg-leaf"}`}
                      >
                        {o.paymentStatus || "N/A"}
                      </span>
                    </td>
                    <td className="px-4 py-3">{paymentTypeLabel(o.paymentType) || "N/A"}</td>
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                        {o.deliveryStatus === DELIVERY.pending && o.paymentStatus === PAYMENT.unpaid ? <CancelOrderButton orderId={o.id} code={o.code} /> : null}
                        <Link href={`/order-details/${o.id}`} className="font-semibold text-saffron-dark underline underline-offset-2">
                          Details<span className="sr-only"> of order {o.code}</span>
                        </Link>
                        {o.paymentStatus === PAYMENT.paid ? <InvoiceLink orderId={o.id} code={o.code} /> : null}
                      </div>
                    </td>
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
