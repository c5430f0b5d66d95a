import "server-only";
import { getDb } from "@/lib/platform/db";
import { availabilityOf, discountPercent } from "../display";
import type { ProductUpdateInput } from "../admin-schemas";
import { expireTags } from "@/lib/platform/cache";
import { cacheTags } from "@/lib/platform/cache-manifest";

/** Drops cached reads and pages that show a product, so the change is visible on the next request. */
export function revalidateProduct(slug: string) {
  expireTags([cacheTags.products, cacheTags.product(slug), cacheTags.attributes]);
}

/**
 * Changes a product. Returns false when there is no such product. Price changes keep the
 * discount percent consistent; stock and made-to-order keep availability consistent.
 */
export async function updateProduct(slug: string, input: ProductUpdateInput): Promise<boolean> {
  const { db } = await getDb();
  const current = await db
    .selectFrom("products")
    .select(["id", "price", "list_price", "stock_quantity", "made_to_order"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!current) return false;

  const price = input.main_price !== undefined ? Math.round(input.main_price * 100) : current.price;
  const listPrice = input.stocked_price !== undefined ? Math.round(input.stocked_price * 100) : Math.max(current.list_price, price);
  const stock = input.stock_quantity ?? current.stock_quantity;
  const madeToOrder = input.made_to_order ?? current.made_to_order === 1;
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

  await db
    .updateTable("products")
    .set({
      name: input.name,
      short_description: input.short_description,
      description: input.description,
      meta_title: input.meta_title,
      meta_description: input.meta_description,
      price,
      list_price: listPrice,
      discount_percent: discountPercent(listPrice, price),
      stock_quantity: stock,
      made_to_order: madeToOrder ? 1 : 0,
      availability: availabilityOf(stock, madeToOrder),
      is_featured: flag(input.is_featured),
      is_popular: flag(input.is_popular),
      published: flag(input.published),
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", current.id)
    .execute();
  revalidateProduct(slug);
  return true;
}
