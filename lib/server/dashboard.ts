import "server-only";
import { sql } from "kysely";
import { getDb } from "../db";

export type DashboardStats = {
  /** Paise spent on orders that were not cancelled. */
  totalExpenditure: number;
  /** Units ordered on orders that were not cancelled. */
  productsOrdered: number;
  productsInCart: number;
  productsInWishlist: number;
};

/** The dashboard's four figures, from the customer's own rows. */
export async function dashboardStats(userId: number): Promise<DashboardStats> {
  const { db } = await getDb();
  const notCancelled = sql<boolean>`lower(o.delivery_status) <> 'cancelled'`;
  const spent = await db
    .selectFrom("orders as o")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("o.grand_total"), sql<number>`0`).as("total"))
    .where("o.user_id", "=", userId)
    .where(notCancelled)
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
