import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AdminShell } from "@/components/admin/AdminShell";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { navFor } from "@/lib/accounts/admin-nav";
import { countNewInbox, countWaitingGrievances } from "@/lib/content";
import { countRequestedReturns } from "@/lib/orders";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import { searchAdmin } from "../_lib/actions";

/**
 * The signed-in back office: the frame with the pages the role allows (navFor: can() on the
 * server), with the inbox's count of new items and the grievances waiting for a role that reads them, and the returns requested for a role that reads orders. A guest or a customer is
 * sent to /admin/login; each page asks its own permission too.
 */
export default async function PanelLayout({ children }: { children: ReactNode }) {
  const path = (await headers()).get("x-admin-path") ?? "/admin";
  const staff = await requireStaffPage(path);
  const readsInbox = can(staff, "inbox", "read");
  const readsOrders = can(staff, "order", "read");
  const [settings, newInbox, grievances, returns] = await Promise.all([getSiteSettings(), readsInbox ? countNewInbox() : 0, readsInbox ? countWaitingGrievances() : 0, readsOrders ? countRequestedReturns() : 0]);
  const counts = {
    "/admin/inbox": { count: newInbox, label: newInbox === 1 ? "new item" : "new items" },
    "/admin/grievances": { count: grievances, label: grievances === 1 ? "grievance waiting" : "grievances waiting" },
    "/admin/returns": { count: returns, label: returns === 1 ? "return requested" : "returns requested" },
  };
  return (
    <AdminShell shopName={settings.website_name} user={staff.user} roles={staff.roles} items={navFor(staff)} counts={counts} systemKey={getConfig().systemKey} search={searchAdmin}>
      {children}
    </AdminShell>
  );
}
