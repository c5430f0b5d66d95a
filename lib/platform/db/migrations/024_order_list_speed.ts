import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The back office's order list on a million orders (lib/orders/server/order-admin-list.ts;
 * npm run bench -- admin-orders, p95 under 300 ms):
 *
 * - newest first within a payment status and within a way of paying, each with the delivery
 *   status after it (the list's filters together: "Delivered and Refunded", "Cash on Delivery and
 *   Shipped"), beside migration 013's within a delivery status;
 * - PostgreSQL: pg_trgm indexes on the columns a search reads, so a phone number, part of an
 *   e-mail or a name is an index lookup, not a read of every order: the order's phone, lower(its
 *   e-mail), lower(its name), and lower(an account's e-mail); and the code with text_pattern_ops,
 *   so "starts with" is a range of it whatever the database's collation. SQLite's shops read their
 *   orders by a scan, cheap at their size.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const index = (name: string, columns: string[]) => db.schema.createIndex(name).ifNotExists().on("orders").columns(columns).execute();
  await index("orders_admin_payment_idx", ["payment_status", "delivery_status", "created_at", "id"]);
  await index("orders_admin_type_idx", ["payment_type", "delivery_status", "created_at", "id"]);
  if (dialect === "postgres") {
    await sql`create index if not exists orders_phone_trgm_idx on orders using gin (shipping_phone gin_trgm_ops)`.execute(db);
    await sql`create index if not exists orders_email_trgm_idx on orders using gin (lower(shipping_email) gin_trgm_ops)`.execute(db);
    await sql`create index if not exists orders_name_trgm_idx on orders using gin (lower(shipping_name) gin_trgm_ops)`.execute(db);
    await sql`create index if not exists orders_code_prefix_idx on orders (code text_pattern_ops)`.execute(db);
    await sql`create index if not exists users_email_trgm_idx on users using gin (lower(email) gin_trgm_ops)`.execute(db);
  }
}
