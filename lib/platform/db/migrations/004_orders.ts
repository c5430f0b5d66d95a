import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Checkout, payments, orders and GST invoices:
 * - orders remember the Idempotency-Key they were placed with (one order per key and customer),
 *   the shipping method and delivery estimate, an optional billing address and GSTIN, the online
 *   payment's provider and the deadline after which an unpaid online order gives its stock back,
 *   and when each state change happened;
 * - order lines carry what the invoice needs (HSN, rate, taxable value, tax, discount) so an
 *   invoice never depends on today's catalog, and a refund request;
 * - payments hold the provider's order and payment ids (one provider order per store order);
 * - payment_events deduplicates provider webhooks by event id;
 * - sandbox_payments is the built-in sandbox provider's own ledger (what a real provider keeps);
 * - invoices and invoice_series give gap-free invoice numbers per financial year.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const blob = pg ? "bytea" : "blob";
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));

  const orderColumns: Array<[string, "text" | "integer" | typeof ts]> = [
    ["idempotency_key", "text"],
    ["shipping_method", "text"],
    ["estimated_delivery", "text"],
    ["billing_name", "text"],
    ["billing_address", "text"],
    ["billing_city", "text"],
    ["billing_state", "text"],
    ["billing_postal_code", "text"],
    ["billing_phone", "text"],
    ["buyer_gstin", "text"],
    ["payment_provider", "text"],
    ["payment_due_at", ts],
    ["cancel_reason", "text"],
    ["confirmed_at", ts],
    ["paid_at", ts],
    ["shipped_at", ts],
    ["delivered_at", ts],
    ["cancelled_at", ts],
  ];
  for (const [name, type] of orderColumns) {
    await db.schema.alterTable("orders").addColumn(name, type).execute();
  }
  // A double submit of Place Order (same key) finds the order the first one placed.
  await db.schema.createIndex("orders_idempotency_idx").on("orders").columns(["user_id", "idempotency_key"]).unique().execute();
  // The stock-release sweep looks for unpaid online orders past their deadline.
  await db.schema.createIndex("orders_payment_due_idx").on("orders").columns(["payment_due_at"]).execute();

  const lineColumns: Array<[string, "text" | "integer" | typeof ts]> = [
    ["product_slug", "text"],
    ["hsn_code", "text"],
    ["gst_rate", "integer"],
    ["taxable_value", "integer"],
    ["tax_amount", "integer"],
    ["discount", "integer"],
    // Units taken from the product's stock at placement; put back (and zeroed) on cancellation.
    ["reserved_quantity", "integer"],
    ["refund_reason", "text"],
    ["refund_requested_at", ts],
  ];
  for (const [name, type] of lineColumns) {
    await db.schema.alterTable("order_lines").addColumn(name, type).execute();
  }

  const paymentColumns: Array<[string, "text" | "integer" | typeof ts]> = [
    ["provider_order_id", "text"],
    ["provider_payment_id", "text"],
    ["currency", "text"],
    ["error", "text"],
    ["updated_at", ts],
  ];
  for (const [name, type] of paymentColumns) {
    await db.schema.alterTable("payments").addColumn(name, type).execute();
  }
  await db.schema.createIndex("payments_provider_order_idx").on("payments").columns(["provider", "provider_order_id"]).unique().execute();

  await id("payment_events")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("received_at", ts, (c) => c.notNull())
    .addUniqueConstraint("payment_events_event_uq", ["provider", "event_id"])
    .execute();

  await id("sandbox_payments")
    .addColumn("payment_id", "text", (c) => c.notNull().unique())
    .addColumn("provider_order_id", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sandbox_payments_order_idx").on("sandbox_payments").column("provider_order_id").execute();

  await db.schema
    .createTable("invoice_series")
    .addColumn("financial_year", "text", (c) => c.primaryKey())
    .addColumn("last_serial", "integer", (c) => c.notNull())
    .execute();

  await id("invoices")
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id"))
    .addColumn("number", "text", (c) => c.notNull().unique().check(sql`length(number) <= 16`))
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("serial", "integer", (c) => c.notNull())
    .addColumn("issued_at", ts, (c) => c.notNull())
    // Rendered once, on the first download, and served byte for byte after that.
    .addColumn("pdf", blob)
    .addUniqueConstraint("invoices_serial_uq", ["financial_year", "serial"])
    .execute();
}
