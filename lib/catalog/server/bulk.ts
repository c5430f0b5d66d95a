import "server-only";
import { getDb, type Db, type DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ACTOR } from "@/lib/platform/actor";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { ApiError } from "@/lib/platform/errors";
import { discountPercent } from "../display";
import { changedPrices, type BulkAction, type BulkResult, type PriceChange } from "../bulk-schemas";
import { STOCK_REASON } from "../stock";
import { groupFigures } from "../variants";
import { revalidateProducts } from "./catalog-admin";
import { PRODUCT_ADMIN_MESSAGES } from "./product-admin";
import { moveStock } from "./ledger";

/**
 * The back office's bulk actions on chosen products (docs/back-office.md "Bulk actions"): publish,
 * unpublish, move to a category, change prices, adjust stock. Called alike by the product list's
 * server action and POST /api/v2/admin/products/bulk, with the input lib/catalog/bulk-schemas.ts
 * parsed and the permission the action needs already asked of can() by the caller.
 *
 * Each action is ONE write transaction: the products are locked in id order (PostgreSQL FOR
 * UPDATE; SQLite's BEGIN IMMEDIATE holds the write lock), each product that changes gets its own
 * audit row (the same actions as a single edit: product.update, stock.adjust, with `bulk` naming
 * the action, so the audit log's filters by product find them), and a product that cannot take
 * the change is skipped with the reason, never failing the others. Nothing is written for a
 * product that would not change. The storefront's cached reads are expired after the commit.
 */

export const BULK_SKIP = {
  notFound: "There is no such product.",
  archived: "Archived: unarchive it first.",
  alreadyPublished: "Already published.",
  alreadyDraft: "Already unpublished.",
  sameCategory: "Already in this category.",
  samePrice: "The change leaves its price as it was.",
  soldByVariant: "Sold by variant: adjust each variant's stock on the Stock page.",
  shortage: (available: number, taken: number) => `Only ${available} in stock: cannot take out ${taken}.`,
} as const;

type Locked = { id: number; name: string; slug: string; price: number; list_price: number; published: number; category_id: number; variant_count: number; stock_quantity: number; made_to_order: number; archived_at: string | null };

async function lockChosen(trx: Db, handle: DbHandle, ids: readonly number[]): Promise<Map<number, Locked>> {
  let query = trx
    .selectFrom("products")
    .select(["id", "name", "slug", "price", "list_price", "published", "category_id", "variant_count", "stock_quantity", "made_to_order", "archived_at"])
    .where("id", "in", [...ids])
    .orderBy("id");
  if (handle.dialect === "postgres") query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((r): [number, Locked] => [r.id, { ...r, price: Number(r.price), list_price: Number(r.list_price), stock_quantity: Number(r.stock_quantity), variant_count: Number(r.variant_count), published: Number(r.published), made_to_order: Number(r.made_to_order) }]));
}

