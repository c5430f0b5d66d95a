import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AdminShell } from "@/components/admin/AdminShell";
import type { NavCounts } from "@/components/admin/NavLinks";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { navFor } from "@/lib/accounts/admin-nav";
import { countNewInbox, countWaitingGrievances } from "@/lib/content";
import { countNewOrders, countRefundRequests, countRequestedReturns } from "@/lib/orders";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import { searchAdmin } from "../_lib/actions";

/**
 * The signed-in back office: the frame with the pages the role allows (navFor: can() on the
 * server), with the inbox's count of new items, the grievances waiting, on Orders the new orders
 * waiting for the shop and the refund requests waiting for a decision, and on Returns the returns
 * requested, each for a role that reads them. A guest or a customer is sent to /admin/login; each
 * page asks its own permission too.
 */
export default async function PanelLayout({ children }: { children: ReactNode }) {
  const path = (await headers()).get("x-admin-path") ?? "/admin";
  const staff = await requireStaffPage(path);
  const readsInbox = can(staff, "inbox", "read");
  const readsOrders = can(staff, "order", "read");
  const readsRefunds = can(staff, "refund", "read");
  const [settings, newInbox, grievances, newOrders, refundRequests, returns] = await Promise.all([
    getSiteSettings(),
    readsInbox ? countNewInbox() : 0,
    readsInbox ? countWaitingGrievances() : 0,
    readsOrders ? countNewOrders() : 0,
    readsOrders && readsRefunds ? countRefundRequests() : 0,
    readsOrders ? countRequestedReturns() : 0,
  ]);
  // Only what the role reads reaches the page (the sidebar is a client component: its props are in the HTML).
  const counts: NavCounts = {};
  if (readsInbox) {
    counts["/admin/inbox"] = { count: newInbox, label: newInbox === 1 ? "new item" : "new items" };
    counts["/admin/grievances"] = { count: grievances, label: grievances === 1 ? "grievance waiting" : "grievances waiting" };
  }
  if (readsOrders) {
    counts["/admin/orders"] = [
      { count: newOrders, label: newOrders === 1 ? "new order waiting" : "new orders waiting" },
      ...(readsRefunds ? [{ count: refundRequests, label: refundRequests === 1 ? "refund request waiting" : "refund requests waiting", tone: "alert" as const }] : []),
    ];
    counts["/admin/returns"] = { count: returns, label: returns === 1 ? "return requested" : "returns requested" };
  }
  return (
    <AdminShell shopName={settings.website_name} user={staff.user} roles={staff.roles} items={navFor(staff)} counts={counts} systemKey={getConfig().systemKey} search={searchAdmin}>
      {children}
    </AdminShell>
  );
}
