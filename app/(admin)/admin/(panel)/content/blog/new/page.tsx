import type { Metadata } from "next";
import Link from "next/link";
import { BlogEditor } from "@/components/admin/content/BlogEditor";
import { PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { emptyBlogForm } from "@/lib/content/content-editor";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import { createBlogAction } from "../../actions";

export const metadata: Metadata = { title: "New blog post" };

/** /admin/content/blog/new (content:create): the blog editor, empty; the banner and Preview come once the post exists. */
export default async function NewBlogPage() {
  const staff = await requireStaffPage("/admin/content/blog/new", "content", "create");
  const settings = await getSiteSettings();
  return (
    <>
      <PageHeader title="New blog post" intro="A draft until it is published. The banner and Preview come next, on the post's page." />
      <BlogEditor initial={emptyBlogForm(staff.user.name)} origin={getConfig().siteUrl} shopName={settings.website_name || "Kesar Home"} systemKey={getConfig().systemKey} can={{ publish: can(staff, "content", "publish"), delete: false }} save={createBlogAction} />
      <p className="text-sm">
        <Link href="/admin/content/blog" className="text-slate-800 underline underline-offset-2">
          ← All blog posts
        </Link>
      </p>
    </>
  );
}
