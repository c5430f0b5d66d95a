"use server";

import { refresh } from "next/cache";
import { actionInput, assertCan, requireStaffAction, staffAction } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { addAttributeValue, adjustVariantStock, archiveProduct, createProduct, deleteProduct, deleteProductPhoto, duplicateProduct, PRODUCT_ADMIN_MESSAGES, reorderProductPhotos, saveProductVariants, unarchiveProduct, updateProduct, updateProductPhoto } from "@/lib/catalog";
import type { AdminProductPhoto } from "@/lib/catalog/admin-product";
import { photoOrderSchema, photoUpdateSchema, productCreateSchema, productUpdateSchema } from "@/lib/catalog/product-schemas";
import { variantSetSchema, variantStockAdjustmentSchema } from "@/lib/catalog/variant-schemas";
import { attributeValueSchema } from "@/lib/catalog/category-schemas";
import { ApiError } from "@/lib/platform/errors";
import { slugParam } from "@/lib/platform/fields";
import { z } from "@/lib/platform/zod";

/**
 * The product editor's changes (/admin/products/new and /admin/products/[slug]), on the same
 * services as /api/v2/admin/products/**: each asks can() on the server for what it changes (the
 * PATCH route's rule: product:update for fields, product:publish for `published`, stock:update for
 * an adjustment), validates with the API's zod schemas (a message per field, nothing written),
 * and the service writes its audit row in the change's own transaction. Server actions are
 * origin-checked by Next.js. The editor keeps what was typed: it sends plain values, never a form
 * React would reset.
 */

const slugOf = (slug: unknown) => actionInput(z.object({ slug: slugParam }), { slug }).slug;
const photoId = z.object({ id: z.number().int().min(1).max(2_147_483_647) });
const skuInput = z.object({ sku: z.string().trim().min(1).max(64) });
const attributeId = z.object({ id: z.number({ error: "Choose an attribute." }).int().min(1).max(2_147_483_647) });

/**
 * The editor adds values explicitly ("Add a value", below): a save that names a value its
 * attribute lacks is refused with a message under that attribute, unless it says create_values
 * and the staff member may add values (product:update, as on the attribute's own page).
 */
const newValuesFor = (staff: Parameters<typeof can>[0], createValues: boolean | undefined) => (createValues !== true ? "refuse" : can(staff, "product", "update") ? "create" : "forbidden");

export async function createProductAction(input: unknown): Promise<ActionResult<{ slug: string }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "create");
    const data = actionInput(productCreateSchema, input);
    if (data.published) assertCan(staff, "product", "publish");
    if (data.initial_stock) assertCan(staff, "stock", "update");
    const product = await createProduct(data, staff.actor, new Date(), newValuesFor(staff, data.create_values));
    return { ok: true, message: PRODUCT_ADMIN_MESSAGES.created, data: { slug: product.slug } };
  });
}

export async function saveProductAction(slug: unknown, input: unknown): Promise<ActionResult<{ slug: string }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "read");
    const current = slugOf(slug);
    const data = actionInput(productUpdateSchema, input);
    const { stock_adjustment, published, ...fields } = data;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "product", "update");
    if (published !== undefined) assertCan(staff, "product", "publish");
    if (stock_adjustment) assertCan(staff, "stock", "update");
    const product = await updateProduct(current, data, staff.actor, new Date(), newValuesFor(staff, data.create_values));
    if (!product) throw new ApiError(404, PRODUCT_ADMIN_MESSAGES.notFound);
    refresh();
    return { ok: true, message: PRODUCT_ADMIN_MESSAGES.saved, data: { slug: product.slug } };
  });
}

/**
 * The editor's "Add a value": a new value of one attribute (product:update, the rule of the
 * attribute's own page), audited by attribute-admin.ts; answers the attribute's values in order.
 */
export async function addAttributeValueAction(id: unknown, value: unknown): Promise<ActionResult<{ value: string; values: string[] }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const attribute = actionInput(attributeId, { id }).id;
    const input = actionInput(attributeValueSchema, { value });
    const saved = await addAttributeValue(attribute, input, staff.actor);
    return { ok: true, message: `${input.value} is added to ${saved.name}.`, data: { value: input.value, values: saved.values.map((v) => v.value) } };
  });
}

export async function duplicateProductAction(slug: unknown): Promise<ActionResult<{ slug: string }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "create");
    const copy = await duplicateProduct(slugOf(slug), {}, staff.actor);
    return { ok: true, message: PRODUCT_ADMIN_MESSAGES.duplicated, data: { slug: copy.slug } };
  });
}

export async function archiveProductAction(slug: unknown, archive: boolean): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "publish");
    if (archive) await archiveProduct(slugOf(slug), staff.actor);
    else await unarchiveProduct(slugOf(slug), staff.actor);
    refresh();
    return { ok: true, message: archive ? PRODUCT_ADMIN_MESSAGES.archived : PRODUCT_ADMIN_MESSAGES.unarchived };
  });
}

export async function deleteProductAction(slug: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "delete");
    await deleteProduct(slugOf(slug), staff.actor);
    return { ok: true, message: PRODUCT_ADMIN_MESSAGES.deleted };
  });
}

export async function reorderPhotosAction(slug: unknown, input: unknown): Promise<ActionResult<AdminProductPhoto[]>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const photos = await reorderProductPhotos(slugOf(slug), actionInput(photoOrderSchema, input), staff.actor);
    refresh();
    return { ok: true, message: "The photos' order is saved.", data: photos };
  });
}

export async function updatePhotoAction(slug: unknown, id: unknown, input: unknown): Promise<ActionResult<AdminProductPhoto[]>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const photos = await updateProductPhoto(slugOf(slug), actionInput(photoId, { id }).id, actionInput(photoUpdateSchema, input), staff.actor);
    refresh();
    return { ok: true, message: "The photo is saved.", data: photos };
  });
}

export async function deletePhotoAction(slug: unknown, id: unknown): Promise<ActionResult<AdminProductPhoto[]>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const photos = await deleteProductPhoto(slugOf(slug), actionInput(photoId, { id }).id, staff.actor);
    refresh();
    return { ok: true, message: "The photo is deleted.", data: photos };
  });
}

export async function saveVariantsAction(slug: unknown, input: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const set = actionInput(variantSetSchema, input);
    if (set.variants.some((v) => v.initial_stock > 0)) assertCan(staff, "stock", "update");
    const written = await saveProductVariants(slugOf(slug), set, staff.actor);
    refresh();
    return { ok: true, message: written.length ? `${written.length} variant(s) saved.` : "The product has no variants now." };
  });
}

export async function adjustVariantStockAction(sku: unknown, input: unknown): Promise<ActionResult<{ stock: number }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("stock", "update");
    const result = await adjustVariantStock(actionInput(skuInput, { sku }).sku, actionInput(variantStockAdjustmentSchema, input), staff.actor);
    refresh();
    return { ok: true, message: `Stock is now ${result.stock}.`, data: { stock: result.stock } };
  });
}
