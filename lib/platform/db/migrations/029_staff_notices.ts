import { sql, type Kysely } from "kysely";

/**
 * The staff notices (lib/accounts/server/staff/notify.ts) read the staff on every placed order,
 * failed payment and refund request, in the transaction of the change: a handful of staff among a
 * million customers (users.role 'customer'), where users_role_idx would walk every customer's
 * entry. A partial index of the accounts that are not customers makes it one short lookup. Both
 * databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_staff_idx on users (id) where role <> 'customer'`.execute(db);
}
