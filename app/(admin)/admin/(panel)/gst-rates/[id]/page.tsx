import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/admin/ActionForm";
import { CommerceForm } from "@/components/admin/CommerceForm";
import { dangerButtonClass, PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { getGstRate } from "@/lib/cart";
import { rowIdParam } from "@/lib/cart/commerce-admin";
import { formValues, GST_FIELDS } from "@/lib/cart/commerce-forms";
import { ApiError } from "@/lib/platform/errors";
import { deleteGstAction, updateGstAction } from "../actions";

export const metadata: Metadata = { title: "GST rate" };

/** /admin/gst-rates/{id} (settings:update): edit or delete one row of the rate table. */
export default async function GstRatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  await requireStaffPage(`/admin/gst-rates/${encodeURIComponent(raw)}`, "settings", "update");
  const parsed = rowIdParam("GST rate").safeParse({ id: raw });
  if (!parsed.success) notFound();
  const row = await getGstRate(parsed.data.id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  return (
    <>
      <PageHeader
        title={`GST rate: HSN ${row.hsn_prefix}`}
        intro="Sales from the saved change on use it; orders placed before keep the rates they were placed with."
        actions={
          <Link href="/admin/gst-rates" className="text-sm underline underline-offset-2">
            ← GST rates
          </Link>
        }
      />
      <Section title="Edit">
        <CommerceForm fields={GST_FIELDS} initial={formValues(row, GST_FIELDS)} action={updateGstAction} submitLabel="Save row" hidden={{ id: String(row.id) }} />
      </Section>
      <ActionForm action={deleteGstAction} confirm={`Delete the row for HSN ${row.hsn_prefix}? Products it covered fall back to a shorter prefix or the default rate.`}>
        <input type="hidden" name="id" value={row.id} />
        <button type="submit" className={dangerButtonClass}>
          Delete row
        </button>
      </ActionForm>
    </>
  );
}
