import "server-only";
import type { AvailabilityKey } from "@/lib/catalog/display";
import { getDb } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/errors";

export type WishlistItem = {
  id: number;
  /** `variantCount`: sold by variant, so added to the cart from its page, where one is chosen. */
  product: { id: number; slug: string; name: string; thumbnail: string | null; price: number; availability: AvailabilityKey; variantCount: number };
};

/** The customer's saved products that can be shown, and how many saved ones cannot (unpublished). */
export type Wishlist = { items: WishlistItem[]; unavailable: number };

export const WISHLIST_PRODUCT_NOT_FOUND = "Product not found.";
export const WISHLIST_ADDED = "Product added to wishlist";
export const WISHLIST_REMOVED = "Product is removed from wishlist";

/** The customer's saved products, newest first (published products only). */
export async function listWishlist(userId: number): Promise<WishlistItem[]> {
  return (await readWishlist(userId)).items;
}

/**
 * The list and the number of saved products that are hidden because they were unpublished. A
 * deleted product takes its rows with it (foreign key, on delete cascade); an unpublished one keeps
 * its row, so it comes back if the product is published again, but is never listed or counted.
 */
export async function readWishlist(userId: number): Promise<Wishlist> {
  const { db } = await getDb();
  const rows = await db
    .selectFrom("wishlists as w")
    .innerJoin("products as p", "p.id", "w.product_id")
    .select(["w.id", "p.id as productId", "p.slug", "p.name", "p.thumbnail_image as thumbnail", "p.price", "p.availability", "p.published", "p.variant_count"])
    .where("w.user_id", "=", userId)
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc")
    .execute();
  const items: WishlistItem[] = [];
  let unavailable = 0;
  for (const r of rows) {
    if (Number(r.published) !== 1) {
      unavailable += 1;
      continue;
    }
    items.push({ id: r.id, product: { id: r.productId, slug: r.slug, name: r.name, thumbnail: r.thumbnail, price: r.price, availability: r.availability, variantCount: Number(r.variant_count) } });
  }
  return { items, unavailable };
}

/** The published product behind a slug, or 404. */
async function publishedProductId(slug: string): Promise<number> {
  const { db } = await getDb();
  const product = await db.selectFrom("products").select("id").where("slug", "=", slug).where("published", "=", 1).executeTakeFirst();
  if (!product) throw new ApiError(404, WISHLIST_PRODUCT_NOT_FOUND);
  return product.id;
}

/**
 * Saves a product for the customer. Idempotent: the unique (user_id, product_id) key and
 * "on conflict do nothing" keep one row however often, and however concurrently, it is added.
 */
export async function addToWishlist(userId: number, slug: string): Promise<{ productId: number }> {
  const productId = await publishedProductId(slug);
  const { db } = await getDb();
  await db
    .insertInto("wishlists")
    .values({ user_id: userId, product_id: productId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .execute();
  return { productId };
}

/**
 * Drops a product from the customer's own list. Removing one that is not in the list changes
 * nothing and is not an error (a second click, another tab): the product is not in the list after.
 */
export async function removeFromWishlist(userId: number, slug: string): Promise<{ productId: number; removed: boolean }> {
  const productId = await publishedProductId(slug);
  const { db } = await getDb();
  const result = await db.deleteFrom("wishlists").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
  return { productId, removed: Number(result.numDeletedRows) > 0 };
}
