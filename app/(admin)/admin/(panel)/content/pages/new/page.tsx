import type { Metadata } from "next";
import Link from "next/link";
import { PageEditor } from "@/components/admin/content/PageEditor";
import { PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { pageCategoryChoices } from "@/lib/content";
import { emptyPageForm } from "@/lib/content/content-editor";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import { createPageAction } from "../../actions";

export const metadata: Metadata = { title: "New page" };

/** /admin/content/pages/new (content:create): the page editor, empty. */
export default async function NewCmsPage() {
  const staff = await requireStaffPage("/admin/content/pages/new", "content", "create");
  const [settings, categories] = await Promise.all([getSiteSettings(), pageCategoryChoices()]);
  return (
    <>
      <PageHeader title="New page" intro="A draft until it is published; Preview shows it at its address first." />
      <PageEditor initial={emptyPageForm()} categories={categories} origin={getConfig().siteUrl} shopName={settings.website_name || "Kesar Home"} can={{ publish: can(staff, "content", "publish"), delete: false }} save={createPageAction} />
      <p className="text-sm">
        <Link href="/admin/content/pages" className="text-slate-800 underline underline-offset-2">
          ← All pages
        </Link>
      </p>
    </>
  );
}
