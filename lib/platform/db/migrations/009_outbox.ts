import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The transactional outbox (lib/platform/outbox/, docs/architecture.md "After commit"):
 * - outbox_events: what a transaction asked to happen after it commits (a mail, a cache refresh),
 *   written in that transaction, so it exists exactly when the change does;
 * - outbox_deliveries: one row per effect of an event (unique per event and effect), with its
 *   state (pending → sending → done, or failed → retried with backoff, or dead), the attempts made,
 *   when it is due again, the lease of the process delivering it and the last error.
 * Numbered 009: 008 is the order lifecycle's (written at the same time on another branch).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  await db.schema
    .createTable("outbox_events")
    .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("kind", "text", (c) => c.notNull())
    // JSON text on both dialects: read back and parsed by the dispatcher only.
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("outbox_deliveries")
    .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("event_id", "integer", (c) => c.notNull().references("outbox_events.id").onDelete("cascade"))
    .addColumn("effect", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", ts, (c) => c.notNull())
    .addColumn("claimed_until", ts)
    .addColumn("last_error", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addColumn("done_at", ts)
    .addUniqueConstraint("outbox_deliveries_event_effect_key", ["event_id", "effect"])
    .execute();
  // The dispatcher and the sweep look for what is due: pending or failed by next_attempt_at,
  // sending by its lease.
  await db.schema.createIndex("outbox_deliveries_due_idx").on("outbox_deliveries").columns(["status", "next_attempt_at"]).execute();
}
