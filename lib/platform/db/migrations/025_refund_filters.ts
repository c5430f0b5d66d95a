import { sql, type Kysely } from "kysely";

/**
 * The order list's "refund due" and "refund requested" filters (lib/orders/server/order-admin-list.ts)
 * on a million orders: the payments whose money is due back and the lines with a claim waiting
 * are few, so each has a partial index of just those, and the filter reads them first. Both
 * databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists payments_refund_due_idx on payments (order_id) where status = 'refund_due'`.execute(db);
  await sql`create index if not exists order_lines_refund_requested_idx on order_lines (order_id) where refund_status = 'Requested'`.execute(db);
}
