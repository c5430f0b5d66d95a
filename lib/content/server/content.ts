import "server-only";
import { getDb } from "@/lib/platform/db";
import { htmlToText, sanitizeRichText } from "@/lib/platform/html";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { cachedRead } from "@/lib/platform/cache";
import type { Page } from "@/lib/catalog";
import { blogStatus, type BlogStatus, scheduleAt } from "../content-schemas";

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
    // A slide added in the back office has no photo until one is uploaded (and cannot be shown before).
    const rows = await db.selectFrom("sliders").selectAll().where("active", "=", 1).where("photo", "!=", "").orderBy("sort_order").orderBy("id").execute();
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

/**
 * When published posts show: a post is shown from its published_at on (one in the future is
 * scheduled). The cached list of published times (expired by every change of a post) gives the
 * latest time already reached, `cutoff`, which keys and bounds the cached reads below, so a
 * scheduled post appears in them the moment its time comes without any write; and an ISR page
 * that reads it (the home page) is told to regenerate then, through a read whose lifetime ends
 * at the next scheduled time (cachedRead's maxAge shortens the page's revalidate).
 */
export async function blogClock(now = new Date()): Promise<{ cutoff: string | null; next: string | null }> {
  const times = await cachedRead("blogSchedule", [], [cacheTags.blogs], async () => {
    const { db } = await getDb();
    const rows = await db.selectFrom("blogs").select("published_at").where("published", "=", 1).orderBy("published_at", "desc").execute();
    return rows.map((r) => r.published_at);
  });
  const clock = scheduleAt(times, now);
  if (clock.next) {
    const next = clock.next;
    await cachedRead("blogNextPublish", [next], [cacheTags.blogs], async () => next, { maxAge: (Date.parse(next) - now.getTime()) / 1000 });
  }
  return clock;
}


/** Published posts whose time has come, newest first. */
export async function listBlogs(page = 1, perPage = 12, now = new Date()): Promise<Page<BlogSummary>> {
  const { cutoff } = await blogClock(now);
  if (cutoff === null) return { items: [], page, perPage, total: 0, lastPage: 1 };
  return cachedRead("listBlogs", [page, perPage, cutoff], [cacheTags.blogs], async () => {
    const { db } = await getDb();
    const countRow = await db
      .selectFrom("blogs")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("published", "=", 1)
      .where("published_at", "<=", cutoff)
      .executeTakeFirst();
    const total = Number(countRow?.total ?? 0);
    const rows = await db
      .selectFrom("blogs")
      .select(blogColumns)
      .where("published", "=", 1)
      .where("published_at", "<=", cutoff)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return { items: rows.map(toBlogSummary), page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
  });
}

type FullBlogRow = BlogRow & { meta_title: string | null; meta_description: string | null; updated_at: string };

function toBlogPost(row: FullBlogRow): BlogPost {
  const summary = toBlogSummary(row);
  return {
    ...summary,
    description: sanitizeRichText(row.description),
    metaTitle: row.meta_title || row.title,
    metaDescription: row.meta_description || summary.excerpt,
    updatedAt: row.updated_at,
  };
}

/** A published post by slug, once its time has come (a scheduled post is not found until then). */
export async function getBlogBySlug(slug: string, now = new Date()): Promise<BlogPost | null> {
  const post = await cachedRead("getBlogBySlug", [slug], [cacheTags.blogs, cacheTags.blog(slug)], async () => {
    const { db } = await getDb();
    const row = await db.selectFrom("blogs").selectAll().where("slug", "=", slug).where("published", "=", 1).executeTakeFirst();
    return row ? toBlogPost(row) : null;
  });
  return post && Date.parse(post.publishedAt) <= now.getTime() ? post : null;
}

/** Any post by slug, draft or scheduled too, read from the database as it is: for staff's preview (draft mode) only, never cached. */
export async function getBlogPreview(slug: string, now = new Date()): Promise<(BlogPost & { status: BlogStatus }) | null> {
  const { db } = await getDb();
  const row = await db.selectFrom("blogs").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? { ...toBlogPost(row), status: blogStatus(row.published === 1, row.published_at, now) } : null;
}

/** The slug of today of the shown post or page that had `slug` before (content_slug_redirects, migration 019), for a permanent redirect. */
export function findContentRedirect(kind: "blog" | "page", slug: string, now = new Date()): Promise<string | null> {
  const read = async () => {
    const { db } = await getDb();
    const redirect = await db.selectFrom("content_slug_redirects").select("target_id").where("kind", "=", kind).where("slug", "=", slug).executeTakeFirst();
    if (!redirect) return null;
    if (kind === "page") {
      const page = await db.selectFrom("cms_pages").select(["slug", "published"]).where("id", "=", redirect.target_id).executeTakeFirst();
      return page?.published === 1 ? { slug: page.slug, from: null } : null;
    }
    const post = await db.selectFrom("blogs").select(["slug", "published", "published_at"]).where("id", "=", redirect.target_id).executeTakeFirst();
    return post?.published === 1 ? { slug: post.slug, from: post.published_at } : null;
  };
  const found =
    kind === "blog"
      ? cachedRead("findContentRedirect", [kind, slug], [cacheTags.blogs, cacheTags.blog(slug)], read)
      : cachedRead("findContentRedirect", [kind, slug], [cacheTags.pages, cacheTags.page(slug)], read);
  return found.then((f) => (f && (f.from === null || Date.parse(f.from) <= now.getTime()) ? f.slug : null));
}

type CmsRow = { id: number; title: string; slug: string; short_desc: string | null; content: string; category_id: number | null; meta_title: string | null; meta_description: string | null; updated_at: string };

function toCmsPage(row: CmsRow): CmsPage {
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
}

export function getCmsPage(slug: string): Promise<CmsPage | null> {
  return cachedRead("getCmsPage", [slug], [cacheTags.pages, cacheTags.page(slug)], async () => {
    const { db } = await getDb();
    const row = await db.selectFrom("cms_pages").selectAll().where("slug", "=", slug).where("published", "=", 1).executeTakeFirst();
    return row ? toCmsPage(row) : null;
  });
}

/** Any CMS page by slug, draft too, from the database as it is: for staff's preview (draft mode) only, never cached. */
export async function getCmsPagePreview(slug: string): Promise<(CmsPage & { published: boolean }) | null> {
  const { db } = await getDb();
  const row = await db.selectFrom("cms_pages").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? { ...toCmsPage(row), published: row.published === 1 } : null;
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

export type FaqRow = { id: number; question: string; answer: string; link_href: string | null; link_label: string | null };

/** The FAQ page's shown questions in their order, as stored (their {placeholders} are filled by the page: lib/content/faqs.ts). */
export function listFaqs(): Promise<FaqRow[]> {
  return cachedRead("listFaqs", [], [cacheTags.faqs], async () => {
    const { db } = await getDb();
    return db.selectFrom("faqs").select(["id", "question", "answer", "link_href", "link_label"]).where("active", "=", 1).orderBy("sort_order").orderBy("id").execute();
  });
}
