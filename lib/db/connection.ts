import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type { DatabaseTarget } from "../config";
import type { Database } from "./schema";

export type Dialect = DatabaseTarget["dialect"];

export type Db = Kysely<Database>;

export type DbHandle = {
  db: Db;
  dialect: Dialect;
  target: DatabaseTarget;
  close: () => Promise<void>;
};

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
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: "sqlite", target, close: () => db.destroy() };
  }
  const pg = await import("pg");
  const { Pool, types } = pg.default ?? pg;
  // Timestamps come back as ISO strings and 64-bit counts as numbers, as on SQLite.
  types.setTypeParser(1184, (value: string) => new Date(value).toISOString());
  types.setTypeParser(1114, (value: string) => new Date(`${value}Z`).toISOString());
  types.setTypeParser(20, (value: string) => Number(value));
  types.setTypeParser(1700, (value: string) => Number(value));
  const pool = new Pool({ connectionString: target.url, max: options.poolMax ?? 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", target, close: () => db.destroy() };
}
