import "server-only";
import sharp from "sharp";
import { getDb, type Db, type DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { audit, changedFields, type StaffActor } from "@/lib/platform/audit";
import { sanitizeRichText } from "@/lib/platform/html";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { expireTags } from "@/lib/platform/cache";
import { fileStorage, isStoredName } from "@/lib/platform/storage";
import { log } from "@/lib/platform/log";
import { RESERVED_TOP_SEGMENTS } from "@/lib/seo/sitemap";
import { blogStatus, slugFromTitle, type BlogCreateInput, type BlogListFilter, type BlogStatus, type BlogUpdateInput, type PageCreateInput, type PageUpdateInput } from "../content-schemas";

/**
 * The back office's blog posts and CMS pages (docs/back-office.md "Content and settings"): make,
 * change, delete, read as staff see them. Called alike by the admin API's routes
 * (app/api/v2/admin/content/**) and the admin pages' server actions, which ask can() first
 * (content:create / update / delete / publish); each write runs in one transaction with its audit
 * row, throws ApiError (a message per field where a field is at fault), and expires the cache tags
 * the storefront reads once it has committed (blogs / blog:{slug}, pages / page:{slug}; the sitemap
 * reads both lists), on every instance when the cache handler is shared (Redis).
 *
 * What holds whoever changes them:
 *  - a slug belongs to one post (one page); the slugs it had before answer a permanent redirect
 *    (content_slug_redirects names the post, so a chain of renames is one hop), and one that
 *    takes an old slug as its own removes that redirect; a CMS page's slug is not one of the
 *    store's own first path segments (/blogs, /products, ...), which would hide it;
 *  - rich text is cleaned on save with the storefront's allowlist (sanitizeRichText), so what is
 *    stored is what the storefront renders;
 *  - a post is a draft (published false), scheduled (published, its time to come: not listed, not in
 *    the sitemap, 404) or published; the storefront's reads hold the time boundary (content.ts blogClock);
 *  - a banner is uploaded, checked by its content, re-encoded once with sharp and stored through
 *    the storage interface (folder "content", served at /media/content/{name}); its file leaves
 *    storage when the post lets go of it.
 */

export const CONTENT_ADMIN_MESSAGES = {
  blogNotFound: "Blog post not found.",
  pageNotFound: "Page not found.",
  blogCreated: "The blog post is created.",
  pageCreated: "The page is created.",
  saved: "The changes are saved.",
  blogDeleted: "The blog post is deleted.",
  pageDeleted: "The page is deleted.",
  slugTaken: (slug: string) => `Another post or page has the slug ${slug}: choose another.`,
  slugReserved: (slug: string) => `/${slug} is one of the shop's own pages: choose another slug.`,
  noCategory: "There is no such category.",
  bannerSaved: "The banner is saved.",
  bannerRemoved: "The banner is removed.",
  raced: "Another change took this slug a moment ago: send it again.",
} as const;

export const BANNER_UPLOAD = { maxBytes: 10 * 1024 * 1024, minWidth: 600, maxSide: 1600 } as const;
export const BANNER_MESSAGES = {
  none: 'Send the banner as multipart/form-data, the file in the field "banner".',
  tooLarge: `A banner may be at most ${BANNER_UPLOAD.maxBytes / 1024 / 1024} MB.`,
  notImage: "This is not an image the store can use: send a JPEG, PNG, WebP or AVIF image.",
  tooSmall: `This image is too small for a banner: it needs at least ${BANNER_UPLOAD.minWidth} pixels across.`,
} as const;

export const CONTENT_FOLDER = "content";
export const CONTENT_MEDIA_PREFIX = "/media/content/";
const RASTER = new Set(["jpeg", "png", "webp", "heif"]);

export type AdminBlogPost = {
  id: number;
  title: string;
  slug: string;
  shortDescription: string | null;
  description: string;
  author: string;
  banner: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  published: boolean;
  publishedAt: string;
  status: BlogStatus;
  oldSlugs: string[];
  createdAt: string;
  updatedAt: string;
};

export type AdminCmsPage = {
  id: number;
  title: string;
  slug: string;
  shortDesc: string | null;
  content: string;
  category: { id: number; name: string; slug: string } | null;
  metaTitle: string | null;
  metaDescription: string | null;
  published: boolean;
  oldSlugs: string[];
  createdAt: string;
  updatedAt: string;
};

export type AdminContentPage<T> = { items: T[]; page: number; perPage: number; total: number; lastPage: number };

const cleanRich = (html: string) => sanitizeRichText(html).trim();

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

async function inTransaction<T>(handle: DbHandle, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await writeTransaction(handle, work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, CONTENT_ADMIN_MESSAGES.raced);
    throw error;
  }
}

