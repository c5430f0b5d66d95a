import type { Metadata } from "next";
import Link from "next/link";
import { formatDate, formatPaise } from "@/lib/format";
import { requireUser } from "@/lib/server/auth/session";
import { listOrders } from "@/lib/server/orders";

export const metadata: Metadata = { title: "Purchase History", robots: { index: false, follow: false } };

const label = (value: string) => value.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** Purchase History (spec §2.11): the customer's orders, newest first. */
export default async function PurchaseHistoryPage() {
  const user = await requireUser("/purchase-history");
  const orders = await listOrders(user.id);
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
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full min-w-[44rem] text-left text-sm">
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
                <tr key={o.id} className="border-b border-ink/5 last:border-0">
                  <td className="px-4 py-3 font-medium">{o.code}</td>
                  <td className="px-4 py-3">{formatDate(o.date) || "N/A"}</td>
                  <td className="px-4 py-3">{formatPaise(o.grandTotal)}</td>
                  <td className="px-4 py-3">{o.deliveryStatus || "N/A"}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold text-white ${o.paymentStatus === "Un-Paid" ? "bg-madder" : "bg-leaf"}`}>{o.paymentStatus}</span>
                  </td>
                  <td className="px-4 py-3">{label(o.paymentType) || "N/A"}</td>
                  <td className="px-4 py-3">
                    <Link href={`/order-details/${o.id}`} className="font-semibold text-saffron-dark underline underline-offset-2">
                      Details<span className="sr-only"> of order {o.code}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
