import "server-only";
import { sql } from "kysely";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import type { Availability } from "@/lib/platform/db/schema";
import { ApiError } from "@/lib/platform/errors";
import { ACTOR } from "@/lib/platform/actor";
import { audit, changedFields, type StaffActor } from "@/lib/platform/audit";
import { discountPercent } from "../display";
import type { ProductUpdateInput } from "../admin-schemas";
import { STOCK_REASON } from "../stock";
import { expireTags } from "@/lib/platform/cache";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { moveStock, StockShortage } from "./stock";

/** Drops cached reads and pages that show a product, so the change is visible on the next request. */
export function revalidateProduct(slug: string) {
  expireTags([cacheTags.products, cacheTags.product(slug), cacheTags.attributes]);
}

export const adjustmentShortage = (available: number, taken: number) => `Only ${available} in stock: an adjustment cannot take out ${taken}.`;

/** The columns a product edit may change (ProductUpdateInput), as the audit log shows them. */
const EDITABLE = ["name", "short_description", "description", "meta_title", "meta_description", "price", "list_price", "discount_percent", "made_to_order", "is_featured", "is_popular", "published"] as const;

/** A product sold by variant carries its variants' prices, availability and stock (lib/catalog/server/variants.ts changes them). */
export const SOLD_BY_VARIANT = "This product is sold by variant: change prices, made to order and stock on its variants.";

/**
 * Changes a product, in one write transaction with its row locked. Returns false when there is no
 * such product. Price changes keep the discount percent consistent. Stock changes only through
 * `stock_adjustment` (a movement of the stock ledger, ./stock.ts): a rename or a price edit never
 * writes stock_quantity, so a sale committed meanwhile stands. Availability follows the stock and
 * the made-to-order flag, computed by the database from the row as it is. The staff member is the
 * movement's actor, and each change is an audit row of the same transaction (product.update with
 * the fields that changed, stock.adjust with the stock before and after): a refused adjustment
 * rolls the whole edit back, audit rows included.
 */
export async function updateProduct(slug: string, input: ProductUpdateInput, actor: StaffActor, now = new Date()): Promise<boolean> {
  const handle = await getDb();
  const found = await writeTransaction(handle, async (trx) => {
    let query = trx.selectFrom("products").select(["id", "stock_quantity", "variant_count", ...EDITABLE]).where("slug", "=", slug);
    if (handle.dialect === "postgres") query = query.forUpdate();
    const current = await query.executeTakeFirst();
    if (!current) return false;

    const priced = input.main_price !== undefined || input.stocked_price !== undefined;
    if (current.variant_count > 0 && (priced || input.made_to_order !== undefined || input.stock_adjustment)) throw new ApiError(409, SOLD_BY_VARIANT);
    const price = input.main_price !== undefined ? Math.round(input.main_price * 100) : current.price;
    const listPrice = input.stocked_price !== undefined ? Math.round(input.stocked_price * 100) : Math.max(current.list_price, price);
    const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
    const madeToOrder = input.made_to_order;
    const fields = {
      name: input.name,
      short_description: input.short_description,
      description: input.description,
      meta_title: input.meta_title,
      meta_description: input.meta_description,
      ...(priced ? { price, list_price: listPrice, discount_percent: discountPercent(listPrice, price) } : {}),
      made_to_order: flag(madeToOrder),
      is_featured: flag(input.is_featured),
      is_popular: flag(input.is_popular),
      published: flag(input.published),
    };
    await trx
      .updateTable("products")
      .set({
        ...fields,
        made_to_order: undefined,
        ...(madeToOrder === undefined
          ? {}
          : {
              made_to_order: madeToOrder ? 1 : 0,
              availability: sql<Availability>`case when stock_quantity <= 0 then 'out_of_stock' when ${madeToOrder ? 1 : 0} = 1 then 'made_to_order' else 'in_stock' end`,
            }),
        updated_at: now.toISOString(),
      })
      .where("id", "=", current.id)
      .execute();
    const changed = changedFields(current, fields);
    if (changed) await audit(trx, actor, { action: "product.update", entityType: "product", entityId: current.id, ...changed }, now);
    if (input.stock_adjustment) {
      const { delta, reason } = input.stock_adjustment;
      let moved;
      try {
        moved = await moveStock(trx, handle.dialect, [{ productId: current.id, delta, reason: STOCK_REASON.adjustment, actor: ACTOR.staff, actorId: actor.userId, note: reason }], now);
      } catch (error) {
        if (error instanceof StockShortage) throw new ApiError(409, adjustmentShortage(error.available, -delta));
        throw error;
      }
      const after = moved[0]?.stock ?? current.stock_quantity + delta;
      await audit(trx, actor, { action: "stock.adjust", entityType: "product", entityId: current.id, before: { stock_quantity: after - delta }, after: { stock_quantity: after, delta, reason } }, now);
    }
    return true;
  });
  if (found) revalidateProduct(slug);
  return found;
}