type Kind = "blog" | "page";
const TABLE = { blog: "blogs", page: "cms_pages" } as const;

function slugTaken(slug: string): ApiError {
  return new ApiError(409, CONTENT_ADMIN_MESSAGES.slugTaken(slug), { slug: [CONTENT_ADMIN_MESSAGES.slugTaken(slug)] });
}

function assertPageSlugAllowed(slug: string): void {
  if (RESERVED_TOP_SEGMENTS.has(slug)) throw new ApiError(422, CONTENT_ADMIN_MESSAGES.slugReserved(slug), { slug: [CONTENT_ADMIN_MESSAGES.slugReserved(slug)] });
}

async function assertSlugFree(trx: Db, kind: Kind, slug: string, id: number | null): Promise<void> {
  let query = trx.selectFrom(TABLE[kind]).select("id").where("slug", "=", slug);
  if (id !== null) query = query.where("id", "!=", id);
  if (await query.executeTakeFirst()) throw slugTaken(slug);
}

/** A slug free for a new post or page: the title's, with -2, -3, … when another has it or had it. */
async function freeSlugFor(trx: Db, kind: Kind, title: string): Promise<string> {
  const base = slugFromTitle(title);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (kind === "page" && RESERVED_TOP_SEGMENTS.has(candidate)) continue;
    const [row, redirect] = await Promise.all([
      trx.selectFrom(TABLE[kind]).select("id").where("slug", "=", candidate).executeTakeFirst(),
      trx.selectFrom("content_slug_redirects").select("slug").where("kind", "=", kind).where("slug", "=", candidate).executeTakeFirst(),
    ]);
    if (!row && !redirect) return candidate;
  }
  throw new ApiError(409, "No free slug for this title: send one.", { slug: ["Choose a slug."] });
}

/** Moves `id` from `oldSlug` to `newSlug`: the new one stops redirecting anywhere, the old one redirects to it. */
async function renameSlug(trx: Db, kind: Kind, id: number, oldSlug: string, newSlug: string, at: string): Promise<void> {
  await trx.deleteFrom("content_slug_redirects").where("kind", "=", kind).where("slug", "in", [newSlug, oldSlug]).execute();
  await trx.insertInto("content_slug_redirects").values({ kind, slug: oldSlug, target_id: id, created_at: at }).execute();
}

async function oldSlugsOf(db: Db, kind: Kind, id: number): Promise<string[]> {
  const rows = await db.selectFrom("content_slug_redirects").select("slug").where("kind", "=", kind).where("target_id", "=", id).orderBy("created_at").orderBy("slug").execute();
  return rows.map((r) => r.slug);
}

function expireBlog(...slugs: string[]): void {
  expireTags([cacheTags.blogs, ...[...new Set(slugs)].map((s) => cacheTags.blog(s))]);
}

function expirePage(...slugs: string[]): void {
  expireTags([cacheTags.pages, ...[...new Set(slugs)].map((s) => cacheTags.page(s))]);
}

// ---------------------------------------------------------------- blog posts

type BlogRow = Awaited<ReturnType<typeof blogRow>>;
async function blogRow(db: Db, id: number) {
  return db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
}

function presentBlog(row: NonNullable<BlogRow>, oldSlugs: string[], now: Date): AdminBlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    shortDescription: row.short_description,
    description: row.description,
    author: row.author,
    banner: row.banner,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    published: row.published === 1,
    publishedAt: row.published_at,
    status: blogStatus(row.published === 1, row.published_at, now),
    oldSlugs,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A post as staff see it, in any state; null when there is none. Read from the database as it is (no cache). */
