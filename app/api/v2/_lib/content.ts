import { LIST_KINDS, type ListKind } from "@/lib/content/home-schemas";
import { ApiError } from "@/lib/platform/errors";
import type { AdminBlogPost, AdminCmsPage } from "@/lib/content";

/** A blog post as the admin API answers it (snake_case, as the rest of API v2). */
export const presentAdminBlog = (p: AdminBlogPost) => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  short_description: p.shortDescription,
  description: p.description,
  author: p.author,
  banner: p.banner,
  meta_title: p.metaTitle,
  meta_description: p.metaDescription,
  published: p.published,
  published_at: p.publishedAt,
  status: p.status,
  old_slugs: p.oldSlugs,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

/** A CMS page as the admin API answers it; `category` null: its grid shows every product. */
export const presentAdminPage = (p: Partial<Pick<AdminCmsPage, "content" | "category" | "oldSlugs">> & Omit<AdminCmsPage, "content" | "category" | "oldSlugs">) => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  short_desc: p.shortDesc,
  ...(p.content === undefined ? {} : { content: p.content }),
  ...(p.category === undefined ? {} : { category: p.category }),
  meta_title: p.metaTitle,
  meta_description: p.metaDescription,
  published: p.published,
  ...(p.oldSlugs === undefined ? {} : { old_slugs: p.oldSlugs }),
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

/** The list a {kind} segment names (sliders, testimonials, faqs); 404 for anything else, like an unknown path. */
export function listKindOf(raw: { kind?: string | string[] }): ListKind {
  const kind = raw.kind;
  if (typeof kind !== "string" || !(LIST_KINDS as readonly string[]).includes(kind)) throw new ApiError(404, "Not found.");
  return kind as ListKind;
}
