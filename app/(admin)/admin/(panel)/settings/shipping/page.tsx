import type { Metadata } from "next";
import { CommerceForm } from "@/components/admin/CommerceForm";
import { PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { shippingSettings } from "@/lib/cart";
import { formValues, SHIPPING_FIELDS } from "@/lib/cart/commerce-forms";
import { shippingAction } from "./actions";

export const metadata: Metadata = { title: "Shipping" };

/**
 * /admin/settings/shipping (settings:read; settings:update saves): the standard fee, express's
 * extra fee, the dispatch days and the default GST rate, the business settings the cart reads.
 */
export default async function ShippingPage() {
  const staff = await requireStaffPage("/admin/settings/shipping", "settings", "read");
  const settings = await shippingSettings();
  const canUpdate = can(staff, "settings", "update");
  return (
    <>
      <PageHeader
        title="Shipping"
        intro="Two methods: standard, at the standard fee, and express, at the standard fee plus the extra. A delivery takes the dispatch days below plus the transit days of the PIN's delivery zone. A change shows on product pages, in carts and at checkout at once; orders already placed keep what they were charged."
      />
      <Section title="Fees, dispatch days and the default GST rate">
        <CommerceForm fields={SHIPPING_FIELDS} initial={formValues(settings, SHIPPING_FIELDS)} action={shippingAction} submitLabel="Save shipping" disabled={!canUpdate} />
        {canUpdate ? null : <p className="mt-3 text-sm text-slate-600">The owner changes these.</p>}
      </Section>
    </>
  );
}