export async function getAdminBlog(id: number, now = new Date()): Promise<AdminBlogPost | null> {
  const { db } = await getDb();
  const row = await blogRow(db, id);
  return row ? presentBlog(row, await oldSlugsOf(db, "blog", id), now) : null;
}

/** Every post, newest first (by published time, then id), 50 a page, filtered by state. */
export async function listAdminBlogs(filter: { status: BlogListFilter; page: number; q?: string }, now = new Date()): Promise<AdminContentPage<AdminBlogPost>> {
  const { db } = await getDb();
  const perPage = 50;
  const at = now.toISOString();
  let query = db.selectFrom("blogs");
  if (filter.status === "draft") query = query.where("published", "=", 0);
  if (filter.status === "scheduled") query = query.where("published", "=", 1).where("published_at", ">", at);
  if (filter.status === "published") query = query.where("published", "=", 1).where("published_at", "<=", at);
  const q = filter.q?.trim().toLowerCase();
  if (q) query = query.where((eb) => eb(eb.fn("lower", ["title"]), "like", `%${q.replace(/[\\%_]/g, "")}%`));
  const countRow = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst();
  const total = Number(countRow?.total ?? 0);
  const rows = await query.selectAll().orderBy("published_at", "desc").orderBy("id", "desc").limit(perPage).offset((filter.page - 1) * perPage).execute();
  return { items: rows.map((r) => presentBlog(r, [], now)), page: filter.page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

function blogAuditView(row: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = row;
  void _id;
  void _c;
  void _u;
  return rest;
}

/** Makes a post: a draft unless `published` (then shown from `published_at`, now when absent). */
export async function createBlog(input: BlogCreateInput, actor: StaffActor, now = new Date()): Promise<AdminBlogPost> {
  const handle = await getDb();
  const at = now.toISOString();
  const id = await inTransaction(handle, async (trx) => {
    const slug = input.slug ?? (await freeSlugFor(trx, "blog", input.title));
    if (input.slug) await assertSlugFree(trx, "blog", slug, null);
    await trx.deleteFrom("content_slug_redirects").where("kind", "=", "blog").where("slug", "=", slug).execute();
    const values = {
      title: input.title,
      slug,
      short_description: input.short_description ?? null,
      description: cleanRich(input.description),
      author: input.author,
      banner: input.banner ?? null,
      meta_title: input.meta_title ?? null,
      meta_description: input.meta_description ?? null,
      published: input.published ? 1 : 0,
      published_at: input.published_at ?? at,
    };
    const row = await trx
      .insertInto("blogs")
      .values({ ...values, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "blog.create", entityType: "blog", entityId: row.id, before: null, after: values }, now);
    return row.id;
  });
  const post = await getAdminBlog(id, now);
  if (!post) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
  expireBlog(post.slug);
  return post;
}

/** Changes a post's fields; a new slug leaves a redirect from the old one. Null when there is no such post. */
export async function updateBlog(id: number, input: BlogUpdateInput, actor: StaffActor, now = new Date()): Promise<AdminBlogPost | null> {
  const handle = await getDb();
  const at = now.toISOString();
  const done = await inTransaction(handle, async (trx) => {
    let query = trx.selectFrom("blogs").selectAll().where("id", "=", id);
    if (handle.dialect === "postgres") query = query.forUpdate();
    const current = await query.executeTakeFirst();
    if (!current) return null;
    if (input.slug !== undefined && input.slug !== current.slug) {
      await assertSlugFree(trx, "blog", input.slug, id);
      await renameSlug(trx, "blog", id, current.slug, input.slug, at);
    }
    const next: Record<string, unknown> = {
      title: input.title,
      slug: input.slug,
      short_description: input.short_description,
      description: input.description === undefined ? undefined : cleanRich(input.description),
      author: input.author,
      banner: input.banner,
      meta_title: input.meta_title,
      meta_description: input.meta_description,
      published: input.published === undefined ? undefined : input.published ? 1 : 0,
      // Publishing a draft without a time shows it now (not at the time it was first saved).
      published_at: input.published_at ?? (input.published === true && current.published === 0 ? at : undefined),
    };
    const change = changedFields(blogAuditView(current), next);
    if (!change) return { before: current, after: current.slug };
    await trx
      .updateTable("blogs")
      .set({ ...(change.after as Record<string, never>), updated_at: at })
      .where("id", "=", id)
      .execute();
    await audit(trx, actor, { action: "blog.update", entityType: "blog", entityId: id, ...change }, now);
    return { before: current, after: (change.after.slug as string | undefined) ?? current.slug };
  });
  if (!done) return null;
  expireBlog(done.before.slug, done.after);
  if (done.before.banner && done.before.banner !== input.banner && input.banner !== undefined) await removeUnusedContentFiles([done.before.banner]);
  return getAdminBlog(id, now);
}

/** Deletes a post (its old slugs stop redirecting; its banner file leaves storage). */
export async function deleteBlog(id: number, actor: StaffActor, now = new Date()): Promise<void> {
  const handle = await getDb();
  const row = await inTransaction(handle, async (trx) => {
    const current = await trx.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
    await trx.deleteFrom("content_slug_redirects").where("kind", "=", "blog").where("target_id", "=", id).execute();
    await trx.deleteFrom("blogs").where("id", "=", id).execute();
    await audit(trx, actor, { action: "blog.delete", entityType: "blog", entityId: id, before: blogAuditView(current), after: null }, now);
    return current;
  });
  expireBlog(row.slug);
  await removeUnusedContentFiles([row.banner]);
}

// ---------------------------------------------------------------- banners

type Encoded = { bytes: Buffer; width: number; height: number };

/** Checks an upload by its content and re-encodes it once (WebP, at most 1600 px across, EXIF orientation applied, metadata dropped). */
export async function encodeBanner(bytes: Buffer): Promise<Encoded | { error: string }> {
  if (bytes.length > BANNER_UPLOAD.maxBytes) return { error: BANNER_MESSAGES.tooLarge };
  if (bytes.length === 0) return { error: BANNER_MESSAGES.notImage };
  try {
    const meta = await sharp(bytes, { limitInputPixels: 60_000_000, failOn: "error" }).metadata();
    if (!meta.format || !RASTER.has(meta.format) || !meta.width || !meta.height) return { error: BANNER_MESSAGES.notImage };
    const across = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
    if (across < BANNER_UPLOAD.minWidth) return { error: BANNER_MESSAGES.tooSmall };
    const { data, info } = await sharp(bytes, { limitInputPixels: 60_000_000, failOn: "error" })
      .rotate()
      .resize({ width: BANNER_UPLOAD.maxSide, height: BANNER_UPLOAD.maxSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return { error: BANNER_MESSAGES.notImage };
  }
}

/** Stores an encoded image through the storage interface; its public path. */
export async function storeContentImage(bytes: Buffer): Promise<string> {
  const name = await fileStorage().put(CONTENT_FOLDER, "webp", bytes);
  return `${CONTENT_MEDIA_PREFIX}${name}`;
}

/** The bytes of a stored content image, for GET /media/content/{name}; null when there is none. */
export function readContentFile(name: string): Promise<Buffer | null> {
  if (!isStoredName(name) || !(name.endsWith(".webp") || name.endsWith(".png"))) return Promise.resolve(null);
  return fileStorage().get(CONTENT_FOLDER, name);
}

/** Removes stored content images among `paths` that no post, slider or setting uses any more; a failure leaves an unused file, never a missing one. */
export async function removeUnusedContentFiles(paths: readonly (string | null | undefined)[]): Promise<void> {
  const candidates = [...new Set(paths.filter((p): p is string => typeof p === "string" && p.startsWith(CONTENT_MEDIA_PREFIX)))];
  if (!candidates.length) return;
  const { db } = await getDb();
  const [blogs, sliders, settings] = await Promise.all([
    db.selectFrom("blogs").select("banner as path").where("banner", "in", candidates).execute(),
    db.selectFrom("sliders").select("photo as path").where("photo", "in", candidates).execute(),
    db.selectFrom("business_settings").select("value as path").where("value", "in", candidates).execute(),
  ]);
  const used = new Set([...blogs, ...sliders, ...settings].map((r) => r.path));
  for (const path of candidates) {
    if (used.has(path)) continue;
    try {
      await fileStorage().remove(CONTENT_FOLDER, path.slice(CONTENT_MEDIA_PREFIX.length));
    } catch (error) {
      log.warn({ err: error, path }, "could not remove a content image's file");
    }
  }
}

/** Sets a post's banner from an upload (checked, re-encoded, stored); the old banner's file leaves storage. */
export async function setBlogBanner(id: number, bytes: Buffer, actor: StaffActor, now = new Date()): Promise<AdminBlogPost> {
  const encoded = await encodeBanner(bytes);
  if ("error" in encoded) throw new ApiError(422, encoded.error, { banner: [encoded.error] });
  const handle = await getDb();
  if (!(await blogRow(handle.db, id))) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
  const path = await storeContentImage(encoded.bytes);
  let before: { slug: string; banner: string | null };
  try {
    before = await inTransaction(handle, async (trx) => {
      const current = await trx.selectFrom("blogs").select(["slug", "banner"]).where("id", "=", id).executeTakeFirst();
      if (!current) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
      await trx.updateTable("blogs").set({ banner: path, updated_at: now.toISOString() }).where("id", "=", id).execute();
      await audit(trx, actor, { action: "blog.banner", entityType: "blog", entityId: id, before: { banner: current.banner }, after: { banner: path, width: encoded.width, height: encoded.height } }, now);
      return current;
    });
  } catch (error) {
    await removeUnusedContentFiles([path]);
    throw error;
  }
  expireBlog(before.slug);
  await removeUnusedContentFiles([before.banner]);
  const post = await getAdminBlog(id, now);
  if (!post) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
  return post;
}

// ---------------------------------------------------------------- CMS pages

async function pageRow(db: Db, id: number) {
  return db.selectFrom("cms_pages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A CMS page as staff see it, in any state; null when there is none. */
export async function getAdminPage(id: number): Promise<AdminCmsPage | null> {
  const { db } = await getDb();
  const row = await pageRow(db, id);
  if (!row) return null;
  const [category, oldSlugs] = await Promise.all([
    row.category_id === null ? Promise.resolve(undefined) : db.selectFrom("categories").select(["id", "name", "slug"]).where("id", "=", row.category_id).executeTakeFirst(),
    oldSlugsOf(db, "page", id),
  ]);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    shortDesc: row.short_desc,
    content: row.content,
    category: category ?? null,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    published: row.published === 1,
    oldSlugs,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every CMS page, by title, 50 a page. */
export async function listAdminPages(filter: { page: number }): Promise<AdminContentPage<Omit<AdminCmsPage, "content" | "oldSlugs" | "category">>> {
  const { db } = await getDb();
  const perPage = 50;
  const countRow = await db.selectFrom("cms_pages").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst();
  const total = Number(countRow?.total ?? 0);
  const rows = await db.selectFrom("cms_pages").selectAll().orderBy("title").orderBy("id").limit(perPage).offset((filter.page - 1) * perPage).execute();
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, slug: r.slug, shortDesc: r.short_desc, metaTitle: r.meta_title, metaDescription: r.meta_description, published: r.published === 1, createdAt: r.created_at, updatedAt: r.updated_at })),
    page: filter.page,
    perPage,
    total,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
  };
}

async function assertCategory(trx: Db, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const found = await trx.selectFrom("categories").select("id").where("id", "=", id).executeTakeFirst();
  if (!found) throw new ApiError(422, CONTENT_ADMIN_MESSAGES.noCategory, { category_id: [CONTENT_ADMIN_MESSAGES.noCategory] });
}

/** Makes a CMS page at /{slug}: a draft unless `published`. */
export async function createPage(input: PageCreateInput, actor: StaffActor, now = new Date()): Promise<AdminCmsPage> {
  const handle = await getDb();
  const at = now.toISOString();
  const id = await inTransaction(handle, async (trx) => {
    if (input.slug) assertPageSlugAllowed(input.slug);
    await assertCategory(trx, input.category_id);
    const slug = input.slug ?? (await freeSlugFor(trx, "page", input.title));
    if (input.slug) await assertSlugFree(trx, "page", slug, null);
    await trx.deleteFrom("content_slug_redirects").where("kind", "=", "page").where("slug", "=", slug).execute();
    const values = {
      title: input.title,
      slug,
      short_desc: input.short_desc ?? null,
      content: cleanRich(input.content ?? ""),
      category_id: input.category_id ?? null,
      meta_title: input.meta_title ?? null,
      meta_description: input.meta_description ?? null,
      published: input.published ? 1 : 0,
    };
    const row = await trx.insertInto("cms_pages").values({ ...values, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "page.create", entityType: "page", entityId: row.id, before: null, after: values }, now);
    return row.id;
  });
  const page = await getAdminPage(id);
  if (!page) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.pageNotFound);
  expirePage(page.slug);
  return page;
}

/** Changes a CMS page; a new slug leaves a redirect from the old one. Null when there is no such page. */
export async function updatePage(id: number, input: PageUpdateInput, actor: StaffActor, now = new Date()): Promise<AdminCmsPage | null> {
  const handle = await getDb();
  const at = now.toISOString();
  const done = await inTransaction(handle, async (trx) => {
    let query = trx.selectFrom("cms_pages").selectAll().where("id", "=", id);
    if (handle.dialect === "postgres") query = query.forUpdate();
    const current = await query.executeTakeFirst();
    if (!current) return null;
    if (input.slug !== undefined && input.slug !== current.slug) {
      assertPageSlugAllowed(input.slug);
      await assertSlugFree(trx, "page", input.slug, id);
      await renameSlug(trx, "page", id, current.slug, input.slug, at);
    }
    await assertCategory(trx, input.category_id);
    const next: Record<string, unknown> = {
      title: input.title,
      slug: input.slug,
      short_desc: input.short_desc,
      content: input.content === undefined ? undefined : cleanRich(input.content),
      category_id: input.category_id,
      meta_title: input.meta_title,
      meta_description: input.meta_description,
      published: input.published === undefined ? undefined : input.published ? 1 : 0,
    };
    const { id: _id, created_at: _c, updated_at: _u, ...was } = current;
    void _id;
    void _c;
    void _u;
    const change = changedFields(was, next);
    if (!change) return { slug: current.slug, after: current.slug };
    await trx
      .updateTable("cms_pages")
      .set({ ...(change.after as Record<string, never>), updated_at: at })
      .where("id", "=", id)
      .execute();
    await audit(trx, actor, { action: "page.update", entityType: "page", entityId: id, ...change }, now);
    return { slug: current.slug, after: (change.after.slug as string | undefined) ?? current.slug };
  });
  if (!done) return null;
  expirePage(done.slug, done.after);
  return getAdminPage(id);
}

/** Deletes a CMS page (its old slugs stop redirecting). */
export async function deletePage(id: number, actor: StaffActor, now = new Date()): Promise<void> {
  const handle = await getDb();
  const row = await inTransaction(handle, async (trx) => {
    const current = await trx.selectFrom("cms_pages").selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.pageNotFound);
    await trx.deleteFrom("content_slug_redirects").where("kind", "=", "page").where("target_id", "=", id).execute();
    await trx.deleteFrom("cms_pages").where("id", "=", id).execute();
    const { id: _id, created_at: _c, updated_at: _u, ...was } = current;
    void _id;
    void _c;
    void _u;
    await audit(trx, actor, { action: "page.delete", entityType: "page", entityId: id, before: was, after: null }, now);
    return current;
  });
  expirePage(row.slug);
}

/** The categories a CMS page's grid may show, for the editor. */
export async function pageCategoryChoices(): Promise<{ id: number; name: string }[]> {
  const { db } = await getDb();
  return db.selectFrom("categories").select(["id", "name"]).orderBy("name").execute();
}
