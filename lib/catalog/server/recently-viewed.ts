import "server-only";
import { getDb } from "@/lib/platform/db";

export const RECENTLY_VIEWED_KEPT = 20;

/** Records that a signed-in customer opened a product page (the newest view wins). */
export async function recordView(userId: number, slug: string): Promise<boolean> {
  const { db } = await getDb();
  const product = await db.selectFrom("products").select("id").where("slug", "=", slug).where("published", "=", 1).executeTakeFirst();
  if (!product) return false;
  const now = new Date().toISOString();
  await db
    .insertInto("recently_viewed")
    .values({ user_id: userId, product_id: product.id, viewed_at: now })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doUpdateSet({ viewed_at: now }))
    .execute();
  // Keep the newest few per customer.
  const keep = db.selectFrom("recently_viewed").select("product_id").where("user_id", "=", userId).orderBy("viewed_at", "desc").limit(RECENTLY_VIEWED_KEPT);
  await db.deleteFrom("recently_viewed").where("user_id", "=", userId).where("product_id", "not in", keep).execute();
  return true;
}

export type ViewedProduct = { slug: string; name: string; thumbnail: string | null; price: number; viewedAt: string };

export async function recentlyViewed(userId: number, limit = 8): Promise<ViewedProduct[]> {
  const { db } = await getDb();
  return db
    .selectFrom("recently_viewed as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .select(["p.slug", "p.name", "p.thumbnail_image as thumbnail", "p.price", "r.viewed_at as viewedAt"])
    .where("r.user_id", "=", userId)
    .where("p.published", "=", 1)
    .orderBy("r.viewed_at", "desc")
    .limit(limit)
    .execute();
}
