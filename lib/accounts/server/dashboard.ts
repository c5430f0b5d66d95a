import "server-only";
import { sql } from "kysely";
import { getDb } from "@/lib/platform/db";
import { DELIVERY, PAYMENT, PAYMENT_TYPE } from "@/lib/orders/status";

export type DashboardStats = {
  /** Paise spent: orders that are Paid, or cash-on-delivery orders that were delivered (lib/orders/rules.ts countsAsSpent). */
  totalExpenditure: number;
  /** Units ordered on orders that were not cancelled. */
  productsOrdered: number;
  productsInCart: number;
  productsInWishlist: number;
};

/** The dashboard's four figures, from the customer's own rows. */
export async function dashboardStats(userId: number): Promise<DashboardStats> {
  const { db } = await getDb();
  const notCancelled = sql<boolean>`o.delivery_status <> ${DELIVERY.cancelled}`;
  // The same rule as countsAsSpent, in SQL: unpaid pending orders and every cancelled order are not spending.
  const spent = await db
    .selectFrom("orders as o")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("o.grand_total"), sql<number>`0`).as("total"))
    .where("o.user_id", "=", userId)
    .where(notCancelled)
    .where((eb) =>
      eb.or([
        eb("o.payment_status", "=", PAYMENT.paid),
        eb.and([eb("o.payment_type", "=", PAYMENT_TYPE.cod), eb("o.delivery_status", "=", DELIVERY.delivered)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  const units = await db
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("l.quantity"), sql<number>`0`).as("units"))
    .where("o.user_id", "=", userId)
    .where(notCancelled)
    .executeTakeFirstOrThrow();
  const cart = await db
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("l.quantity"), sql<number>`0`).as("n"))
    .where("c.user_id", "=", userId)
    .executeTakeFirstOrThrow();
  // As /wishlists shows it: a saved product that was unpublished is neither listed nor counted.
  const wishlist = await db
    .selectFrom("wishlists as w")
    .innerJoin("products as p", "p.id", "w.product_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("w.user_id", "=", userId)
    .where("p.published", "=", 1)
    .executeTakeFirstOrThrow();
  return {
    totalExpenditure: Number(spent.total),
    productsOrdered: Number(units.units),
    productsInCart: Number(cart.n),
    productsInWishlist: Number(wishlist.n),
  };
}
