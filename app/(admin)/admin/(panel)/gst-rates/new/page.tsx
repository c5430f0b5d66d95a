import type { Metadata } from "next";
import Link from "next/link";
import { CommerceForm } from "@/components/admin/CommerceForm";
import { PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { GST_FIELDS } from "@/lib/cart/commerce-forms";
import { indiaDay, isoDay } from "@/lib/cart/delivery";
import { createGstAction } from "../actions";

export const metadata: Metadata = { title: "New GST rate" };

/** /admin/gst-rates/new (settings:update). */
export default async function NewGstPage() {
  await requireStaffPage("/admin/gst-rates/new", "settings", "update");
  const initial = { hsn_prefix: "", max_taxable_value: "", rate_percent: "", effective_from: isoDay(indiaDay(new Date())), note: "" };
  return (
    <>
      <PageHeader
        title="New GST rate"
        actions={
          <Link href="/admin/gst-rates" className="text-sm underline underline-offset-2">
            ← GST rates
          </Link>
        }
      />
      <Section title="Row">
        <CommerceForm fields={GST_FIELDS} initial={initial} action={createGstAction} submitLabel="Create row" />
      </Section>
    </>
  );
}
