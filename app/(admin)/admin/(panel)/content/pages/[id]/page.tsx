import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageEditor } from "@/components/admin/content/PageEditor";
import { Notice, PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { getAdminPage, pageCategoryChoices } from "@/lib/content";
import { pageForm } from "@/lib/content/content-editor";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import { deletePageAction, savePageAction } from "../../actions";

export const metadata: Metadata = { title: "Page" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /admin/content/pages/{id} (content:read): the CMS page in the editor. */
export default async function CmsPageAdminPage({ params, searchParams }: Props) {
  const raw = (await params).id;
  const staff = await requireStaffPage(`/admin/content/pages/${encodeURIComponent(raw)}`, "content", "read");
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const page = id ? await getAdminPage(id) : null;
  if (!page) notFound();
  const [settings, categories, query] = await Promise.all([getSiteSettings(), pageCategoryChoices(), searchParams]);
  return (
    <>
      <PageHeader title={page.title} intro={`/${page.slug} — ${page.published ? "published: shoppers see it" : "a draft: only staff see it (Preview)"}.`} />
      {query.created ? <Notice tone="green">The page is created.</Notice> : null}
      {page.oldSlugs.length ? <Notice tone="blue">Old addresses that redirect here: {page.oldSlugs.map((s) => `/${s}`).join(", ")}.</Notice> : null}
      <PageEditor
        id={page.id}
        initial={pageForm(page)}
        categories={categories}
        origin={getConfig().siteUrl}
        shopName={settings.website_name || "Kesar Home"}
        can={{ publish: can(staff, "content", "publish"), delete: can(staff, "content", "delete") }}
        save={savePageAction.bind(null, page.id)}
        remove={deletePageAction.bind(null, page.id)}
      />
      <p className="text-sm">
        <Link href="/admin/content/pages" className="text-slate-800 underline underline-offset-2">
          ← All pages
        </Link>
      </p>
    </>
  );
}
