import { cutForPreview, seoHint, type SeoHint } from "@/lib/catalog/product-editor";
import { SEO_HINTS } from "@/lib/catalog/product-schemas";
import type { BlogStatus } from "./content-schemas";

/**
 * The blog and CMS page editors' pure rules (components/admin/content/): the form's values from
 * a post or page, the body a save sends (only what changed), the shop's clock for the schedule
 * (India, +05:30: the shop sells in India only), and the search-result preview.
 */

export type BlogFormValues = {
  title: string;
  slug: string;
  author: string;
  short_description: string;
  description: string;
  meta_title: string;
  meta_description: string;
  /** draft, published (from `published_at`, now when empty) or scheduled (at `published_at`). */
  state: BlogStatus;
  /** India's local time as a datetime-local input holds it: "2026-12-01T09:30". */
  published_at: string;
};

export type PageFormValues = {
  title: string;
  slug: string;
  short_desc: string;
  content: string;
  /** "" for every product, else the category's id. */
  category_id: string;
  meta_title: string;
  meta_description: string;
  published: boolean;
};

const IST_MS = 330 * 60_000;

/** An instant as India's local time for a datetime-local input ("2026-12-01T09:30"). */
export function toIndiaLocal(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return new Date(ms + IST_MS).toISOString().slice(0, 16);
}

/** India's local time from a datetime-local input as an instant with its offset ("2026-12-01T09:30:00+05:30"); "" when it is not one. */
export function fromIndiaLocal(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local.trim()) ? `${local.trim()}:00+05:30` : local.trim();
}

export const emptyBlogForm = (author = ""): BlogFormValues => ({ title: "", slug: "", author, short_description: "", description: "", meta_title: "", meta_description: "", state: "draft", published_at: "" });

export function blogForm(p: { title: string; slug: string; author: string; shortDescription: string | null; description: string; metaTitle: string | null; metaDescription: string | null; status: BlogStatus; publishedAt: string }): BlogFormValues {
  return {
    title: p.title,
    slug: p.slug,
    author: p.author,
    short_description: p.shortDescription ?? "",
    description: p.description,
    meta_title: p.metaTitle ?? "",
    meta_description: p.metaDescription ?? "",
    state: p.status,
    published_at: toIndiaLocal(p.publishedAt),
  };
}

const TEXT_KEYS = ["title", "slug", "author", "short_description", "description", "meta_title", "meta_description"] as const;

/**
 * The body of a save: every field for a new post (empty ones left out), only the changed ones
 * for an existing one (`before`); the state as `published` and `published_at`. `canPublish`
 * false leaves the state out (the server would refuse it).
 */
export function blogInput(values: BlogFormValues, options: { before?: BlogFormValues; canPublish: boolean }): Record<string, unknown> {
  const { before, canPublish } = options;
  const out: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    const value = values[key];
    if (before) {
      if (value !== before[key]) out[key] = key === "meta_title" || key === "meta_description" || key === "short_description" ? value || null : value;
    } else if (value.trim() !== "" || key === "title" || key === "author" || key === "description") out[key] = value;
  }
  if (canPublish) {
    const stateChanged = !before || values.state !== before.state || (values.state === "scheduled" && values.published_at !== before.published_at);
    if (stateChanged) {
      if (values.state === "draft") {
        if (before) out.published = false;
      } else {
        out.published = true;
        if (values.state === "scheduled") out.published_at = fromIndiaLocal(values.published_at);
        else if (before?.state !== "published") out.published_at = new Date().toISOString();
      }
    }
  }
  return out;
}

export const emptyPageForm = (): PageFormValues => ({ title: "", slug: "", short_desc: "", content: "", category_id: "", meta_title: "", meta_description: "", published: false });

export function pageForm(p: { title: string; slug: string; shortDesc: string | null; content: string; category: { id: number } | null; metaTitle: string | null; metaDescription: string | null; published: boolean }): PageFormValues {
  return {
    title: p.title,
    slug: p.slug,
    short_desc: p.shortDesc ?? "",
    content: p.content,
    category_id: p.category ? String(p.category.id) : "",
    meta_title: p.metaTitle ?? "",
    meta_description: p.metaDescription ?? "",
    published: p.published,
  };
}

/** The body of a CMS page's save, as blogInput. */
export function pageInput(values: PageFormValues, options: { before?: PageFormValues; canPublish: boolean }): Record<string, unknown> {
  const { before, canPublish } = options;
  const out: Record<string, unknown> = {};
  for (const key of ["title", "slug", "short_desc", "content", "meta_title", "meta_description"] as const) {
    const value = values[key];
    if (before) {
      if (value !== before[key]) out[key] = key === "title" || key === "slug" || key === "content" ? value : value || null;
    } else if (value.trim() !== "" || key === "title") out[key] = value;
  }
  if (!before || values.category_id !== before.category_id) {
    if (before || values.category_id !== "") out.category_id = values.category_id === "" ? null : Number(values.category_id);
  }
  if (canPublish && (before ? values.published !== before.published : values.published)) out.published = values.published;
  return out;
}

/** What a search result may show of a post or page: its title, address and description, cut as a search engine cuts them. */
export function contentSearchPreview(input: { metaTitle: string; title: string; metaDescription: string; fallbackDescription: string; path: string; origin: string; shopName: string }) {
  const title = input.metaTitle.trim() || (input.title.trim() ? `${input.title.trim()} | ${input.shopName}` : input.shopName);
  const description = input.metaDescription.trim() || input.fallbackDescription.trim();
  const host = input.origin.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return { title: cutForPreview(title, SEO_HINTS.title), url: `${host}${input.path.split("/").join(" › ").replace(/^ › /, " › ")}`, description: cutForPreview(description, SEO_HINTS.description) };
}

export { seoHint, type SeoHint };
