import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The back office's foundations (docs/operations.md "Back office: roles, first owner, tokens"):
 * - users: better-auth's admin plugin columns (role, banned, ban_reason, ban_expires) and its
 *   two-factor plugin's two_factor_enabled. role holds the staff roles of lib/accounts/access.ts
 *   (comma-separated, as the plugin writes them); customers have "customer" or, from before, null;
 * - sessions: impersonated_by (the admin plugin's) and staff: 1 for a session opened by the
 *   back office's sign-in (password, and the second factor when the account has one). Only such a
 *   session is a staff session: a customer sign-in of the same person (an emailed code skips the
 *   second factor) never opens the admin API;
 * - two_factors: the TOTP secret and the recovery codes (both encrypted by better-auth);
 * - staff_sign_ins: every back-office sign-in attempt, failed or not;
 * - api_tokens: personal API tokens (SHA-256 of the token, never the token), with scopes;
 * - audit_log: every change staff make, written in the change's own transaction; never updated
 *   or deleted by the app, kept at least a year;
 * - staff_settings: the back office's own settings (which roles need a second factor), apart
 *   from business_settings, which the storefront publishes whole.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  const bool = pg ? "boolean" : "integer";
  const falseValue = pg ? sql`false` : sql`0`;
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));

  await db.schema.alterTable("users").addColumn("role", "text").execute();
  await db.schema.alterTable("users").addColumn("banned", bool, (c) => c.defaultTo(falseValue)).execute();
  await db.schema.alterTable("users").addColumn("ban_reason", "text").execute();
  await db.schema.alterTable("users").addColumn("ban_expires", ts).execute();
  await db.schema.alterTable("users").addColumn("two_factor_enabled", bool, (c) => c.defaultTo(falseValue)).execute();
  // The staff list reads the users with a staff role; customers are the many others.
  await db.schema.createIndex("users_role_idx").on("users").column("role").execute();

  await db.schema.alterTable("sessions").addColumn("impersonated_by", "text").execute();
  await db.schema.alterTable("sessions").addColumn("staff", "integer", (c) => c.notNull().defaultTo(0)).execute();

  await id("two_factors")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backup_codes", "text", (c) => c.notNull())
    .addColumn("verified", bool, (c) => c.defaultTo(pg ? sql`true` : sql`1`))
    .addColumn("failed_verification_count", "integer", (c) => c.defaultTo(0))
    .addColumn("locked_until", ts)
    .execute();
  await db.schema.createIndex("two_factors_user_idx").on("two_factors").column("user_id").execute();
  await db.schema.createIndex("two_factors_secret_idx").on("two_factors").column("secret").execute();

  await id("staff_sign_ins")
    // The account the email named, when there is one (null for an unknown email).
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    // success, two_factor_required, bad_password, bad_code, not_staff, rate_limited, ...
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_sign_ins_created_idx").on("staff_sign_ins").column("created_at").execute();
  await db.schema.createIndex("staff_sign_ins_user_idx").on("staff_sign_ins").columns(["user_id", "created_at"]).execute();

  await id("api_tokens")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // SHA-256 (hex) of the whole token; the token itself is shown once and kept nowhere.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // The token's first characters, to tell tokens apart in a list.
    .addColumn("prefix", "text", (c) => c.notNull())
    // JSON array of permission names ("order:read", ...).
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("expires_at", ts)
    .addColumn("last_used_at", ts)
    .addColumn("revoked_at", ts)
    .addColumn("revoked_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("api_tokens_user_idx").on("api_tokens").column("user_id").execute();

  await id("audit_log")
    // No foreign key: a row outlives anything it names (a removed product, a deleted account).
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("token_id", "integer")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    // JSON text on both dialects.
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "created_at"]).execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity_type", "entity_id", "created_at"]).execute();

  await db.schema
    .createTable("staff_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    // JSON text.
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
}
