import "server-only";
import { getDb } from "../db";

export type CouponSummary = { title: string; code: string };

/** Spec §9's three sample coupons, shown only while the shop has entered none of its own. */
export const FALLBACK_COUPONS: readonly CouponSummary[] = [
  { title: "10% off your first order", code: "WELCOME10" },
  { title: "Free shipping above ₹499", code: "FREESHIP499" },
  { title: "Flat ₹150 off on ₹1,000 and above", code: "FLAT150" },
];

/**
 * Coupons a shopper may use now: active, within their dates; first-order coupons only for a
 * guest or a customer without orders. Empty table → the spec's three samples.
 */
export async function availableCoupons(userId: number | null, now = new Date()): Promise<CouponSummary[]> {
  const { db } = await getDb();
  const any = await db.selectFrom("coupons").select("id").limit(1).executeTakeFirst();
  if (!any) return [...FALLBACK_COUPONS];
  const at = now.toISOString();
  let hasOrders = false;
  if (userId !== null) {
    hasOrders = Boolean(await db.selectFrom("orders").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst());
  }
  let query = db
    .selectFrom("coupons")
    .select(["title", "code"])
    .where("active", "=", 1)
    .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", at)]))
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">=", at)]));
  if (hasOrders) query = query.where("first_order_only", "=", 0);
  return query.orderBy("id").execute();
}
