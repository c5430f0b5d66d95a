"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { adjustVariantStock, PRODUCT_ADMIN_MESSAGES, setLowStockDefault, setProductLowStockThreshold, STOCK_ADMIN_MESSAGES, updateProduct } from "@/lib/catalog";
import { productThresholdSchema, shopThresholdSchema, stockAdjustFormSchema } from "@/lib/catalog/stock-admin";
import { ApiError } from "@/lib/platform/errors";
import { z } from "@/lib/platform/zod";

/**
 * The Stock page's changes, on the same services as the admin API: an adjustment (stock:update)
 * goes through the ledger as PATCH /api/v2/admin/products/{slug} stock_adjustment or a variant's
 * adjustment does; a product's threshold (stock:update) and the shop's default (settings:update)
 * are the Stock services'. Each asks can() on the server, validates with zod (a message under each
 * wrong field, nothing changed), and its service writes the audit row in the change's transaction.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

const slugInput = z.object({ slug: stockAdjustFormSchema.shape.slug });

/** Units in or out of a product (or one of its variants) with a reason. */
export async function adjustStockAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("stock", "update");
    const sku = text(form, "sku")?.trim();
    const input = actionInput(stockAdjustFormSchema, { slug: text(form, "slug"), sku: sku || undefined, adjustment: { delta: text(form, "delta") ?? "", reason: text(form, "reason") ?? "" } });
    const what = text(form, "label")?.slice(0, 200) || input.sku || input.slug;
    let stock: number;
    if (input.sku) {
      stock = (await adjustVariantStock(input.sku, input.adjustment, staff.actor)).stock;
    } else {
      const product = await updateProduct(input.slug, { stock_adjustment: input.adjustment }, staff.actor);
      if (!product) throw new ApiError(404, PRODUCT_ADMIN_MESSAGES.notFound);
      stock = product.stockQuantity;
    }
    refresh();
    const { delta } = input.adjustment;
    return { ok: true, message: `${what}: ${delta > 0 ? `${delta} in` : `${-delta} out`}, ${stock} in stock now.` };
  });
}

/** A product's own low-stock threshold (empty: the shop's default). */
export async function productThresholdAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("stock", "update");
    const { slug } = actionInput(slugInput, { slug: text(form, "slug") });
    const { low_stock_threshold } = actionInput(productThresholdSchema, { low_stock_threshold: text(form, "low_stock_threshold") ?? "" });
    const saved = await setProductLowStockThreshold(slug, low_stock_threshold, staff.actor);
    refresh();
    return { ok: true, message: STOCK_ADMIN_MESSAGES.thresholdSaved(saved.threshold, saved.shopDefault) };
  });
}

/** The shop's default low-stock threshold (settings:update). */
export async function shopThresholdAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("settings", "update");
    const { low_stock_threshold } = actionInput(shopThresholdSchema, { low_stock_threshold: text(form, "low_stock_threshold") ?? "" });
    const value = await setLowStockDefault(low_stock_threshold, staff.actor);
    refresh();
    return { ok: true, message: STOCK_ADMIN_MESSAGES.defaultSaved(value) };
  });
}
