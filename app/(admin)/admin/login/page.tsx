import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/admin/LoginForm";
import { currentStaff } from "@/lib/accounts";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import { adminRedirect } from "../_lib/redirect";

export const metadata: Metadata = { title: "Sign in" };

/**
 * /admin/login?redirect=<admin path>: the back office's sign-in (email and password, then the
 * second factor when the account has one). A staff member already signed in goes straight on; a
 * customer's session is not a staff session and signs in here like a guest.
 */
export default async function AdminLoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = adminRedirect((await searchParams).redirect);
  const staff = await currentStaff(false);
  if (staff.ok) redirect(next);
  if (!staff.ok && staff.reason === "two-factor") redirect(`/admin/two-factor?redirect=${encodeURIComponent(next)}`);
  const settings = await getSiteSettings();
  return (
    <main id="admin-main" className="flex min-h-screen items-start justify-center bg-slate-100 px-4 pt-[12vh]">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold tracking-wider text-slate-600 uppercase">{settings.website_name}</p>
        <h1 className="mt-1 mb-5 font-sans text-xl font-semibold text-slate-900">Sign in to the back office</h1>
        <LoginForm systemKey={getConfig().systemKey} redirect={next} />
      </div>
    </main>
  );
}
