import type { Metadata } from "next";
import Link from "next/link";
import { AdjustForm, ShopThresholdForm, StockNotices, ThresholdForm } from "@/components/admin/StockForms";
import { Badge, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { stockList, type StockRow } from "@/lib/catalog";
import { ledgerHref, leadTimeText, shortfall, STOCK_TABS, stockListHref, stockListQuerySchema, type StockTab } from "@/lib/catalog/stock-admin";
import { lenientQuery } from "../../_lib/params";
import { adjustStockAction, productThresholdAction, shopThresholdAction } from "./actions";

export const metadata: Metadata = { title: "Stock" };

const EMPTY: Record<StockTab, string> = {
  low: "Nothing is low: every product on sale from stock has more than its threshold.",
  out: "Nothing is out of stock.",
  made_to_order: "No product is made to order.",
};

const rowName = (r: StockRow) => (r.label ? `${r.name} – ${r.label}` : r.name);
const rowId = (r: StockRow) => `s${r.productId}-${r.variantId ?? 0}`;

/**
 * /admin/stock (stock:read): what is low (at or below the product's threshold or the shop's
 * default; by variant for a product sold by variant), out of stock, or made to order with its lead
 * time; the tab, the search and the page are the URL. With stock:update each row takes an
 * adjustment (units in or out, and why: through the ledger) and the product's threshold; with
 * settings:update the shop's default threshold is changed here too.
 */
export default async function StockPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { query, ignored } = lenientQuery(stockListQuerySchema, await searchParams);
  const staff = await requireStaffPage(stockListHref(query, { page: query.page }), "stock", "read");
  const list = await stockList(query);
  const canAdjust = can(staff, "stock", "update");
  const canSetDefault = can(staff, "settings", "update");
  const tab = list.tab;
  const head = ["Product", "Variant", "SKU", "Stock", tab === "made_to_order" ? "Lead time" : "Threshold", ...(canAdjust ? ["Adjust"] : [])];
  return (
    <>
      <PageHeader
        title="Stock"
        intro={
          <>
            Low means on sale from stock with no more units than the product&apos;s threshold, or the shop&apos;s default of <strong>{list.shopDefault}</strong> when it has none. A product sold by variant is counted variant by variant. Every change goes through the product&apos;s ledger.
          </>
        }
      />
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <nav aria-label="Stock lists" className="mb-3 flex flex-wrap gap-1 border-b border-slate-200">
        {(Object.keys(STOCK_TABS) as StockTab[]).map((t) => (
          <Link
            key={t}
            href={stockListHref({ ...query, tab: t })}
            aria-current={t === tab ? "page" : undefined}
            className={`-mb-px rounded-t-md border px-3 py-1.5 text-sm ${t === tab ? "border-slate-200 border-b-white bg-white font-semibold text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900"}`}
          >
            {STOCK_TABS[t]}
          </Link>
        ))}
      </nav>
      <FilterForm action="/admin/stock" label="Search the stock list" reset={query.q ? stockListHref({ tab }) : undefined}>
        {tab === "low" ? null : <input type="hidden" name="tab" value={tab} />}
        <FilterField label="Name or SKU" htmlFor="s-q" wide>
          <input id="s-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={inputClass} />
        </FilterField>
      </FilterForm>
      <StockNotices>
        <Table caption={`Stock: ${STOCK_TABS[tab]}`} head={head} empty={list.rows.length ? null : <Empty>{query.q ? "Nothing here matches this search." : EMPTY[tab]}</Empty>}>
          {list.rows.map((r) => (
            <tr key={rowId(r)}>
              <td className="min-w-[10rem]">
                <Link href={ledgerHref(r.slug)} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                  {r.name}
                </Link>
                {r.published ? null : (
                  <span className="ml-1.5">
                    <Badge>Draft</Badge>
                  </span>
                )}
              </td>
              <td className="text-sm">{r.label ?? "—"}</td>
              <td className="font-mono text-xs whitespace-nowrap">{r.sku}</td>
              <td className="whitespace-nowrap">
                <span className="font-semibold">{r.stock}</span>
                {tab === "low" && shortfall(r.stock, r.threshold) > 0 ? <span className="block text-xs text-slate-600">{shortfall(r.stock, r.threshold)} below</span> : null}
                {tab === "made_to_order" && r.stock <= 0 ? <span className="block text-xs text-red-700">Cannot be ordered</span> : null}
              </td>
              <td className="text-sm">
                {tab === "made_to_order" ? (
                  leadTimeText(r.leadTimeDays, list.madeToOrderDays)
                ) : canAdjust ? (
                  <ThresholdForm id={`${rowId(r)}-t`} slug={r.slug} label={r.name} own={r.ownThreshold} shopDefault={list.shopDefault} action={productThresholdAction} />
                ) : (
                  `${r.threshold}${r.ownThreshold === null ? " (default)" : ""}`
                )}
                {tab !== "made_to_order" && canAdjust && r.ownThreshold === null ? <span className="mt-0.5 block text-xs text-slate-600">Shop default</span> : null}
              </td>
              {canAdjust ? (
                <td>
                  <AdjustForm id={rowId(r)} slug={r.slug} sku={r.variantId === null ? null : r.sku} label={rowName(r)} action={adjustStockAction} />
                </td>
              ) : null}
            </tr>
          ))}
        </Table>
        <Pager
          label="Stock list pages"
          status={list.total ? `${list.total} row${list.total === 1 ? "" : "s"} · page ${list.page} of ${list.lastPage}` : ""}
          previous={list.page > 1 ? stockListHref(query, { page: list.page - 1 }) : null}
          next={list.page < list.lastPage ? stockListHref(query, { page: list.page + 1 }) : null}
        />
        <div className="mt-6">
          <Section title="The shop's default threshold">
            <p className="mb-3 text-sm text-slate-600">Products without a threshold of their own are low at or below this many units. Made-to-order products are never low.</p>
            {canSetDefault ? <ShopThresholdForm value={list.shopDefault} action={shopThresholdAction} /> : <p className="text-sm text-slate-800">{list.shopDefault} units (the owner changes it).</p>}
          </Section>
        </div>
      </StockNotices>
    </>
  );
}
