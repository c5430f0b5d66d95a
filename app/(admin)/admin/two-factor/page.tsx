import type { Metadata } from "next";
import Link from "next/link";
import { TwoFactorSetup } from "@/components/admin/TwoFactorSetup";
import { requireStaffEnrolment } from "@/lib/accounts";
import { getConfig } from "@/lib/platform/config";
import { adminRedirect } from "../_lib/redirect";

export const metadata: Metadata = { title: "Two-factor authentication" };

/**
 * /admin/two-factor: your own second factor. A role the owner requires it for is sent here after
 * signing in until it is set up (every other page redirects here meanwhile); anyone else may open
 * it from the Security page.
 */
export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).redirect;
  const next = adminRedirect(raw);
  const staff = await requireStaffEnrolment(`/admin/two-factor${raw ? `?redirect=${encodeURIComponent(next)}` : ""}`);
  return (
    <main id="admin-main" className="min-h-screen bg-slate-100 px-4 py-10">
      <div className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="mb-4 font-sans text-xl font-semibold text-slate-900">Two-factor authentication</h1>
        <TwoFactorSetup systemKey={getConfig().systemKey} enabled={staff.twoFactorEnabled} required={staff.twoFactorRequired} next={staff.twoFactorRequired && !staff.twoFactorEnabled ? next : raw ? next : null} />
        {!staff.twoFactorRequired || staff.twoFactorEnabled ? (
          <p className="mt-6 text-sm">
            <Link href="/admin" className="text-slate-800 underline underline-offset-2">
              Back to the dashboard
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
