import "server-only";
import type { Db } from "@/lib/platform/db";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { expireTagsAfterCommit, type OutboxEvent } from "@/lib/platform/outbox";
import type { MovedProduct } from "./ledger";

/** The stock ledger's writer (docs/architecture.md, "Stock"): see ./ledger.ts. */
export { type LockedStock, lockProducts, type MovedProduct, moveStock, productAvailabilitySql, type StockItem, type StockMove, StockShortage } from "./ledger";

/** What the ledger says a product's stock is (the sum of its movements), or one variant's when named. */
export async function ledgerStock(db: Db, productId: number, variantId?: number): Promise<number> {
  let query = db.selectFrom("stock_movements").select((eb) => eb.fn.sum<number>("delta").as("n")).where("product_id", "=", productId);
  if (variantId !== undefined) query = query.where("variant_id", "=", variantId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The outbox event that refreshes, once the transaction that moved their stock has committed, the
 * pages and reads that show these products (each product's page; the listings too when a product
 * sold out or came back); null when nothing moved. Every path that moves stock writes it in its
 * transaction (lib/orders/server/after-commit.ts for the order paths).
 */
export function productRefreshEvent(products: readonly Pick<MovedProduct, "slug" | "availabilityChanged">[]): OutboxEvent | null {
  if (!products.length) return null;
  const slugs = [...new Set(products.map((p) => p.slug))];
  const listings = products.some((p) => p.availabilityChanged);
  return expireTagsAfterCommit([...slugs.map((slug) => cacheTags.product(slug)), ...(listings ? [cacheTags.products] : [])]);
}
