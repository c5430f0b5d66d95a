"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { CATEGORY_ADMIN_MESSAGES, createCategory, deleteCategory, removeCategoryCover, reorderCategory, updateCategory } from "@/lib/catalog";
import { categoryCreateSchema, categoryUpdateSchema, reorderSchema } from "@/lib/catalog/category-schemas";
import { idParam } from "@/lib/platform/fields";
import { z } from "@/lib/platform/zod";

/**
 * The Categories pages' changes, on the same services as the admin API
 * (app/api/v2/admin/categories): each asks can() on the server (product:create to make,
 * product:update to change, move, reorder or remove a cover, product:delete to delete), validates
 * with the API's zod schemas (a message under each wrong field, nothing changed), and its service
 * writes the audit row in the change's transaction. The cover is uploaded to the API itself
 * (PUT /api/v2/admin/categories/{id}/cover), as product photos are.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** "" → null (at the top); a number as typed; anything else is left for zod to refuse. */
const parentOf = (raw: string | undefined): unknown => (raw === undefined ? undefined : raw === "" ? null : /^\d+$/.test(raw) ? Number(raw) : raw);
const orderOf = (raw: string | undefined): unknown => (raw === undefined || raw.trim() === "" ? undefined : /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw);

const idInput = z.object({ id: idParam });

/** The category form's fields as the schemas take them: an empty slug means "from the name" (a new category) or "unchanged". */
function fields(form: FormData) {
  const slug = text(form, "slug")?.trim();
  return {
    name: text(form, "name") ?? "",
    ...(slug ? { slug } : {}),
    parent_id: parentOf(text(form, "parent_id")),
    description: text(form, "description") ?? null,
    meta_title: text(form, "meta_title") ?? null,
    meta_description: text(form, "meta_description") ?? null,
    ...(orderOf(text(form, "sort_order")) === undefined ? {} : { sort_order: orderOf(text(form, "sort_order")) }),
  };
}

/** Makes a category, then opens its page (where its cover is uploaded). */
export async function createCategoryAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "create");
    const input = actionInput(categoryCreateSchema, fields(form));
    const category = await createCategory(input, staff.actor);
    redirect(`/admin/categories/${category.id}?created=1`);
  });
}

/** Saves the category form: its fields, slug and parent. */
export async function updateCategoryAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    const input = actionInput(categoryUpdateSchema, fields(form));
    await updateCategory(id, input, staff.actor);
    refresh();
    return { ok: true, message: CATEGORY_ADMIN_MESSAGES.saved };
  });
}

/** One place up or down among its siblings (the list's ↑ ↓ buttons). */
export async function reorderCategoryAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    const input = actionInput(reorderSchema, { direction: text(form, "direction") });
    const tree = await reorderCategory(id, input, staff.actor);
    refresh();
    const name = tree.find((c) => c.id === id)?.name ?? "The category";
    return { ok: true, message: `${name} moved ${input.direction}.` };
  });
}

/** Moves a category under another top-level category, or to the top (the list's Move). */
export async function moveCategoryAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    const input = actionInput(categoryUpdateSchema, { parent_id: parentOf(text(form, "parent_id") ?? "") });
    const category = await updateCategory(id, input, staff.actor);
    refresh();
    return { ok: true, message: category.parentId === null ? `${category.name} is at the top now.` : `${category.name} moved.` };
  });
}

/** Deletes a category without products and subcategories, then goes back to the list. */
export async function deleteCategoryAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "delete");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    await deleteCategory(id, staff.actor);
    redirect("/admin/categories?deleted=1");
  });
}

/** Removes the category's cover. */
export async function removeCoverAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    await removeCategoryCover(id, staff.actor);
    refresh();
    return { ok: true, message: CATEGORY_ADMIN_MESSAGES.coverRemoved };
  });
}
