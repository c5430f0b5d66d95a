import "server-only";
import { getDb } from "../db";

export type WishlistItem = { id: number; product: { id: number; slug: string; name: string; thumbnail: string | null; price: number } };

/** The customer's saved products, newest first (published products only). */
export async function listWishlist(userId: number): Promise<WishlistItem[]> {
  const { db } = await getDb();
  const rows = await db
    .selectFrom("wishlists as w")
    .innerJoin("products as p", "p.id", "w.product_id")
    .select(["w.id", "p.id as productId", "p.slug", "p.name", "p.thumbnail_image as thumbnail", "p.price"])
    .where("w.user_id", "=", userId)
    .where("p.published", "=", 1)
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, product: { id: r.productId, slug: r.slug, name: r.name, thumbnail: r.thumbnail, price: r.price } }));
}
