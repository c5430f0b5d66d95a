import "server-only";
import { getDb, type Db, type DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import type { CategoriesTable } from "@/lib/platform/db/schema";
import type { Selectable } from "kysely";
import { ApiError } from "@/lib/platform/errors";
import { audit, changedFields, type StaffActor } from "@/lib/platform/audit";
import { fileStorage } from "@/lib/platform/storage";
import { UPLOADED_PHOTO_PREFIX } from "../admin-product";
import { categorySlugFromName, type CategoryCreateInput, type CategoryUpdateInput, type ReorderInput } from "../category-schemas";
import { flattenTree, placementProblem, reorderedSiblings, siblingsOf, type AdminCategory, type TreeNode } from "../category-tree";
import { PHOTO_MESSAGES } from "../product-schemas";
import { revalidateCategories } from "./catalog-admin";
import { PHOTO_FOLDER, reencodeImage, removeUnusedPhotoFiles } from "./product-photos";

/**
 * The back office's categories (docs/back-office.md "Categories and attributes"): make, change,
 * move, reorder and delete categories and set their covers. Called alike by the admin API
 * (app/api/v2/admin/categories) and the admin pages' server actions: each takes the input its zod
 * schema (../category-schemas.ts) parsed and the StaffActor, runs one write transaction with its
 * audit row in it, throws ApiError (a message per field where one is at fault) and, once it has
 * committed, expires the storefront's cached reads of categories (./catalog-admin.ts), so the
 * menu, the category pages, their filters and the sitemap show the change on the next request on
 * every instance (the cache handler shares expiries through Redis when several run).
 *
 * What holds whoever changes it:
 *  - the tree has two levels, the storefront's (../category-tree.ts): never a cycle;
 *  - the whole tree is read with its rows locked (PostgreSQL; SQLite's write transaction holds the
 *    database) before a change, so two moves at once cannot make a cycle together;
 *  - a slug belongs to one category; the ones it had before answer a permanent redirect to it
 *    (category_slug_redirects, migration 018), and a category that takes an old slug removes that
 *    redirect;
 *  - a category is deleted only when it has no product (archived ones count: they keep their
 *    category) and no subcategory;
 *  - a cover is checked by content and re-encoded with sharp like product photos, stored through
 *    the storage interface beside them, and its file leaves storage when nothing uses it.
 */

export const CATEGORY_ADMIN_MESSAGES = {
  notFound: "Category not found.",
  created: "The category is created.",
  saved: "The category is saved.",
  reordered: "The category is in its new place.",
  deleted: "The category is deleted.",
  coverSaved: "The cover is saved.",
  coverRemoved: "The cover is removed.",
  noCover: "This category has no cover.",
  slugTaken: (slug: string) => `Another category has the slug ${slug}: choose another.`,
  notEmpty: (name: string, products: number, children: number) =>
    `${name} still has ${[products ? (products === 1 ? "1 product" : `${products} products`) : null, children ? (children === 1 ? "1 subcategory" : `${children} subcategories`) : null].filter(Boolean).join(" and ")}: move ${products + children === 1 ? "it" : "them"} to another category before deleting it.`,
  coverNone: 'Send the cover as multipart/form-data, the file in the field "cover".',
  raced: "Another change took this slug a moment ago: send it again.",
} as const;

/** The longer side of a stored cover: the category page's banner is full width. */
export const COVER_MAX_SIDE = 2000;

type Row = Selectable<CategoriesTable>;
const node = (r: Pick<Row, "id" | "parent_id" | "name" | "sort_order">): TreeNode => ({ id: r.id, parentId: r.parent_id, name: r.name, sortOrder: r.sort_order });

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

async function inTransaction<T>(handle: DbHandle, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await writeTransaction(handle, work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, CATEGORY_ADMIN_MESSAGES.raced, { slug: [CATEGORY_ADMIN_MESSAGES.raced] });
    throw error;
  }
}

/** Every category, rows locked in id order on PostgreSQL. */
async function lockedTree(trx: Db, handle: DbHandle): Promise<Row[]> {
  let query = trx.selectFrom("categories").selectAll().orderBy("id");
  if (handle.dialect === "postgres") query = query.forUpdate();
  return query.execute();
}

function find(rows: readonly Row[], id: number): Row {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new ApiError(404, CATEGORY_ADMIN_MESSAGES.notFound);
  return row;
}

