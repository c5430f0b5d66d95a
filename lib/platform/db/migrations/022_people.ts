import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Customers and the grievance desk in the back office (docs/back-office.md "Customers",
 * "Grievances", decision 0060):
 * - customer_notes: staff notes on a customer account, append-only (who, when, text); the author's
 *   id carries no foreign key, as in audit_log, so a note outlives its author's account;
 * - grievances: complaints filed on /grievances (India's Consumer Protection (E-Commerce) Rules
 *   2020, rule 4(5)): what the complainant typed, the order code they named, and the desk's state
 *   (open, acknowledged, resolved) with when and by whom; the ticket number is GR-<year>-<id>
 *   (lib/content/grievance-rules.ts), so it needs no column;
 * - grievance_notes: the desk's notes and the replies mailed to the complainant (kind), append-only;
 * - on PostgreSQL, trigram indexes so the customer list's search by name, email or phone (a
 *   substring, as the search box's) uses an index instead of reading every account.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const id = (name: string) => db.schema.createTable(name).addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));

  await id("customer_notes")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("customer_notes_user_idx").on("customer_notes").columns(["user_id", "id"]).execute();

  await id("grievances")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("order_code", "text")
    .addColumn("user_id", "integer")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("acknowledged_at", ts)
    .addColumn("acknowledged_by", "integer")
    .addColumn("resolved_at", ts)
    .addColumn("resolved_by", "integer")
    .addColumn("resolution", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("grievances_status_idx").on("grievances").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("grievances_created_idx").on("grievances").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("grievances_email_idx").on("grievances").column("email").execute();

  await id("grievance_notes")
    .addColumn("grievance_id", "integer", (c) => c.notNull().references("grievances.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("grievance_notes_grievance_idx").on("grievance_notes").columns(["grievance_id", "id"]).execute();

  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index if not exists users_name_trgm_idx on users using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`create index if not exists users_email_trgm_idx on users using gin (lower(email) gin_trgm_ops)`.execute(db);
    await sql`create index if not exists users_phone_trgm_idx on users using gin (phone gin_trgm_ops)`.execute(db);
  }
}
