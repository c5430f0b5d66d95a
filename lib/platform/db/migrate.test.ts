import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connection";
import { migrateToLatest, schemaState } from "./migrate";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-schema-state-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("schemaState", () => {
  it("tells a fresh database (missing), one a migration behind the code (behind) and a migrated one (current), creating nothing", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "store.db") });
    try {
      const fresh = await schemaState(handle);
      expect(fresh.state).toBe("missing");
      expect(fresh.pending.length).toBeGreaterThan(1);
      // Read-only: the check made no table (not even Kysely's migration table).
      const tables = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`.execute(handle.db);
      expect(tables.rows[0]?.n).toBe(0);

      await migrateToLatest(handle);
      expect(await schemaState(handle)).toEqual({ state: "current", pending: [] });

      // The code's latest migration not applied to this database.
      const latest = fresh.pending[fresh.pending.length - 1] as string;
      await sql`delete from kysely_migration where name = ${latest}`.execute(handle.db);
      expect(await schemaState(handle)).toEqual({ state: "behind", pending: [latest] });
    } finally {
      await handle.close();
    }
  });
});
