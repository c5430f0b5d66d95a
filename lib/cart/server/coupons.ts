import "server-only";
import { getDb } from "@/lib/platform/db";
import { DELIVERY } from "@/lib/orders/status";

export type CouponSummary = { title: string; code: string };

/**
 * Coupons a shopper may use now, straight from the coupons table (the spec's old site showed
 * three built-in samples when the list was empty; codes that do not exist are not offered here):
 * active, within their dates, not used up overall or by this customer, and first-order coupons
 * only for a guest or a customer without orders. The cart re-checks every rule when a code is
 * applied (lib/cart/server/cart.ts, lib/cart/coupons.ts).
 */
export async function availableCoupons(userId: number | null, now = new Date()): Promise<CouponSummary[]> {
  const { db } = await getDb();
  const at = now.toISOString();
  const rows = await db
    .selectFrom("coupons")
    .select(["title", "code", "first_order_only", "usage_limit", "per_customer_limit"])
    .where("active", "=", 1)
    .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", at)]))
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">=", at)]))
    .orderBy("id")
    .execute();
  if (rows.length === 0) return [];
  const uses = await db
    .selectFrom("orders")
    .select(["coupon_code", "user_id"])
    .where("coupon_code", "is not", null)
    .where("delivery_status", "!=", DELIVERY.cancelled)
    .where("coupon_code", "in", rows.map((r) => r.code))
    .execute();
  const hasOrders =
    userId !== null &&
    Boolean(await db.selectFrom("orders").select("id").where("user_id", "=", userId).where("delivery_status", "!=", DELIVERY.cancelled).limit(1).executeTakeFirst());
  return rows
    .filter((r) => {
      if (r.first_order_only === 1 && hasOrders) return false;
      const ofCode = uses.filter((u) => u.coupon_code === r.code);
      if (r.usage_limit !== null && ofCode.length >= r.usage_limit) return false;
      if (userId !== null && r.per_customer_limit !== null && ofCode.filter((u) => u.user_id === userId).length >= r.per_customer_limit) return false;
      return true;
    })
    .map((r) => ({ title: r.title, code: r.code }));
}
