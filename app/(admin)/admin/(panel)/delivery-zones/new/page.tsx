import type { Metadata } from "next";
import Link from "next/link";
import { CommerceForm } from "@/components/admin/CommerceForm";
import { PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { ZONE_FIELDS } from "@/lib/cart/commerce-forms";
import { createZoneAction } from "../actions";

export const metadata: Metadata = { title: "New delivery zone" };

/** /admin/delivery-zones/new (settings:update). */
export default async function NewZonePage() {
  await requireStaffPage("/admin/delivery-zones/new", "settings", "update");
  const initial = { name: "", pin_from: "", pin_to: "", "standard_days.min": "", "standard_days.max": "", "express_days.min": "", "express_days.max": "", active: true };
  return (
    <>
      <PageHeader
        title="New delivery zone"
        actions={
          <Link href="/admin/delivery-zones" className="text-sm underline underline-offset-2">
            ← Delivery zones
          </Link>
        }
      />
      <Section title="Zone">
        <CommerceForm fields={ZONE_FIELDS} initial={initial} action={createZoneAction} submitLabel="Create zone" />
      </Section>
    </>
  );
}
