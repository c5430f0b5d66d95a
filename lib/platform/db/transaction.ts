import { sql } from "kysely";
import type { Db, DbHandle } from "./connection";

/**
 * Runs `work` in one write transaction and returns its result; any throw rolls everything back.
 *
 * SQLite: BEGIN IMMEDIATE takes the database's write lock before the first read, so two
 * processes on one file can never both read the same stock and then both write (a plain BEGIN
 * would let them, and the second would fail with SQLITE_BUSY on upgrade instead of waiting).
 * Waiting for the lock is bounded by the connection's busy_timeout. The transaction holds the
 * process's only SQLite connection: inside `work`, every query must go through `trx` (a query
 * through the shared handle, such as a cached settings read, would wait for it forever), so read
 * what you need before calling this.
 *
 * PostgreSQL: READ COMMITTED; the callers' conditional updates ("stock = stock - 2 where
 * stock >= 2", "status = 'Paid' where status = 'Un-Paid'") lock the row and re-check their
 * condition against the committed row, which is what makes them safe under concurrency.
 */
export async function writeTransaction<T>(handle: DbHandle, work: (trx: Db) => Promise<T>): Promise<T> {
  if (handle.dialect === "postgres") return handle.db.transaction().execute(work);
  return handle.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
