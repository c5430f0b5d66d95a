import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Generated, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connection";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-connection-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Items = { items: { id: Generated<number>; name: string; colour?: string | null } };

describe("SQLite connection with kept prepared statements", () => {
  it("runs a kept statement again with new parameters, for reads and writes alike", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "kept.db") });
    const db = handle.db as unknown as Kysely<Items>;
    try {
      await sql`create table items (id integer primary key, name text not null)`.execute(db);
      for (const name of ["jute rug", "silk cushion", "linen sheer"]) await db.insertInto("items").values({ name }).execute();
      for (const id of [1, 2, 3, 2]) {
        const row = await db.selectFrom("items").select("name").where("id", "=", id).executeTakeFirst();
        expect(row?.name).toBe(["jute rug", "silk cushion", "linen sheer"][id - 1]);
      }
      const updated = await db.updateTable("items").set({ name: "cotton towel" }).where("id", "=", 3).executeTakeFirst();
      expect(Number(updated.numUpdatedRows)).toBe(1);
      expect(await db.selectFrom("items").select("name").where("id", "=", 3).executeTakeFirst()).toEqual({ name: "cotton towel" });
    } finally {
      await handle.close();
    }
  });

  it("sees a column added after the statement was first prepared", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "schema.db") });
    const db = handle.db as unknown as Kysely<Items>;
    try {
      await sql`create table items (id integer primary key, name text not null)`.execute(db);
      await db.insertInto("items").values({ name: "jute rug" }).execute();
      expect(await db.selectFrom("items").selectAll().execute()).toEqual([{ id: 1, name: "jute rug" }]);
      await sql`alter table items add column colour text`.execute(db);
      expect(await db.selectFrom("items").selectAll().execute()).toEqual([{ id: 1, name: "jute rug", colour: null }]);
    } finally {
      await handle.close();
    }
  });

  it("streams a query and runs the same statement again afterwards", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "stream.db") });
    const db = handle.db as unknown as Kysely<Items>;
    try {
      await sql`create table items (id integer primary key, name text not null)`.execute(db);
      for (const name of ["a", "b", "c"]) await db.insertInto("items").values({ name }).execute();
      const query = db.selectFrom("items").select("name").orderBy("id");
      const streamed: string[] = [];
      for await (const row of query.stream()) streamed.push(row.name);
      expect(streamed).toEqual(["a", "b", "c"]);
      expect((await query.execute()).map((r) => r.name)).toEqual(["a", "b", "c"]);
    } finally {
      await handle.close();
    }
  });
});
