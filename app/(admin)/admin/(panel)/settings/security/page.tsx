import type { Metadata } from "next";
import Link from "next/link";
import { SecurityForm } from "@/components/admin/SecurityForm";
import { Badge, PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage, securitySettings } from "@/lib/accounts";
import { can, STAFF_ROLES } from "@/lib/accounts/access";
import { securityAction } from "./actions";

export const metadata: Metadata = { title: "Security" };

/**
 * /admin/settings/security (settings:read): which roles must have a second factor (the owner
 * changes it), and your own second factor.
 */
export default async function SecurityPage() {
  const staff = await requireStaffPage("/admin/settings/security", "settings", "read");
  const settings = await securitySettings();
  return (
    <>
      <PageHeader title="Security" />
      <Section title="Two-factor authentication by role">
        <p className="mb-3 text-sm text-slate-600">Staff of a checked role must set up an authenticator app before they can use the back office or the admin API with their session.</p>
        <SecurityForm roles={STAFF_ROLES} required={settings.two_factor_required_roles} disabled={!can(staff, "settings", "update")} action={securityAction} />
      </Section>
      <Section title="Your second factor">
        <p className="text-sm text-slate-700">
          {staff.twoFactorEnabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}{" "}
          <Link href="/admin/two-factor" className="ml-2 underline underline-offset-2">
            {staff.twoFactorEnabled ? "Recovery codes" : "Set up two-factor authentication"}
          </Link>
        </p>
      </Section>
    </>
  );
}
