import "server-only";
import { getDb, type DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ACTOR } from "@/lib/platform/actor";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { ApiError } from "@/lib/platform/errors";
import { STOCK_REASON } from "../stock";
import type { VariantSetInput, VariantStockAdjustment } from "../variant-schemas";
import { revalidateProduct } from "./catalog-admin";
import { moveStock, StockShortage } from "./ledger";
import { type WrittenVariant, writeVariantSet } from "./variant-rows";

/**
 * The back office's variant calls (the screens are later work; docs/storefront.md "Variants"):
 * set a product's options and variants, and adjust a variant's stock through the ledger. Input is
 * parsed by lib/catalog/variant-schemas.ts first; prices come in rupees as in the rest of API v2.
 * Each call is one write transaction, with its audit row (product.variants, stock.adjust) in it;
 * the product's pages and listings are refreshed after it.
 */

export const VARIANT_SERVICE_MESSAGES = {
  productGone: "Product not found.",
  variantGone: "Variant not found.",
  shortage: (available: number, taken: number) => `Only ${available} in stock: an adjustment cannot take out ${taken}.`,
} as const;

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * Replaces the options and variants of the product with this slug (see variant-rows.ts for what
 * stays true). `handle` is the shop's database unless a tool or test passes its own.
 */
export async function saveProductVariants(slug: string, input: VariantSetInput, by: StaffActor, now = new Date(), handle?: DbHandle): Promise<WrittenVariant[]> {
  const db = handle ?? (await getDb());
  const variants = await writeTransaction(db, async (trx) => {
    const product = await trx.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst();
    if (!product) throw new ApiError(404, VARIANT_SERVICE_MESSAGES.productGone);
    const written = await writeVariantSet(
      trx,
      db.dialect,
      product.id,
      {
        options: input.options.map((o) => ({ name: o.name, values: o.values })),
        variants: input.variants.map((v) => ({
          sku: v.sku,
          values: v.options,
          price: paise(v.price),
          listPrice: paise(v.compare_at_price ?? v.price),
          initialStock: v.initial_stock,
          madeToOrder: v.made_to_order,
          photo: v.photo ?? null,
        })),
      },
      { actor: ACTOR.staff, actorId: by.userId, now },
    );
    await audit(trx, by, { action: "product.variants", entityType: "product", entityId: product.id, before: null, after: { options: input.options, skus: written.variants.map((v) => v.sku) } }, now);
    return written.variants;
  });
  if (!handle) revalidateProduct(slug);
  return variants;
}

/** Adds or takes a variant's stock with a reason (stock_movements 'adjustment'); answers its stock after. */
export async function adjustVariantStock(sku: string, adjustment: VariantStockAdjustment, by: StaffActor, now = new Date(), handle?: DbHandle): Promise<{ stock: number; availability: string }> {
  const db = handle ?? (await getDb());
  const result = await writeTransaction(db, async (trx) => {
    const variant = await trx
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["v.id", "v.product_id", "p.slug"])
      .where("v.sku", "=", sku)
      .executeTakeFirst();
    if (!variant) throw new ApiError(404, VARIANT_SERVICE_MESSAGES.variantGone);
    try {
      await moveStock(trx, db.dialect, [{ productId: variant.product_id, variantId: variant.id, delta: adjustment.delta, reason: STOCK_REASON.adjustment, actor: ACTOR.staff, actorId: by.userId, note: adjustment.reason }], now);
    } catch (error) {
      if (error instanceof StockShortage) throw new ApiError(409, VARIANT_SERVICE_MESSAGES.shortage(error.available, -adjustment.delta));
      throw error;
    }
    const after = await trx.selectFrom("product_variants").select(["stock_quantity", "availability"]).where("id", "=", variant.id).executeTakeFirstOrThrow();
    await audit(trx, by, { action: "stock.adjust", entityType: "variant", entityId: variant.id, before: { stock_quantity: after.stock_quantity - adjustment.delta }, after: { stock_quantity: after.stock_quantity, delta: adjustment.delta, reason: adjustment.reason, sku } }, now);
    return { slug: variant.slug, stock: after.stock_quantity, availability: after.availability };
  });
  if (!handle) revalidateProduct(result.slug);
  return { stock: result.stock, availability: result.availability };
}