/** Runs one bulk action (see the top of this file); answers how many changed and what was skipped, and why. */
export async function runBulkAction(input: BulkAction, actor: StaffActor, now = new Date()): Promise<BulkResult> {
  const handle = await getDb();
  const at = now.toISOString();
  const ids = [...input.ids].sort((a, b) => a - b);
  const slugs: string[] = [];
  const result = await writeTransaction(handle, async (trx) => {
    const products = await lockChosen(trx, handle, ids);
    const out: BulkResult = { action: input.action, changed: 0, changedIds: [], skipped: [] };
    const skip = (id: number, reason: string) => out.skipped.push({ id, name: products.get(id)?.name ?? null, reason });
    const changed = (p: Locked) => {
      out.changed += 1;
      out.changedIds.push(p.id);
      slugs.push(p.slug);
    };
    const present: Locked[] = [];
    for (const id of ids) {
      const p = products.get(id);
      if (p) present.push(p);
      else skip(id, BULK_SKIP.notFound);
    }

    switch (input.action) {
      case "publish":
      case "unpublish": {
        const value = input.action === "publish" ? 1 : 0;
        for (const p of present) {
          if (value === 1 && p.archived_at) skip(p.id, BULK_SKIP.archived);
          else if (p.published === value) skip(p.id, value ? BULK_SKIP.alreadyPublished : BULK_SKIP.alreadyDraft);
          else {
            await trx.updateTable("products").set({ published: value, updated_at: at }).where("id", "=", p.id).execute();
            await audit(trx, actor, { action: "product.update", entityType: "product", entityId: p.id, before: { published: p.published }, after: { published: value, bulk: input.action } }, now);
            changed(p);
          }
        }
        break;
      }
      case "category": {
        const category = await trx.selectFrom("categories").select(["id", "name"]).where("id", "=", input.category_id).executeTakeFirst();
        if (!category) throw new ApiError(422, PRODUCT_ADMIN_MESSAGES.noCategory, { category_id: [PRODUCT_ADMIN_MESSAGES.noCategory] });
        for (const p of present) {
          if (p.category_id === category.id) skip(p.id, BULK_SKIP.sameCategory);
          else {
            await trx.updateTable("products").set({ category_id: category.id, updated_at: at }).where("id", "=", p.id).execute();
            await audit(trx, actor, { action: "product.update", entityType: "product", entityId: p.id, before: { category_id: p.category_id }, after: { category_id: category.id, bulk: "category" } }, now);
            changed(p);
          }
        }
        break;
      }
      case "price": {
        const change: PriceChange = { by: input.by, value: input.value };
        for (const p of present) {
          if (await changePrices(trx, p, change, actor, now)) changed(p);
          else skip(p.id, BULK_SKIP.samePrice);
        }
        break;
      }
      case "stock": {
        const movable: Locked[] = [];
        for (const p of present) {
          if (p.variant_count > 0) skip(p.id, BULK_SKIP.soldByVariant);
          else if (p.stock_quantity + input.delta < 0) skip(p.id, BULK_SKIP.shortage(Math.max(0, p.stock_quantity), -input.delta));
          else movable.push(p);
        }
        if (movable.length) {
          const moved = await moveStock(
            trx,
            handle.dialect,
            movable.map((p) => ({ productId: p.id, delta: input.delta, reason: STOCK_REASON.adjustment, actor: ACTOR.staff, actorId: actor.userId, note: input.reason })),
            now,
          );
          for (const p of movable) {
            const after = moved.find((m) => m.id === p.id)?.stock ?? p.stock_quantity + input.delta;
            await audit(trx, actor, { action: "stock.adjust", entityType: "product", entityId: p.id, before: { stock_quantity: after - input.delta }, after: { stock_quantity: after, delta: input.delta, reason: input.reason, bulk: "stock" } }, now);
            changed(p);
          }
        }
        break;
      }
    }
    out.changedIds.sort((a, b) => a - b);
    out.skipped.sort((a, b) => a.id - b.id);
    return out;
  });
  revalidateProducts(slugs);
  return result;
}

/**
 * Changes one product's prices (and each of its variants', the product then carrying its
 * cheapest variant's as the variant editor leaves it); answers whether anything changed.
 */
async function changePrices(trx: Db, p: Locked, change: PriceChange, actor: StaffActor, now: Date): Promise<boolean> {
  const at = now.toISOString();
  if (p.variant_count === 0) {
    const next = changedPrices(p.price, p.list_price, change);
    if (next.price === p.price && next.listPrice === p.list_price) return false;
    await trx
      .updateTable("products")
      .set({ price: next.price, list_price: next.listPrice, discount_percent: discountPercent(next.listPrice, next.price), updated_at: at })
      .where("id", "=", p.id)
      .execute();
    await audit(trx, actor, { action: "product.update", entityType: "product", entityId: p.id, before: { price: p.price, list_price: p.list_price }, after: { price: next.price, list_price: next.listPrice, bulk: "price" } }, now);
    return true;
  }
  const variants = await trx.selectFrom("product_variants").select(["id", "sku", "price", "list_price", "stock_quantity", "availability"]).where("product_id", "=", p.id).orderBy("id").execute();
  const before: Record<string, [number, number]> = {};
  const after: Record<string, [number, number]> = {};
  const figures: { price: number; listPrice: number; stock: number; availability: (typeof variants)[number]["availability"] }[] = [];
  for (const v of variants) {
    const price = Number(v.price);
    const list = Number(v.list_price);
    const next = changedPrices(price, list, change);
    figures.push({ price: next.price, listPrice: next.listPrice, stock: Number(v.stock_quantity), availability: v.availability });
    if (next.price === price && next.listPrice === list) continue;
    before[v.sku] = [price, list];
    after[v.sku] = [next.price, next.listPrice];
    await trx
      .updateTable("product_variants")
      .set({ price: next.price, list_price: next.listPrice, discount_percent: discountPercent(next.listPrice, next.price), updated_at: at })
      .where("id", "=", v.id)
      .execute();
  }
  if (!Object.keys(after).length) return false;
  const group = groupFigures(figures);
  if (group) {
    await trx
      .updateTable("products")
      .set({ price: group.price, list_price: group.listPrice, discount_percent: discountPercent(group.listPrice, group.price), updated_at: at })
      .where("id", "=", p.id)
      .execute();
  }
  await audit(
    trx,
    actor,
    {
      action: "product.update",
      entityType: "product",
      entityId: p.id,
      before: { price: p.price, list_price: p.list_price, variants: before },
      after: { price: group?.price ?? p.price, list_price: group?.listPrice ?? p.list_price, variants: after, bulk: "price" },
    },
    now,
  );
  return true;
}
