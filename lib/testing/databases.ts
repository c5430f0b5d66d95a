import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseTarget } from "../platform/config";

/** Where tests find PostgreSQL: TEST_POSTGRES_URL, or the local server scripts/pg-local.sh starts. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:54329/postgres";

export type TestDatabase = { url: string; target: DatabaseTarget; drop: () => Promise<void> };

export async function postgresReachable(url = TEST_POSTGRES_URL): Promise<boolean> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new, empty database of the given dialect, and a way to remove it afterwards. */
export async function createTestDatabase(dialect: "sqlite" | "postgres", label: string): Promise<TestDatabase> {
  const suffix = `${label}_${process.pid}_${randomBytes(3).toString("hex")}`;
  if (dialect === "sqlite") {
    const file = path.join(os.tmpdir(), `furnish_${suffix}.db`);
    return {
      url: file,
      target: { dialect: "sqlite", file },
      drop: async () => {
        for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
      },
    };
  }
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  const name = `furnish_${suffix}`.toLowerCase();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(TEST_POSTGRES_URL);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  return {
    url,
    target: { dialect: "postgres", url },
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
