import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Returns (lib/orders/server/returns.ts, decision 0061): one row per customer's request to give
 * back pieces of one line of a delivered order (a change of mind, or a damaged item), with its
 * state (requested, approved, declined, in_transit, received, refunded), the customer's reason
 * and photos (names in the file storage's "returns" folder, JSON), the staff's decline reason, how
 * it came back (a pickup booked with the shipping provider, or sent by the customer; carrier and
 * AWB), what became of it (restocked or written off), its credit note and refund, and the time of
 * each step. A partial unique index keeps one open return per line, whatever arrives at once; a
 * partial index of the requested ones serves the back office's count and the order list's
 * "return requested" filter.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  await db.schema
    .createTable("returns")
    .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("order_line_id", "integer", (c) => c.notNull().references("order_lines.id"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('return', 'damage')`))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("photos", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('requested', 'approved', 'declined', 'in_transit', 'received', 'refunded')`))
    .addColumn("decline_reason", "text")
    .addColumn("send_method", "text")
    .addColumn("carrier", "text")
    .addColumn("awb", "text")
    .addColumn("outcome", "text")
    .addColumn("receive_note", "text")
    .addColumn("credit_note_id", "integer", (c) => c.references("credit_notes.id"))
    .addColumn("refund_id", "integer", (c) => c.references("refunds.id"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addColumn("decided_at", ts)
    .addColumn("sent_at", ts)
    .addColumn("received_at", ts)
    .addColumn("refunded_at", ts)
    .execute();
  await db.schema.createIndex("returns_order_idx").on("returns").column("order_id").execute();
  await db.schema.createIndex("returns_user_idx").on("returns").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("returns_state_idx").on("returns").columns(["state", "id"]).execute();
  await sql`create unique index returns_open_line_uq on returns (order_line_id) where state in ('requested', 'approved', 'in_transit', 'received')`.execute(db);
  await sql`create index returns_requested_idx on returns (order_id) where state = 'requested'`.execute(db);
}
