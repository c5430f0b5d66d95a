import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AdminShell } from "@/components/admin/AdminShell";
import { requireStaffPage } from "@/lib/accounts";
import { navFor } from "@/lib/accounts/admin-nav";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import { searchAdmin } from "../_lib/actions";

/**
 * The signed-in back office: the frame with the pages the role allows (navFor: can() on the
 * server). A guest or a customer is sent to /admin/login; each page asks its own permission too.
 */
export default async function PanelLayout({ children }: { children: ReactNode }) {
  const path = (await headers()).get("x-admin-path") ?? "/admin";
  const staff = await requireStaffPage(path);
  const settings = await getSiteSettings();
  return (
    <AdminShell shopName={settings.website_name} user={staff.user} roles={staff.roles} items={navFor(staff)} systemKey={getConfig().systemKey} search={searchAdmin}>
      {children}
    </AdminShell>
  );
}
