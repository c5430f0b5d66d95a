import type { Metadata } from "next";
import Link from "next/link";
import { Badge, PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { stockSummary } from "@/lib/catalog";
import { adminOrderSummary } from "@/lib/orders";
import { formatPaise } from "@/lib/platform/format";

export const metadata: Metadata = { title: "Dashboard" };

function Figure({ label, value, href, note }: { label: string; value: string; href?: string; note?: string }) {
  const body = (
    <>
      <span className="block text-xs font-medium text-slate-600">{label}</span>
      <span className="mt-1 block text-2xl font-semibold text-slate-900">{value}</span>
      {note ? <span className="mt-0.5 block text-xs text-slate-600">{note}</span> : null}
    </>
  );
  const box = "block rounded-lg border border-slate-200 bg-white p-4";
  return href ? (
    <Link href={href} className={`${box} hover:border-slate-400`}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

/** /admin: today's orders, what waits for dispatch or a refund, and stock running out, as the role may read them. */
export default async function DashboardPage() {
  const staff = await requireStaffPage("/admin", "product", "read");
  const orders = can(staff, "order", "read") ? await adminOrderSummary() : null;
  const stock = can(staff, "stock", "read") || can(staff, "product", "read") ? await stockSummary() : null;
  return (
    <>
      <PageHeader title="Dashboard" intro={`Signed in as ${staff.user.name}.`} />
      {orders ? (
        <Section title="Orders">
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure label="Placed today" value={String(orders.today)} note={formatPaise(orders.todayTotal)} />
            <Figure label="Awaiting dispatch" value={String(orders.awaitingDispatch)} href="/admin/orders?status=Confirmed" note="Confirmed, or payable and pending" />
            <Figure label="Refunds due" value={String(orders.refundsDue)} note="Money to give back" />
            <Figure label="Refund claims" value={String(orders.refundClaims)} note="Waiting for a decision" />
          </div>
        </Section>
      ) : null}
      {stock ? (
        <Section title="Stock">
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure label="Products" value={String(stock.products)} href="/admin/products" />
            <Figure label="Out of stock" value={String(stock.out)} href="/admin/products?stock=out" note="Not made to order" />
            <Figure
              label="Low stock"
              value={String(stock.low)}
              href={can(staff, "stock", "read") ? "/admin/stock" : "/admin/products?stock=low&sort=stock"}
              note={`At or below the product's threshold (shop default ${stock.shopDefault})`}
            />
          </div>
        </Section>
      ) : null}
      {staff.twoFactorEnabled ? null : (
        <p className="text-sm text-slate-700">
          <Badge tone="amber">Tip</Badge> Your account has no second factor.{" "}
          <Link href="/admin/two-factor" className="underline underline-offset-2">
            Set one up
          </Link>
          .
        </p>
      )}
    </>
  );
}
