import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/admin/format";
import { AdjustForm, StockNotices, ThresholdForm } from "@/components/admin/StockForms";
import { Badge, Empty, Notice, PageHeader, Pager, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { productLedger } from "@/lib/catalog";
import { ledgerHref, ledgerQuerySchema, STOCK_ACTOR_LABELS, STOCK_REASON_LABELS, stockStateOf } from "@/lib/catalog/stock-admin";
import { lenientQuery } from "../../../_lib/params";
import { adjustStockAction, productThresholdAction } from "../actions";

export const metadata: Metadata = { title: "Stock ledger" };

const STATE_BADGE = { low: ["amber", "Low"], out: ["red", "Out of stock"], made_to_order: ["blue", "Made to order"], ok: ["green", "In stock"] } as const;

/**
 * /admin/stock/{slug} (stock:read): a product's stock ledger, newest first, 50 a page (the page in
 * the URL): when, why, how many in or out, the stock it left, the order and who; with
 * stock:update, an adjustment of the product or each of its variants and its threshold.
 */
export default async function StockLedgerPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug } = await params;
  const { query, ignored } = lenientQuery(ledgerQuerySchema, await searchParams);
  const staff = await requireStaffPage(ledgerHref(slug, query.page), "stock", "read");
  const ledger = await productLedger(slug, query.page);
  if (!ledger) notFound();
  const { product } = ledger;
  const canAdjust = can(staff, "stock", "update");
  const byVariant = ledger.variants.length > 0;
  const items = byVariant
    ? ledger.variants.map((v) => ({ key: `v${v.id}`, label: `${product.name} – ${v.label}`, name: v.label, sku: v.sku, variantSku: v.sku as string | null, stock: v.stock, madeToOrder: v.madeToOrder }))
    : [{ key: "p", label: product.name, name: "Stock", sku: product.sku, variantSku: null, stock: product.stock, madeToOrder: product.madeToOrder }];
  const head = ["When", ...(byVariant ? ["Variant"] : []), "Reason", "Change", "Stock after", "Order", "By", "Note"];
  return (
    <>
      <PageHeader
        title={product.name}
        intro={
          <>
            Stock ledger · SKU <span className="font-mono">{product.sku}</span> · {product.stock} in stock · low at {product.threshold} or fewer{product.ownThreshold === null ? " (the shop's default)" : ""}
            {product.archived ? " · archived" : ""}
          </>
        }
        actions={
          <>
            <Link href="/admin/stock" className="text-sm underline underline-offset-2">
              All stock
            </Link>
            {can(staff, "product", "read") ? (
              <Link href={`/admin/products/${encodeURIComponent(product.slug)}`} className="text-sm underline underline-offset-2">
                Product details
              </Link>
            ) : null}
          </>
        }
      />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <StockNotices>
        <Section title={byVariant ? "Variants" : "Stock"}>
          <ul className="divide-y divide-slate-100">
            {items.map((item) => {
              const [tone, text] = STATE_BADGE[stockStateOf({ stock: item.stock, madeToOrder: item.madeToOrder, threshold: product.threshold })];
              return (
                <li key={item.key} className="flex flex-wrap items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">
                      {item.name} <span className="font-mono text-xs text-slate-600">{item.sku}</span>
                    </p>
                    <p className="text-sm text-slate-700">
                      {item.stock} in stock <Badge tone={tone}>{text}</Badge>
                    </p>
                  </div>
                  {canAdjust ? <AdjustForm id={`l-${item.key}`} slug={product.slug} sku={item.variantSku} label={item.label} action={adjustStockAction} /> : null}
                </li>
              );
            })}
          </ul>
          {canAdjust ? (
            <div className="mt-3 border-t border-slate-100 pt-3">
              <p className="mb-1 text-xs font-medium text-slate-700">Low-stock threshold (empty: the shop&apos;s default of {ledger.shopDefault})</p>
              <ThresholdForm id="l-threshold" slug={product.slug} label={product.name} own={product.ownThreshold} shopDefault={ledger.shopDefault} action={productThresholdAction} />
            </div>
          ) : null}
        </Section>
        <Table caption="Stock movements" head={head} empty={ledger.entries.length ? null : <Empty>No stock has moved for this product yet.</Empty>}>
          {ledger.entries.map((e) => (
            <tr key={e.id}>
              <td className="text-xs whitespace-nowrap">{formatDateTime(e.createdAt)}</td>
              {byVariant ? <td className="text-sm">{e.variantLabel ?? (e.variantId === null ? "—" : "A removed variant")}</td> : null}
              <td className="text-sm whitespace-nowrap">{STOCK_REASON_LABELS[e.reason] ?? e.reason}</td>
              <td className={`font-mono text-sm whitespace-nowrap ${e.delta < 0 ? "text-red-700" : "text-emerald-800"}`}>{e.delta > 0 ? `+${e.delta}` : `−${-e.delta}`}</td>
              <td className="text-sm">
                {e.stockAfter ?? "—"}
                {byVariant ? <span className="block text-xs text-slate-600">{e.productStockAfter} in all</span> : null}
              </td>
              <td className="text-sm whitespace-nowrap">
                {e.orderId !== null && can(staff, "order", "read") ? (
                  <Link href={`/admin/orders/${e.orderId}`} className="font-mono underline underline-offset-2">
                    {e.orderCode ?? `#${e.orderId}`}
                  </Link>
                ) : e.orderId !== null ? (
                  <span className="font-mono">{e.orderCode ?? `#${e.orderId}`}</span>
                ) : (
                  "—"
                )}
              </td>
              <td className="text-sm">{e.actorName ?? STOCK_ACTOR_LABELS[e.actor] ?? e.actor}</td>
              <td className="max-w-xs text-sm break-words">{e.note ?? ""}</td>
            </tr>
          ))}
        </Table>
      </StockNotices>
      <Pager
        label="Ledger pages"
        status={ledger.total ? `${ledger.total} movement${ledger.total === 1 ? "" : "s"} · page ${ledger.page} of ${ledger.lastPage}` : ""}
        previous={ledger.page > 1 ? ledgerHref(product.slug, ledger.page - 1) : null}
        next={ledger.page < ledger.lastPage ? ledgerHref(product.slug, ledger.page + 1) : null}
      />
    </>
  );
}
