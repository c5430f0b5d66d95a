import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * GST credit notes (CGST Rule 53(1A), Section 34; lib/orders/server/credit-notes.ts, decision 0058):
 * - credit_note_series: one row per financial year, its last serial, raised by one conditional
 *   statement in the transaction that issues the note (as invoice_series), so the series has no gaps.
 * - credit_notes: one per refund or return of an invoiced order: its number ("CN/26-27/000001",
 *   unique), the original invoice's number and date, the totals credited, the document as issued
 *   (`data`, JSON: seller, recipient, lines, figures) and the stored PDF's name (`pdf_name`, in the
 *   file storage's "creditnotes" folder), rendered once on first download.
 * - credit_note_lines: what each note credits per invoice line (order_line_id null = shipping):
 *   quantity, taxable value, rate and tax, so later notes never credit more than the invoice charged.
 * - refunds.credit_lines: the lines and quantities a refund gives back (JSON [{lineId, quantity}]),
 *   kept with a refund still pending so its credit note is issued when it is processed.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const id = (name: string) => db.schema.createTable(name).addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
  await db.schema
    .createTable("credit_note_series")
    .addColumn("financial_year", "text", (c) => c.primaryKey())
    .addColumn("last_serial", "integer", (c) => c.notNull())
    .execute();
  await id("credit_notes")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("refund_id", "integer", (c) => c.references("refunds.id").unique())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("serial", "integer", (c) => c.notNull())
    .addColumn("invoice_number", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("taxable", "integer", (c) => c.notNull())
    .addColumn("cgst", "integer", (c) => c.notNull())
    .addColumn("sgst", "integer", (c) => c.notNull())
    .addColumn("igst", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("pdf_name", "text")
    .addColumn("issued_at", ts, (c) => c.notNull())
    .addUniqueConstraint("credit_notes_serial_uq", ["financial_year", "serial"])
    .execute();
  await db.schema.createIndex("credit_notes_order_idx").on("credit_notes").column("order_id").execute();
  await id("credit_note_lines")
    .addColumn("credit_note_id", "integer", (c) => c.notNull().references("credit_notes.id"))
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("order_line_id", "integer")
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("taxable", "integer", (c) => c.notNull())
    .addColumn("rate", "integer", (c) => c.notNull())
    .addColumn("cgst", "integer", (c) => c.notNull())
    .addColumn("sgst", "integer", (c) => c.notNull())
    .addColumn("igst", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("credit_note_lines_order_idx").on("credit_note_lines").column("order_id").execute();
  await db.schema.alterTable("refunds").addColumn("credit_lines", "text").execute();
}