function assertPlacement(rows: readonly Row[], id: number | null, parentId: number | null): void {
  const problem = placementProblem(rows.map(node), id, parentId);
  if (problem) throw new ApiError(parentId !== null && !rows.some((r) => r.id === parentId) ? 422 : 409, problem, { parent_id: [problem] });
}

async function slugInUse(trx: Db, slug: string, except: number | null): Promise<boolean> {
  let category = trx.selectFrom("categories").select("id").where("slug", "=", slug);
  if (except !== null) category = category.where("id", "!=", except);
  return Boolean(await category.executeTakeFirst());
}

/** Whether another category has or had the slug (a slug the store picks never takes another's old address). */
async function slugHeld(trx: Db, slug: string): Promise<boolean> {
  const [category, redirect] = await Promise.all([
    trx.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirst(),
    trx.selectFrom("category_slug_redirects").select("slug").where("slug", "=", slug).executeTakeFirst(),
  ]);
  return Boolean(category || redirect);
}

async function freeSlugFor(trx: Db, name: string): Promise<string> {
  const base = categorySlugFromName(name) || "category";
  const start = base.length >= 2 ? base : `category-${base}`;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? start : `${start}-${n}`;
    if (!(await slugHeld(trx, candidate))) return candidate;
  }
  throw new ApiError(409, "No free slug for this name: send one.", { slug: ["Choose a slug."] });
}

/** Writes sort_order 0, 1, 2, … in the order given. */
async function writeOrder(trx: Db, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) await trx.updateTable("categories").set({ sort_order: position }).where("id", "=", id).execute();
}

/** The categories as the back office lists them: each followed by its subcategories, with product counts and old slugs. Read from the database as it is (no cache). */
export async function listAdminCategories(db?: Db): Promise<(AdminCategory & { depth: number })[]> {
  const conn = db ?? (await getDb()).db;
  const [rows, counts, redirects] = await Promise.all([
    conn.selectFrom("categories").selectAll().execute(),
    conn
      .selectFrom("products")
      .select(["category_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("category_id")
      .execute(),
    conn.selectFrom("category_slug_redirects").select(["slug", "category_id"]).orderBy("created_at").execute(),
  ]);
  const categories: AdminCategory[] = rows.map((r) => ({
    ...node(r),
    slug: r.slug,
    description: r.description,
    coverImage: r.cover_image,
    metaTitle: r.meta_title,
    metaDescription: r.meta_description,
    productCount: Number(counts.find((c) => c.category_id === r.id)?.n ?? 0),
    childCount: rows.filter((c) => c.parent_id === r.id).length,
    oldSlugs: redirects.filter((x) => x.category_id === r.id).map((x) => x.slug),
    updatedAt: String(r.updated_at),
  }));
  return flattenTree(categories);
}

/** One category as the back office shows it, or null. */
export async function getAdminCategory(id: number, db?: Db): Promise<(AdminCategory & { depth: number }) | null> {
  return (await listAdminCategories(db)).find((c) => c.id === id) ?? null;
}

async function answer(id: number): Promise<AdminCategory & { depth: number }> {
  const category = await getAdminCategory(id);
  if (!category) throw new ApiError(404, CATEGORY_ADMIN_MESSAGES.notFound);
  return category;
}

const shown = (r: Pick<Row, "name" | "slug" | "parent_id" | "description" | "meta_title" | "meta_description" | "sort_order" | "cover_image">) => ({
  name: r.name,
  slug: r.slug,
  parent_id: r.parent_id,
  description: r.description,
  meta_title: r.meta_title,
  meta_description: r.meta_description,
  sort_order: r.sort_order,
  cover_image: r.cover_image,
});

/** Makes a category, at the top or under a top-level one, last among its siblings unless an order is given. */
export async function createCategory(input: CategoryCreateInput, actor: StaffActor, now = new Date()): Promise<AdminCategory & { depth: number }> {
  const handle = await getDb();
  const at = now.toISOString();
  const { id, slugs } = await inTransaction(handle, async (trx) => {
    const rows = await lockedTree(trx, handle);
    const parentId = input.parent_id ?? null;
    assertPlacement(rows, null, parentId);
    let slug: string;
    if (input.slug) {
      if (await slugInUse(trx, input.slug, null)) throw new ApiError(409, CATEGORY_ADMIN_MESSAGES.slugTaken(input.slug), { slug: [CATEGORY_ADMIN_MESSAGES.slugTaken(input.slug)] });
      slug = input.slug;
      await trx.deleteFrom("category_slug_redirects").where("slug", "=", slug).execute();
    } else slug = await freeSlugFor(trx, input.name);
    const siblings = siblingsOf(rows.map(node), parentId);
    const sortOrder = input.sort_order ?? (siblings.length ? Math.max(...siblings.map((s) => s.sortOrder)) + 1 : 0);
    const values = {
      parent_id: parentId,
      name: input.name,
      slug,
      description: input.description ?? null,
      cover_image: null,
      sort_order: sortOrder,
      meta_title: input.meta_title ?? null,
      meta_description: input.meta_description ?? null,
      created_at: at,
      updated_at: at,
    };
    const row = await trx.insertInto("categories").values(values).returning("id").executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "category.create", entityType: "category", entityId: row.id, before: null, after: shown(values) }, now);
    const parent = rows.find((r) => r.id === parentId);
    return { id: row.id, slugs: [slug, ...(parent ? [parent.slug] : [])] };
  });
  revalidateCategories(slugs);
  return answer(id);
}

