import type { Db } from "../../lib/platform/db/connection";

/** The load scripts' customers place many orders each: no cap on open orders (setting max_open_orders). */
export async function allowOpenOrders(db: Db): Promise<void> {
  const now = new Date().toISOString();
  const updated = await db.updateTable("business_settings").set({ value: "0", updated_at: now }).where("type", "=", "max_open_orders").executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto("business_settings").values({ type: "max_open_orders", value: "0", updated_at: now }).execute();
}
