import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * Accounts on better-auth (lib/accounts/server/auth/): its session, credential account and verification
 * tables under our snake_case names, the users table in the shape it reads, the mail outbox and
 * the generated-secret store. The first migration's sessions, otp_codes and password_reset_tokens
 * tables were never written to (no sign-in existed); they are replaced here.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const ts = pg ? "timestamptz" : "text";
  // better-auth writes booleans: a real boolean on PostgreSQL, 0/1 on SQLite.
  const bool = pg ? "boolean" : "integer";
  const falseValue = pg ? sql`false` : sql`0`;
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));

  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("otp_codes").execute();
  await db.schema.dropTable("password_reset_tokens").execute();

  // users: email_verified (boolean) replaces email_verified_at; the password moves to accounts.
  await db.schema
    .alterTable("users")
    .addColumn("email_verified", bool, (c) => c.notNull().defaultTo(falseValue))
    .execute();
  await sql`update users set email_verified = ${pg ? sql`true` : sql`1`} where email_verified_at is not null`.execute(db);
  await db.schema.alterTable("users").addColumn("deleted_at", ts).execute();
  // A phone signs in only one account (login_by=phone), so it belongs to at most one user.
  await db.schema.createIndex("users_phone_uq").on("users").column("phone").unique().where(sql.ref("phone"), "is not", null).execute();

  await id("accounts")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("password", "text")
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", ts)
    .addColumn("refresh_token_expires_at", ts)
    .addColumn("scope", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("accounts_user_idx").on("accounts").column("user_id").execute();
  await db.schema.createIndex("accounts_provider_uq").on("accounts").columns(["provider_id", "account_id"]).unique().execute();

  // Existing password hashes (the demo customer's) become credential accounts.
  await sql`
    insert into accounts (user_id, account_id, provider_id, password, created_at, updated_at)
    select id, ${pg ? sql`id::text` : sql`cast(id as text)`}, 'credential', password_hash, created_at, updated_at
    from users where password_hash is not null`.execute(db);
  await db.schema.alterTable("users").dropColumn("password_hash").execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();

  // token holds SHA-256 of the session token, never the token (lib/accounts/server/auth/hashed-sessions.ts).
  await id("sessions")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  // Sign-in codes, reset tokens and email-change codes; identifiers and codes are stored hashed.
  await id("verifications")
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verifications_identifier_idx").on("verifications").column("identifier").execute();
  await db.schema.createIndex("verifications_expires_idx").on("verifications").column("expires_at").execute();

  // Exactly one default address per user: at most one by this index, at least one by the service.
  await db.schema
    .createIndex("addresses_one_default_uq")
    .on("addresses")
    .column("user_id")
    .unique()
    .where(sql.ref("is_default"), "=", 1)
    .execute();

  // Mail kept when no SMTP server is configured (npm run outbox prints it; no page shows it).
  await id("mail_outbox")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  // Counters of rate-limiter-flexible (lib/accounts/server/auth/limits.ts); keys are digests, not emails.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", pg ? "bigint" : "integer")
    .execute();

  // Secrets the store generates once when none is configured (AUTH_SECRET), shared by all instances.
  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
}
