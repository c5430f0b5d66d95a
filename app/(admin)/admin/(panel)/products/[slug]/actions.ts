"use server";

import { refresh } from "next/cache";
import { actionInput, assertCan, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { adjustVariantStock, archiveProduct, createProduct, deleteProduct, deleteProductPhoto, duplicateProduct, PRODUCT_ADMIN_MESSAGES, reorderProductPhotos, saveProductVariants, unarchiveProduct, updateProduct, updateProductPhoto } from "@/lib/catalog";
import type { AdminProductPhoto } from "@/lib/catalog/admin-product";
import { photoOrderSchema, photoUpdateSchema, productCreateSchema, productUpdateSchema } from "@/lib/catalog/product-schemas";
import { variantSetSchema, variantStockAdjustmentSchema } from "@/lib/catalog/variant-schemas";
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

export async function createProductAction(input: unknown): Promise<ActionResult<{ slug: string }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "create");
    const data = actionInput(productCreateSchema, input);
    if (data.published) assertCan(staff, "product", "publish");
    if (data.initial_stock) assertCan(staff, "stock", "update");
    const product = await createProduct(data, staff.actor);
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
    const product = await updateProduct(current, data, staff.actor);
    if (!product) throw new ApiError(404, PRODUCT_ADMIN_MESSAGES.notFound);
    refresh();
    return { ok: true, message: PRODUCT_ADMIN_MESSAGES.saved, data: { slug: product.slug } };
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
