import type { Metadata } from "next";
import Link from "next/link";
import { COUPON_STATE_TONES, couponOffer, couponRules, istDateTime } from "@/components/admin/commerce";
import { Badge, buttonClass, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Pager, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { listCoupons } from "@/lib/cart";
import { COUPON_STATES, couponListQuerySchema, type CouponState } from "@/lib/cart/commerce-admin";
import { formatRupees } from "@/lib/platform/format";
import { hrefWith, lenientQuery } from "../../_lib/params";

export const metadata: Metadata = { title: "Coupons" };

/**
 * /admin/coupons (coupon:read): every coupon with its uses (orders not cancelled, against its
 * limit) and the discount given; filtered by state (active, scheduled, expired, deactivated) and
 * searched by code or title, all in the URL.
 */
export default async function CouponsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const { query, ignored, raw } = lenientQuery(couponListQuerySchema, params);
  const staff = await requireStaffPage(hrefWith("/admin/coupons", raw, { page: query.page }), "coupon", "read");
  const list = await listCoupons(query);
  return (
    <>
      <PageHeader
        title="Coupons"
        intro="Every rule here is the cart's: a shopper's code is checked against it when applied and again at checkout. Uses count orders that were not cancelled."
        actions={
          can(staff, "coupon", "create") ? (
            <Link href="/admin/coupons/new" className={buttonClass}>
              New coupon
            </Link>
          ) : null
        }
      />
      {params.deleted ? <Notice tone="green">The coupon is deleted.</Notice> : null}
      {ignored.length ? <Notice tone="amber">Ignored what the address could not mean: {ignored.join(", ")}.</Notice> : null}
      <nav aria-label="Coupon states" className="mb-3 flex flex-wrap gap-1 border-b border-slate-200">
        {([undefined, ...Object.keys(COUPON_STATES)] as (CouponState | undefined)[]).map((s) => (
          <Link
            key={s ?? "all"}
            href={hrefWith("/admin/coupons", raw, { status: s })}
            aria-current={s === query.status ? "page" : undefined}
            className={`-mb-px rounded-t-md border px-3 py-1.5 text-sm ${s === query.status ? "border-slate-200 border-b-white bg-white font-semibold text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900"}`}
          >
            {s ? COUPON_STATES[s] : "All"}
          </Link>
        ))}
      </nav>
      <FilterForm action="/admin/coupons" label="Search coupons" reset={query.q ? hrefWith("/admin/coupons", raw, { q: undefined }) : undefined}>
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        <FilterField label="Code or title" htmlFor="c-q" wide>
          <input id="c-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} className={inputClass} />
        </FilterField>
      </FilterForm>
      <Table caption="Coupons" head={["Code", "Offer", "Rules", "Dates", "State", "Uses", "Discount given"]} empty={list.items.length ? null : <Empty>{query.q || query.status ? "No coupon matches." : "No coupons yet."}</Empty>}>
        {list.items.map((c) => (
          <tr key={c.id}>
            <td className="whitespace-nowrap">
              <Link href={`/admin/coupons/${c.id}`} className="font-mono font-semibold text-slate-900 underline-offset-2 hover:underline">
                {c.code}
              </Link>
              <span className="block text-xs text-slate-600">{c.title}</span>
            </td>
            <td className="text-sm">{couponOffer(c)}</td>
            <td className="text-xs text-slate-700">{couponRules(c)}</td>
            <td className="text-xs whitespace-nowrap text-slate-700">
              {c.starts_at ? `From ${istDateTime(c.starts_at)}` : "From the start"}
              <br />
              {c.ends_at ? `Until ${istDateTime(c.ends_at)}` : "No end"}
            </td>
            <td>
              <Badge tone={COUPON_STATE_TONES[c.state]}>{COUPON_STATES[c.state]}</Badge>
              {c.usage_limit !== null && c.uses >= c.usage_limit ? (
                <span className="mt-1 block">
                  <Badge tone="amber">Used up</Badge>
                </span>
              ) : null}
            </td>
            <td className="whitespace-nowrap" data-testid="coupon-uses">
              {c.uses}
              {c.usage_limit !== null ? ` / ${c.usage_limit}` : ""}
            </td>
            <td className="whitespace-nowrap">{formatRupees(c.discount_given)}</td>
          </tr>
        ))}
      </Table>
      <Pager
        label="Coupon pages"
        status={list.total ? `${list.total} coupon${list.total === 1 ? "" : "s"} · page ${list.page} of ${list.lastPage}` : ""}
        previous={list.page > 1 ? hrefWith("/admin/coupons", raw, { page: list.page - 1 }) : null}
        next={list.page < list.lastPage ? hrefWith("/admin/coupons", raw, { page: list.page + 1 }) : null}
      />
    </>
  );
}
