import { getConfig } from "../config";
import { openDatabase, type DbHandle } from "./connection";

export type { Db, DbHandle, Dialect } from "./connection";

const globalForDb = globalThis as typeof globalThis & { __storeDb?: Promise<DbHandle> };

/**
 * The process-wide database handle for DATABASE_URL. One pool (or one SQLite connection) per
 * process, kept on globalThis so hot reloads in development do not open new ones.
 */
export function getDb(): Promise<DbHandle> {
  if (!globalForDb.__storeDb) {
    const config = getConfig();
    globalForDb.__storeDb = openDatabase(config.database, { poolMax: config.poolMax }).catch((error: unknown) => {
      globalForDb.__storeDb = undefined;
      throw error;
    });
  }
  return globalForDb.__storeDb;
}
