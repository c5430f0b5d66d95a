import fs from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type { Pool, PoolConfig } from "pg";
import type { DatabaseTarget } from "../config";
import { log } from "../log";
import type { Database } from "./schema";

export type Dialect = DatabaseTarget["dialect"];

export type Db = Kysely<Database>;

/** The driver under Kysely, for the few libraries that talk to it directly (the rate limiter). */
export type RawClient = { dialect: "sqlite"; sqlite: BetterSqlite3.Database } | { dialect: "postgres"; pool: Pool };

export type DbHandle = {
  db: Db;
  dialect: Dialect;
  target: DatabaseTarget;
  raw: RawClient;
  close: () => Promise<void>;
};

/**
 * Opens a PostgreSQL pool. With `isoTimestamps` (the store's own queries), timestamps come back
 * as ISO strings and 64-bit counts as numbers, as on SQLite. The parsers are set on this pool
 * only, so a pool opened without them (better-auth's, which expects Date objects) keeps pg's own.
 */
export async function openPgPool(url: string, max: number, isoTimestamps: boolean): Promise<Pool> {
  const pg = await import("pg");
  const { Pool: PgPool, types } = pg.default ?? pg;
  const config: PoolConfig = { connectionString: url, max };
  if (isoTimestamps) {
    const own: Record<number, (value: string) => unknown> = {
      1184: (value) => new Date(value).toISOString(),
      1114: (value) => new Date(`${value}Z`).toISOString(),
      20: (value) => Number(value),
      1700: (value) => Number(value),
    };
    config.types = {
      getTypeParser: ((oid: number, format?: "text" | "binary") => own[oid] ?? types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    };
  }
  const pool = new PgPool(config);
  // An idle connection the server ends (a PostgreSQL restart, a failover, an administrator's
  // pg_terminate_backend, a dropped test database) is reported on the pool; without a listener
  // Node treats it as an unhandled error and the process dies. The pool drops that connection and
  // opens another when next asked, so it is logged and nothing else.
  pool.on("error", (error) => log.warn({ err: error }, "an idle PostgreSQL connection was closed by the server"));
  return pool;
}

/** Distinct SQL texts whose prepared statements are kept (queries with IN lists vary in length). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with prepared statements kept by SQL text. Kysely's
 * SQLite driver prepares every query it runs, and preparing (SQLite parsing and planning the
 * statement) took about 40% of the database time of an Add to Cart (6 statements); a kept
 * statement is only bound and run. SQLite re-prepares a kept statement by itself after a schema
 * change. A statement still being iterated (a streamed query) is busy and is not handed out
 * again: a fresh one is prepared for that call.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): { prepare: (sql: string) => BetterSqlite3.Statement; close: () => void } {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql) {
      const stmt = kept.get(sql);
      if (stmt) {
        if (stmt.busy) return sqlite.prepare(sql);
        // Most recently used last, so the first key is the one to drop.
        kept.delete(sql);
        kept.set(sql, stmt);
        return stmt;
      }
      const fresh = sqlite.prepare(sql);
      kept.set(sql, fresh);
      if (kept.size > STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value as string);
      return fresh;
    },
    close: () => sqlite.close(),
  };
}

/** Opens a Kysely instance for a target. SQLite files and their folder are created on first use. */
export async function openDatabase(target: DatabaseTarget, options: { poolMax?: number } = {}): Promise<DbHandle> {
  if (target.dialect === "sqlite") {
    const { default: SQLite } = await import("better-sqlite3");
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: "sqlite", target, raw: { dialect: "sqlite", sqlite }, close: () => db.destroy() };
  }
  const pool = await openPgPool(target.url, options.poolMax ?? 10, true);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", target, raw: { dialect: "postgres", pool }, close: () => db.destroy() };
}
