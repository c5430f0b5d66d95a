import { sql, type Kysely } from "kysely";

/**
 * One source for delivery promises: every time the shop states comes from the dispatch
 * settings and the delivery zones (lib/cart/delivery.ts), so nothing else may state one.
 *
 * - The settings shipping_standard_days ("5-10") and shipping_express_days ("2-3") were a second
 *   source that the dates never read and that disagreed with them (the cart said 5-10 business
 *   days while checkout promised dates 3-6 business days away): they go.
 * - The demo catalog wrote dispatch times into product texts ("Ready to ship: dispatched in 2–3
 *   business days", "Made to order in 3–4 weeks"), which a change of the settings could never
 *   reach; the product page now states the computed promise itself. Only the exact texts the seed
 *   wrote are changed (a merchant's own wording is left alone), on both dialects (replace() is
 *   the same function in SQLite and PostgreSQL).
 */
export const SEEDED_DISPATCH_TEXTS: { column: "description" | "key_features" | "additional_description"; from: string; to: string }[] = [
  { column: "description", from: "<li>Made to order: dispatched in 4–5 weeks</li>", to: "" },
  { column: "description", from: "<li>Ready to ship: dispatched in 2–3 business days</li>", to: "" },
  { column: "description", from: "<li>Ready to ship in 2–3 business days</li>", to: "" },
  { column: "key_features", from: "<li>Made to order in about four weeks</li>", to: "<li>Made to order</li>" },
  { column: "key_features", from: "<li>Made to order in 3–4 weeks</li>", to: "<li>Made to order</li>" },
  { column: "key_features", from: "<li>Made to order in 4 weeks</li>", to: "<li>Made to order</li>" },
  { column: "key_features", from: "<li>Made to order in 4–5 weeks</li>", to: "<li>Made to order</li>" },
  {
    column: "additional_description",
    from: "Made-to-order pieces are crafted after you order and take 4–5 weeks before dispatch.",
    to: "Made-to-order pieces are crafted after you order; the product page gives their delivery time.",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from business_settings where type in ('shipping_standard_days', 'shipping_express_days')`.execute(db);
  for (const { column, from, to } of SEEDED_DISPATCH_TEXTS) {
    const col = sql.ref(column);
    await sql`update products set ${col} = replace(${col}, ${from}, ${to}) where ${col} like ${`%${from}%`}`.execute(db);
  }
}
