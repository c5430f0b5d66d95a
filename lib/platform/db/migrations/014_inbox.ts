import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The back office's inbox (docs/operations.md "The inbox", decision 0050):
 * - inbox_items: one row per enquiry (source "enquiry") and per contact message (source
 *   "contact"), written with it by the public forms (and here for the rows already there), with
 *   the staff's state of it: status (new, in_progress, answered, closed) and assignee. The
 *   shopper's own row (enquiries, contact_messages) is never changed: it is what they typed, raw.
 *   `kind` is the enquiry's kind or "contact", `created_at` the shopper's time, copied so the list
 *   sorts and filters on this one table;
 * - inbox_notes: staff notes on an item, append-only (who, when, text);
 * - inbox_replies: the mails staff sent from the inbox (who, when, to, subject, body) with the
 *   outbox event that delivers it, written in the same transaction as that event.
 * Staff ids carry no foreign key, as in audit_log: a note outlives its author's account.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));

  await id("inbox_items")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("source_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("assignee_id", "integer")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inbox_items_source_idx").on("inbox_items").columns(["source", "source_id"]).unique().execute();
  await db.schema.createIndex("inbox_items_created_idx").on("inbox_items").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("inbox_items_status_idx").on("inbox_items").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("inbox_items_assignee_idx").on("inbox_items").columns(["assignee_id", "created_at"]).execute();

  await id("inbox_notes")
    .addColumn("item_id", "integer", (c) => c.notNull().references("inbox_items.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inbox_notes_item_idx").on("inbox_notes").columns(["item_id", "id"]).execute();

  await id("inbox_replies")
    .addColumn("item_id", "integer", (c) => c.notNull().references("inbox_items.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // Set in the reply's transaction, right after the event is written (the event names the reply).
    .addColumn("outbox_event_id", "integer")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inbox_replies_item_idx").on("inbox_replies").columns(["item_id", "id"]).execute();

  // What shoppers sent before the inbox existed: new, nobody's.
  await sql`insert into inbox_items (source, source_id, kind, status, created_at, updated_at) select 'enquiry', id, kind, 'new', created_at, created_at from enquiries`.execute(db);
  await sql`insert into inbox_items (source, source_id, kind, status, created_at, updated_at) select 'contact', id, 'contact', 'new', created_at, created_at from contact_messages`.execute(db);
}
