import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The order lifecycle's record and the stock ledger (docs/architecture.md, "The order lifecycle"):
 * - order_events: one row per state change of an order, an order line or a payment row, written by
 *   the change's own transaction (lib/orders/server/transition.ts): who (actor: customer, staff,
 *   system, provider; actor_id when known), which transition (event), from and to, when, a note;
 * - stock_movements: every change of a product's stock as a signed delta with its reason (sale,
 *   cancel, expiry, revival, adjustment, initial, …) and what caused it (an order and its line, or
 *   staff); the rows of a product sum to its stock_quantity. An existing shop's stock becomes one
 *   'initial' movement per product here, so the ledger sums to the stock from the start;
 * - refunds: money given back for an order (amount in paise, method, the reference of the bank or
 *   UPI transfer or the provider's refund id), once per idempotency key;
 * - payments.refunded_amount: paise refunded so far, raised by a conditional update that never lets
 *   it pass the amount paid (no double refund).
 * No foreign key from stock_movements to products: the ledger outlives a product deleted by hand.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));

  await id("order_events")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("entity", "text", (c) => c.notNull().check(sql`entity in ('order', 'line', 'payment')`))
    .addColumn("entity_id", "integer", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull().check(sql`actor in ('customer', 'staff', 'system', 'provider')`))
    .addColumn("actor_id", "integer")
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("from_state", "text")
    .addColumn("to_state", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_events_order_idx").on("order_events").column("order_id").execute();

  await id("stock_movements")
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("delta", "integer", (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("order_id", "integer")
    .addColumn("order_line_id", "integer")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer")
    .addColumn("note", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("stock_movements_product_idx").on("stock_movements").column("product_id").execute();
  await db.schema.createIndex("stock_movements_order_idx").on("stock_movements").column("order_id").execute();
  const now = new Date().toISOString();
  await sql`insert into stock_movements (product_id, delta, reason, actor, note, created_at)
    select id, stock_quantity, 'initial', 'system', 'stock when the ledger began', ${now} from products where stock_quantity <> 0`.execute(db);

  await db.schema.alterTable("payments").addColumn("refunded_amount", "integer", (c) => c.notNull().defaultTo(0)).execute();

  await id("refunds")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id"))
    .addColumn("order_line_id", "integer")
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("provider_refund_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("note", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_order_idx").on("refunds").column("order_id").execute();
}
