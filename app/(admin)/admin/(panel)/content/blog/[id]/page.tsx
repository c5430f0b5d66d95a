import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BlogEditor } from "@/components/admin/content/BlogEditor";
import { Notice, PageHeader } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { getAdminBlog } from "@/lib/content";
import { blogForm } from "@/lib/content/content-editor";
import { getConfig } from "@/lib/platform/config";
import { getSiteSettings } from "@/lib/platform/settings";
import { deleteBlogAction, saveBlogAction } from "../../actions";

export const metadata: Metadata = { title: "Blog post" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /admin/content/blog/{id} (content:read): the post in the editor (saving needs content:update; the state content:publish). */
export default async function BlogPostAdminPage({ params, searchParams }: Props) {
  const raw = (await params).id;
  const staff = await requireStaffPage(`/admin/content/blog/${encodeURIComponent(raw)}`, "content", "read");
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const post = id ? await getAdminBlog(id) : null;
  if (!post) notFound();
  const [settings, query] = await Promise.all([getSiteSettings(), searchParams]);
  const status = { draft: "a draft: only staff see it (Preview)", scheduled: "scheduled: shoppers see it from its time on", published: "published: shoppers see it" }[post.status];
  return (
    <>
      <PageHeader title={post.title} intro={`/blog/${post.slug} — ${status}.`} />
      {query.created ? <Notice tone="green">The blog post is created. Add its banner below, preview it, and publish it when it is ready.</Notice> : null}
      {post.oldSlugs.length ? <Notice tone="blue">Old addresses that redirect here: {post.oldSlugs.map((s) => `/blog/${s}`).join(", ")}.</Notice> : null}
      <BlogEditor
        id={post.id}
        initial={blogForm(post)}
        banner={post.banner}
        origin={getConfig().siteUrl}
        shopName={settings.website_name || "Kesar Home"}
        systemKey={getConfig().systemKey}
        can={{ publish: can(staff, "content", "publish"), delete: can(staff, "content", "delete") }}
        save={saveBlogAction.bind(null, post.id)}
        remove={deleteBlogAction.bind(null, post.id)}
      />
      <p className="text-sm">
        <Link href="/admin/content/blog" className="text-slate-800 underline underline-offset-2">
          ← All blog posts
        </Link>
      </p>
    </>
  );
}
