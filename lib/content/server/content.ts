import "server-only";
import { getDb } from "@/lib/platform/db";
import { htmlToText, sanitizeRichText } from "@/lib/platform/html";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { cachedRead } from "@/lib/platform/cache";
import type { Page } from "@/lib/catalog";

export type Slide = {
  id: number;
  heading: string;
  subheading: string | null;
  photo: string;
  url: string | null;
  linkText: string | null;
  buttonText: string | null;
};

export type BlogSummary = {
  id: number;
  title: string;
  slug: string;
  banner: string | null;
  excerpt: string;
  author: string;
  publishedAt: string;
  createdAt: string;
};

export type BlogPost = BlogSummary & {
  description: string;
  metaTitle: string;
  metaDescription: string;
  updatedAt: string;
};

export type CmsPage = {
  id: number;
  title: string;
  slug: string;
  shortDesc: string | null;
  content: string;
  categoryId: number | null;
  metaTitle: string;
  metaDescription: string;
  updatedAt: string;
};

export type Testimonial = { id: number; name: string; location: string | null; quote: string; rating: number };

export function listSliders(): Promise<Slide[]> {
  return cachedRead("listSliders", [], [cacheTags.sliders], async () => {
    const { db } = await getDb();
    const rows = await db.selectFrom("sliders").selectAll().where("active", "=", 1).orderBy("sort_order").orderBy("id").execute();
    return rows.map((r) => ({
      id: r.id,
      heading: r.heading,
      subheading: r.subheading,
      photo: r.photo,
      url: r.url,
      linkText: r.link_text,
      buttonText: r.button_text,
    }));
  });
}

type BlogRow = {
  id: number;
  title: string;
  slug: string;
  banner: string | null;
  short_description: string | null;
  description: string;
  author: string;
  published_at: string;
  created_at: string;
};

function toBlogSummary(row: BlogRow): BlogSummary {
  const text = row.short_description?.trim() || htmlToText(row.description);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    banner: row.banner,
    excerpt: text.length > 280 ? `${text.slice(0, 277).trimEnd()}…` : text,
    author: row.author,
    publishedAt: row.published_at,
    createdAt: row.created_at,
  };
}

const blogColumns = ["id", "title", "slug", "banner", "short_description", "description", "author", "published_at", "created_at"] as const;

/** Published posts, newest first. */
export function listBlogs(page = 1, perPage = 12): Promise<Page<BlogSummary>> {
  return cachedRead("listBlogs", [page, perPage], [cacheTags.blogs], async () => {
    const { db } = await getDb();
    const countRow = await db
      .selectFrom("blogs")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("published", "=", 1)
      .executeTakeFirst();
    const total = Number(countRow?.total ?? 0);
    const rows = await db
      .selectFrom("blogs")
      .select(blogColumns)
      .where("published", "=", 1)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return { items: rows.map(toBlogSummary), page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
  });
}

export function getBlogBySlug(slug: string): Promise<BlogPost | null> {
  return cachedRead("getBlogBySlug", [slug], [cacheTags.blogs, cacheTags.blog(slug)], async () => {
    const { db } = await getDb();
    const row = await db.selectFrom("blogs").selectAll().where("slug", "=", slug).where("published", "=", 1).executeTakeFirst();
    if (!row) return null;
    const summary = toBlogSummary(row);
    return {
      ...summary,
      description: sanitizeRichText(row.description),
      metaTitle: row.meta_title || row.title,
      metaDescription: row.meta_description || summary.excerpt,
      updatedAt: row.updated_at,
    };
  });
}

export function getCmsPage(slug: string): Promise<CmsPage | null> {
  return cachedRead("getCmsPage", [slug], [cacheTags.pages, cacheTags.page(slug)], async () => {
    const { db } = await getDb();
    const row = await db.selectFrom("cms_pages").selectAll().where("slug", "=", slug).where("published", "=", 1).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      shortDesc: row.short_desc,
      content: sanitizeRichText(row.content),
      categoryId: row.category_id,
      metaTitle: row.meta_title || row.title,
      metaDescription: row.meta_description || row.short_desc || row.title,
      updatedAt: row.updated_at,
    };
  });
}

/** Slug of the category a CMS page's product grid shows, if any. */
export function getCategorySlugById(id: number): Promise<string | null> {
  return cachedRead("getCategorySlugById", [id], [cacheTags.categories], async () => {
    const { db } = await getDb();
    const row = await db.selectFrom("categories").select("slug").where("id", "=", id).executeTakeFirst();
    return row?.slug ?? null;
  });
}

export function listTestimonials(): Promise<Testimonial[]> {
  return cachedRead("listTestimonials", [], [cacheTags.testimonials], async () => {
    const { db } = await getDb();
    return db
      .selectFrom("testimonials")
      .select(["id", "name", "location", "quote", "rating"])
      .where("active", "=", 1)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
  });
}
