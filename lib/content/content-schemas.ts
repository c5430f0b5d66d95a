import { z } from "@/lib/platform/zod";
import { isSlug, MAX_SLUG_LENGTH } from "@/lib/platform/slug";
import { hasControlChars } from "@/lib/catalog/options";
import { slugFromName } from "@/lib/catalog/product-schemas";

/**
 * What the back office sends to make and change blog posts and CMS pages
 * (lib/content/server/content-admin.ts), by the admin API (app/api/v2/admin/content/**) and by the
 * admin pages' server actions alike. Pure (zod only), so the editors check with the same rules.
 * Rich text is any HTML here and is cleaned on save with the storefront's allowlist
 * (lib/platform/html.ts sanitizeRichText).
 */

export const CONTENT_FIELD_MESSAGES = {
  title: "A title is 3 to 200 characters.",
  slug: `A slug is lowercase letters and digits in words joined by hyphens ("monsoon-curtains"), 3 to ${MAX_SLUG_LENGTH} characters.`,
  author: "An author is 2 to 100 characters.",
  body: "Write the text (it cannot be empty).",
  publishedAt: "A date and time with its offset, such as 2026-12-01T09:30:00+05:30.",
  banner: "A banner is a path under /media/ (an upload of the store's own).",
  controlChars: "Cannot contain control characters.",
  nul: "Cannot contain NUL characters.",
  category: "A category's id, or null for every product.",
} as const;

export const CONTENT_RICH_MAX = 200_000;

const line = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, message)
    .refine((v) => !hasControlChars(v), CONTENT_FIELD_MESSAGES.controlChars);

const plain = (max: number) =>
  z
    .string({ error: "Must be text." })
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !hasControlChars(v.replace(/[\t\n\r]/g, " ")), CONTENT_FIELD_MESSAGES.controlChars);

const rich = z
  .string({ error: "Must be text (HTML)." })
  .max(CONTENT_RICH_MAX, `At most ${CONTENT_RICH_MAX.toLocaleString("en-IN")} characters.`)
  .refine((v) => !v.includes("\u0000"), CONTENT_FIELD_MESSAGES.nul);

/** Text that may be cleared: null or "" both mean none. */
const clearable = <T extends z.ZodType<string>>(schema: T) => schema.nullable().transform((v) => (v === null || v === "" ? null : v));

export const contentSlugField = z
  .string({ error: CONTENT_FIELD_MESSAGES.slug })
  .trim()
  .min(3, CONTENT_FIELD_MESSAGES.slug)
  .refine((v) => isSlug(v), CONTENT_FIELD_MESSAGES.slug);

/** An instant with its offset (an ISO 8601 date-time), stored as UTC. */
export const publishedAtField = z
  .string({ error: CONTENT_FIELD_MESSAGES.publishedAt })
  .trim()
  .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success && !Number.isNaN(Date.parse(v)), CONTENT_FIELD_MESSAGES.publishedAt)
  .transform((v) => new Date(v).toISOString());

export const bannerPathField = z
  .string({ error: CONTENT_FIELD_MESSAGES.banner })
  .trim()
  .max(300, CONTENT_FIELD_MESSAGES.banner)
  .regex(/^\/media\/[A-Za-z0-9/_.-]+$/, CONTENT_FIELD_MESSAGES.banner)
  .refine((p) => !p.includes(".."), CONTENT_FIELD_MESSAGES.banner);

const blogFields = {
  title: line(3, 200, CONTENT_FIELD_MESSAGES.title),
  slug: contentSlugField,
  short_description: clearable(plain(500)),
  description: rich.refine((v) => v.replace(/<[^>]*>/g, "").trim() !== "" || /<img\b/i.test(v), CONTENT_FIELD_MESSAGES.body),
  author: line(2, 100, CONTENT_FIELD_MESSAGES.author),
  banner: clearable(bannerPathField),
  meta_title: clearable(line(0, 200, "At most 200 characters.")),
  meta_description: clearable(plain(500)),
  /** Shown in the shop (from published_at on); false keeps it a draft. */
  published: z.boolean({ error: "published is true or false." }),
  /** When it shows: now when published without one; a time in the future schedules it. */
  published_at: publishedAtField,
};