/**
 * Changes a category: its fields, its slug (the old one redirects), its parent (a move, by the
 * tree's rules: it goes last among its new siblings unless an order is given) or its order.
 */
export async function updateCategory(id: number, input: CategoryUpdateInput, actor: StaffActor, now = new Date()): Promise<AdminCategory & { depth: number }> {
  const handle = await getDb();
  const at = now.toISOString();
  const slugs = await inTransaction(handle, async (trx) => {
    const rows = await lockedTree(trx, handle);
    const current = find(rows, id);
    const moved = input.parent_id !== undefined && input.parent_id !== current.parent_id;
    if (moved) assertPlacement(rows, id, input.parent_id ?? null);
    const renamed = input.slug !== undefined && input.slug !== current.slug;
    if (renamed) {
      const slug = input.slug as string;
      if (await slugInUse(trx, slug, id)) throw new ApiError(409, CATEGORY_ADMIN_MESSAGES.slugTaken(slug), { slug: [CATEGORY_ADMIN_MESSAGES.slugTaken(slug)] });
      await trx.deleteFrom("category_slug_redirects").where("slug", "in", [slug, current.slug]).execute();
      await trx.insertInto("category_slug_redirects").values({ slug: current.slug, category_id: id, created_at: at }).execute();
    }
    let sortOrder = input.sort_order;
    if (moved && sortOrder === undefined) {
      const siblings = siblingsOf(rows.map(node), input.parent_id ?? null);
      sortOrder = siblings.length ? Math.max(...siblings.map((s) => s.sortOrder)) + 1 : 0;
    }
    const next = {
      name: input.name,
      slug: input.slug,
      parent_id: input.parent_id,
      description: input.description,
      meta_title: input.meta_title,
      meta_description: input.meta_description,
      sort_order: sortOrder,
    };
    const change = changedFields(shown(current), next);
    if (!change) return [] as string[];
    await trx
      .updateTable("categories")
      .set({ ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)), updated_at: at })
      .where("id", "=", id)
      .execute();
    await audit(trx, actor, { action: moved ? "category.move" : "category.update", entityType: "category", entityId: id, before: change.before, after: change.after }, now);
    const parents = [current.parent_id, input.parent_id].map((p) => rows.find((r) => r.id === p)?.slug).filter((s): s is string => Boolean(s));
    return [current.slug, input.slug ?? current.slug, ...parents];
  });
  if (slugs.length) revalidateCategories(slugs);
  return answer(id);
}

/** Moves a category one place up or down among its siblings (409 when it is first or last already). */
export async function reorderCategory(id: number, input: ReorderInput, actor: StaffActor, now = new Date()): Promise<(AdminCategory & { depth: number })[]> {
  const handle = await getDb();
  const slugs = await inTransaction(handle, async (trx) => {
    const rows = await lockedTree(trx, handle);
    const current = find(rows, id);
    const before = siblingsOf(rows.map(node), current.parent_id).map((n) => n.id);
    const order = reorderedSiblings(rows.map(node), id, input.direction);
    if (typeof order === "string") throw new ApiError(409, order, { direction: [order] });
    await writeOrder(trx, order);
    await trx.updateTable("categories").set({ updated_at: now.toISOString() }).where("id", "=", id).execute();
    await audit(trx, actor, { action: "category.reorder", entityType: "category", entityId: id, before: { parent_id: current.parent_id, order: before }, after: { parent_id: current.parent_id, order } }, now);
    const parent = rows.find((r) => r.id === current.parent_id);
    return [current.slug, ...(parent ? [parent.slug] : [])];
  });
  revalidateCategories(slugs);
  return listAdminCategories();
}

