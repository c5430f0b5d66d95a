import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Refunds in the sandbox payment provider's own books (lib/orders/server/payments/sandbox.ts), as a
 * real provider keeps them: one row per refund of a sandbox payment, its amount, the reason given
 * and the idempotency key it was asked with (unique: asking again with the same key answers the
 * same refund). A payment refunded in full is marked 'refunded' in sandbox_payments.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  await db.schema
    .createTable("sandbox_refunds")
    .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("refund_id", "text", (c) => c.notNull().unique())
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", pg ? "timestamptz" : "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sandbox_refunds_payment_idx").on("sandbox_refunds").column("payment_id").execute();
}
