import type { Metadata } from "next";
import { BusinessSettingsForm } from "@/components/admin/content/BusinessSettingsForm";
import { PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { getBusinessSettingsForEdit } from "@/lib/content";
import { getConfig } from "@/lib/platform/config";
import { saveBusinessSettingsAction } from "./actions";

export const metadata: Metadata = { title: "Business settings" };

/** /admin/settings/business (settings:update): the shop's name, logos, contact details, social links, about text, meta tags, top bar and returns. */
export default async function BusinessSettingsPage() {
  await requireStaffPage("/admin/settings/business", "settings", "update");
  const settings = await getBusinessSettingsForEdit();
  return (
    <>
      <PageHeader title="Business settings" intro="What the storefront's header, footer and pages, the policy texts and every mail say about the shop. A save shows in the shop at once." />
      <BusinessSettingsForm initial={settings} systemKey={getConfig().systemKey} save={saveBusinessSettingsAction} />
    </>
  );
}