/** Deletes a category without products and subcategories (409 saying how many it has); its cover's file leaves storage. */
export async function deleteCategory(id: number, actor: StaffActor, now = new Date()): Promise<void> {
  const handle = await getDb();
  const removed = await inTransaction(handle, async (trx) => {
    const rows = await lockedTree(trx, handle);
    const current = find(rows, id);
    const products = Number((await trx.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).where("category_id", "=", id).executeTakeFirstOrThrow()).n);
    const children = rows.filter((r) => r.parent_id === id).length;
    if (products || children) throw new ApiError(409, CATEGORY_ADMIN_MESSAGES.notEmpty(current.name, products, children));
    await trx.deleteFrom("categories").where("id", "=", id).execute();
    await audit(trx, actor, { action: "category.delete", entityType: "category", entityId: id, before: shown(current), after: null }, now);
    const parent = rows.find((r) => r.id === current.parent_id);
    return { slugs: [current.slug, ...(parent ? [parent.slug] : [])], cover: current.cover_image };
  });
  revalidateCategories(removed.slugs);
  await removeUnusedPhotoFiles([removed.cover]);
}

/**
 * Sets a category's cover from an upload: checked by content and re-encoded (422 or 413 with a
 * message for "cover" when it cannot be used, and nothing changes), stored, then the row and the
 * audit row in one transaction (the stored file is removed again when it fails). The cover it
 * had leaves storage unless something else uses it.
 */
export async function setCategoryCover(id: number, bytes: Buffer, actor: StaffActor, now = new Date()): Promise<AdminCategory & { depth: number }> {
  const handle = await getDb();
  if (!(await handle.db.selectFrom("categories").select("id").where("id", "=", id).executeTakeFirst())) throw new ApiError(404, CATEGORY_ADMIN_MESSAGES.notFound);
  const encoded = await reencodeImage(bytes, COVER_MAX_SIDE);
  if ("error" in encoded) throw new ApiError(encoded.error === PHOTO_MESSAGES.tooLarge ? 413 : 422, encoded.error, { cover: [encoded.error] });
  const path = `${UPLOADED_PHOTO_PREFIX}${await fileStorage().put(PHOTO_FOLDER, "webp", encoded.bytes)}`;
  let result: { slugs: string[]; old: string | null };
  try {
    result = await inTransaction(handle, async (trx) => {
      const rows = await lockedTree(trx, handle);
      const current = find(rows, id);
      await trx.updateTable("categories").set({ cover_image: path, updated_at: now.toISOString() }).where("id", "=", id).execute();
      await audit(trx, actor, { action: "category.cover", entityType: "category", entityId: id, before: { cover_image: current.cover_image }, after: { cover_image: path, width: encoded.width, height: encoded.height } }, now);
      const parent = rows.find((r) => r.id === current.parent_id);
      return { slugs: [current.slug, ...(parent ? [parent.slug] : [])], old: current.cover_image };
    });
  } catch (error) {
    await fileStorage()
      .remove(PHOTO_FOLDER, path.slice(UPLOADED_PHOTO_PREFIX.length))
      .catch(() => undefined);
    throw error;
  }
  revalidateCategories(result.slugs);
  await removeUnusedPhotoFiles([result.old]);
  return answer(id);
}

/** Removes a category's cover (409 when it has none); its file leaves storage unless something else uses it. */
export async function removeCategoryCover(id: number, actor: StaffActor, now = new Date()): Promise<AdminCategory & { depth: number }> {
  const handle = await getDb();
  const result = await inTransaction(handle, async (trx) => {
    const rows = await lockedTree(trx, handle);
    const current = find(rows, id);
    if (!current.cover_image) throw new ApiError(409, CATEGORY_ADMIN_MESSAGES.noCover);
    await trx.updateTable("categories").set({ cover_image: null, updated_at: now.toISOString() }).where("id", "=", id).execute();
    await audit(trx, actor, { action: "category.cover", entityType: "category", entityId: id, before: { cover_image: current.cover_image }, after: { cover_image: null } }, now);
    const parent = rows.find((r) => r.id === current.parent_id);
    return { slugs: [current.slug, ...(parent ? [parent.slug] : [])], old: current.cover_image };
  });
  revalidateCategories(result.slugs);
  await removeUnusedPhotoFiles([result.old]);
  return answer(id);
}
