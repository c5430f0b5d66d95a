import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/admin/ActionForm";
import { CommerceForm } from "@/components/admin/CommerceForm";
import { PageHeader, secondaryButtonClass, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { getZone } from "@/lib/cart";
import { rowIdParam } from "@/lib/cart/commerce-admin";
import { formValues, ZONE_FIELDS } from "@/lib/cart/commerce-forms";
import { ApiError } from "@/lib/platform/errors";
import { switchZoneAction, updateZoneAction } from "../actions";

export const metadata: Metadata = { title: "Delivery zone" };

/** /admin/delivery-zones/{id} (settings:read; settings:update edits and deactivates). */
export default async function ZonePage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/delivery-zones/${encodeURIComponent(raw)}`, "settings", "read");
  const parsed = rowIdParam("Delivery zone").safeParse({ id: raw });
  if (!parsed.success) notFound();
  const zone = await getZone(parsed.data.id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const canUpdate = can(staff, "settings", "update");
  return (
    <>
      <PageHeader
        title={zone.name}
        intro={`PINs ${zone.pin_from}–${zone.pin_to} · ${zone.active ? "active" : "deactivated"}`}
        actions={
          <Link href="/admin/delivery-zones" className="text-sm underline underline-offset-2">
            ← Delivery zones
          </Link>
        }
      />
      {canUpdate ? (
        <div className="mb-4">
          <ActionForm action={switchZoneAction} confirm={zone.active ? `Deactivate "${zone.name}"? Its PINs are no longer served.` : undefined}>
            <input type="hidden" name="id" value={zone.id} />
            <input type="hidden" name="active" value={zone.active ? "0" : "1"} />
            <button type="submit" className={secondaryButtonClass}>
              {zone.active ? "Deactivate" : "Activate"}
            </button>
          </ActionForm>
        </div>
      ) : null}
      <Section title={canUpdate ? "Edit" : "Zone"}>
        <CommerceForm fields={ZONE_FIELDS} initial={formValues(zone, ZONE_FIELDS)} action={updateZoneAction} submitLabel="Save zone" disabled={!canUpdate} hidden={{ id: String(zone.id) }} />
      </Section>
    </>
  );
}
