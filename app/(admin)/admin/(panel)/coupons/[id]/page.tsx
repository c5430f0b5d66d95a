import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/admin/ActionForm";
import { CommerceForm } from "@/components/admin/CommerceForm";
import { COUPON_STATE_TONES, couponOffer, couponRules } from "@/components/admin/commerce";
import { Badge, dangerButtonClass, Facts, Notice, PageHeader, secondaryButtonClass, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { getCoupon } from "@/lib/cart";
import { COUPON_STATES, rowIdParam } from "@/lib/cart/commerce-admin";
import { COUPON_FIELDS, formValues } from "@/lib/cart/commerce-forms";
import { ApiError } from "@/lib/platform/errors";
import { formatRupees } from "@/lib/platform/format";
import { deleteCouponAction, switchCouponAction, updateCouponAction } from "../actions";

export const metadata: Metadata = { title: "Coupon" };

/**
 * /admin/coupons/{id} (coupon:read): the coupon's usage and rules; with coupon:update its form and
 * Deactivate / Activate, with coupon:delete Delete (only when no order names it).
 */
export default async function CouponPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/coupons/${encodeURIComponent(raw)}`, "coupon", "read");
  const parsed = rowIdParam("Coupon").safeParse({ id: raw });
  if (!parsed.success) notFound();
  const coupon = await getCoupon(parsed.data.id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const saved = (await searchParams).saved;
  const canUpdate = can(staff, "coupon", "update");
  const canDelete = can(staff, "coupon", "delete");
  return (
    <>
      <PageHeader
        title={`Coupon ${coupon.code}`}
        intro={coupon.title}
        actions={
          <Link href="/admin/coupons" className="text-sm underline underline-offset-2">
            ← Coupons
          </Link>
        }
      />
      {saved ? <Notice tone="green">Coupon {coupon.code} is saved.</Notice> : null}
      <Section title="Usage">
        <Facts
          items={[
            ["State", <Badge key="s" tone={COUPON_STATE_TONES[coupon.state]}>{COUPON_STATES[coupon.state]}</Badge>],
            ["Offer", couponOffer(coupon)],
            ["Rules", couponRules(coupon)],
            ["Uses", `${coupon.uses}${coupon.usage_limit !== null ? ` of ${coupon.usage_limit}` : ""} (orders not cancelled)`],
            ["Discount given", formatRupees(coupon.discount_given)],
            ["Orders naming it", `${coupon.orders_total} (cancelled ones too)`],
          ]}
        />
        {canUpdate || canDelete ? (
          <div className="mt-4 flex flex-wrap gap-2">
            {canUpdate ? (
              <ActionForm action={switchCouponAction} confirm={coupon.active ? `Deactivate ${coupon.code}? The cart stops taking it at once.` : undefined}>
                <input type="hidden" name="id" value={coupon.id} />
                <input type="hidden" name="active" value={coupon.active ? "0" : "1"} />
                <button type="submit" className={secondaryButtonClass}>
                  {coupon.active ? "Deactivate" : "Activate"}
                </button>
              </ActionForm>
            ) : null}
            {canDelete && coupon.orders_total === 0 ? (
              <ActionForm action={deleteCouponAction} confirm={`Delete ${coupon.code}? This cannot be undone.`}>
                <input type="hidden" name="id" value={coupon.id} />
                <button type="submit" className={dangerButtonClass}>
                  Delete
                </button>
              </ActionForm>
            ) : null}
          </div>
        ) : null}
        {canDelete && coupon.orders_total > 0 ? <p className="mt-2 text-xs text-slate-600">Orders name this coupon, so it is kept for their records: deactivate it to stop its use.</p> : null}
      </Section>
      <Section title={canUpdate ? "Edit" : "Rules"}>
        <CommerceForm fields={COUPON_FIELDS} initial={formValues(coupon, COUPON_FIELDS)} action={updateCouponAction} submitLabel="Save coupon" disabled={!canUpdate} hidden={{ id: String(coupon.id) }} />
      </Section>
    </>
  );
}