export const blogCreateSchema = z.strictObject({
  ...blogFields,
  slug: blogFields.slug.optional(),
  short_description: blogFields.short_description.optional(),
  banner: blogFields.banner.optional(),
  meta_title: blogFields.meta_title.optional(),
  meta_description: blogFields.meta_description.optional(),
  published: blogFields.published.optional(),
  published_at: blogFields.published_at.optional(),
});
export type BlogCreateInput = z.output<typeof blogCreateSchema>;

export const blogUpdateSchema = z.strictObject(Object.fromEntries(Object.entries(blogFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof blogFields]: z.ZodOptional<(typeof blogFields)[K]> });
export type BlogUpdateInput = z.output<typeof blogUpdateSchema>;

const pageFields = {
  title: line(3, 200, CONTENT_FIELD_MESSAGES.title),
  slug: contentSlugField,
  short_desc: clearable(plain(500)),
  content: rich,
  /** The category whose products the page's grid shows; null for every product. */
  category_id: z.number({ error: CONTENT_FIELD_MESSAGES.category }).int(CONTENT_FIELD_MESSAGES.category).min(1, CONTENT_FIELD_MESSAGES.category).max(2_147_483_647, CONTENT_FIELD_MESSAGES.category).nullable(),
  meta_title: clearable(line(0, 200, "At most 200 characters.")),
  meta_description: clearable(plain(500)),
  published: z.boolean({ error: "published is true or false." }),
};

export const pageCreateSchema = z.strictObject({
  ...pageFields,
  slug: pageFields.slug.optional(),
  short_desc: pageFields.short_desc.optional(),
  content: pageFields.content.optional(),
  category_id: pageFields.category_id.optional(),
  meta_title: pageFields.meta_title.optional(),
  meta_description: pageFields.meta_description.optional(),
  published: pageFields.published.optional(),
});
export type PageCreateInput = z.output<typeof pageCreateSchema>;

export const pageUpdateSchema = z.strictObject(Object.fromEntries(Object.entries(pageFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof pageFields]: z.ZodOptional<(typeof pageFields)[K]> });
export type PageUpdateInput = z.output<typeof pageUpdateSchema>;

export type BlogStatus = "draft" | "scheduled" | "published";

/** A post's state: a draft until published; published with a time still to come is scheduled. */
export function blogStatus(published: boolean, publishedAt: string, now: Date = new Date()): BlogStatus {
  if (!published) return "draft";
  return Date.parse(publishedAt) > now.getTime() ? "scheduled" : "published";
}

/** The slug a title gives ("Monsoon Curtains!" → "monsoon-curtains"). */
export const slugFromTitle = (title: string): string => slugFromName(title);

/** The first path among `statuses`' list filter the admin list accepts. */
export const BLOG_LIST_FILTERS = ["all", "draft", "scheduled", "published"] as const;
export type BlogListFilter = (typeof BLOG_LIST_FILTERS)[number];

/** The list's ?status=, lenient: anything else is every post. */
export const blogListFilter = (raw: unknown): BlogListFilter => (BLOG_LIST_FILTERS as readonly unknown[]).includes(raw) ? (raw as BlogListFilter) : "all";

const listPage = z.coerce.number().int().min(1).max(100_000).default(1);

/** The admin blog list's URL state (/admin/content/blog?status=&q=&page=). */
export const blogListQuerySchema = z.object({
  status: z.enum(BLOG_LIST_FILTERS).default("all"),
  q: z.string().trim().max(100).optional(),
  page: listPage,
});

/** The admin CMS page list's URL state (/admin/content/pages?page=). */
export const pageListQuerySchema = z.object({ page: listPage });

/** Of published times (any order), the latest one reached at `now` and the soonest still to come. */
export function scheduleAt(times: readonly string[], now: Date): { cutoff: string | null; next: string | null } {
  let cutoff: string | null = null;
  let next: string | null = null;
  const at = now.getTime();
  for (const t of times) {
    const ms = Date.parse(t);
    if (ms <= at) {
      if (cutoff === null || ms > Date.parse(cutoff)) cutoff = t;
    } else if (next === null || ms < Date.parse(next)) next = t;
  }
  return { cutoff, next };
}
