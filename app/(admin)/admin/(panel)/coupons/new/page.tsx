import type { Metadata } from "next";
import Link from "next/link";
import { CommerceForm } from "@/components/admin/CommerceForm";
import { PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { COUPON_FIELDS } from "@/lib/cart/commerce-forms";
import { createCouponAction } from "../actions";

export const metadata: Metadata = { title: "New coupon" };

/** /admin/coupons/new (coupon:create): a coupon with every rule the cart enforces. */
export default async function NewCouponPage() {
  await requireStaffPage("/admin/coupons/new", "coupon", "create");
  const initial = { code: "", title: "", kind: "percent", value: "", min_order: "", max_discount: "", starts_at: "", ends_at: "", usage_limit: "", per_customer_limit: "", first_order_only: false, active: true };
  return (
    <>
      <PageHeader
        title="New coupon"
        actions={
          <Link href="/admin/coupons" className="text-sm underline underline-offset-2">
            ← Coupons
          </Link>
        }
      />
      <Section title="Coupon">
        <CommerceForm fields={COUPON_FIELDS} initial={initial} action={createCouponAction} submitLabel="Create coupon" />
      </Section>
    </>
  );
}
