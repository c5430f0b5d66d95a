import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The order list's last pieces (issue 25 point 1; docs/back-office.md "Orders"):
 * - order_notes: staff notes on an order, append-only (who, when, plain text), shown on the
 *   order's back-office page and never to the customer; the author's id carries no foreign key,
 *   as customer_notes and audit_log, so a note outlives its author's account;
 * - the search by AWB: an order is found by the AWB of any of its shipments, compared in capitals
 *   (a manual carrier's AWB is stored as the clerk typed it), so an index of upper(awb): 020's
 *   unique index leads with the provider and cannot answer an AWB alone;
 * - the amount filter: orders by their grand total, so a narrow range (₹2,499 to ₹2,499) is a
 *   range of an index, not a read of every order.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  await db.schema
    .createTable("order_notes")
    .ifNotExists()
    .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_notes_order_idx").ifNotExists().on("order_notes").columns(["order_id", "id"]).execute();
  await sql`create index if not exists shipments_awb_search_idx on shipments (upper(awb))`.execute(db);
  await db.schema.createIndex("orders_grand_total_idx").ifNotExists().on("orders").columns(["grand_total", "id"]).execute();
}
