import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword, hashPassword } from "../../auth/password";
import { openDatabase } from "../connection";
import * as m001 from "./001_initial";
import * as m002 from "./002_accounts";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "furnish-migrate-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("002_accounts on a database the storefront already used", () => {
  it("moves an existing password into a credential account and keeps the verified flag", async () => {
    const handle = await openDatabase({ dialect: "sqlite", file: path.join(tmp, "old.db") });
    const db = handle.db as unknown as Kysely<unknown>;
    try {
      await m001.up(db, "sqlite");
      const hash = await hashPassword("Kesar@2026");
      await sql`insert into users (name, email, phone, password_hash, avatar, email_verified_at, created_at, updated_at)
        values ('Aditi Sharma', 'demo@kesarhome.in', '9811122233', ${hash}, null, '2026-01-05T09:30:00.000Z', '2026-01-05T09:15:00.000Z', '2026-01-05T09:15:00.000Z'),
               ('No Password', 'np@example.com', null, null, null, null, '2026-01-05T09:15:00.000Z', '2026-01-05T09:15:00.000Z')`.execute(db);
      await m002.up(db, "sqlite");

      const users = await handle.db.selectFrom("users").selectAll().orderBy("id").execute();
      expect(users.map((u) => [u.email, Boolean(u.email_verified), u.deleted_at])).toEqual([
        ["demo@kesarhome.in", true, null],
        ["np@example.com", false, null],
      ]);
      expect(Object.keys(users[0] ?? {})).not.toContain("password_hash");
      const accounts = await handle.db.selectFrom("accounts").selectAll().execute();
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({ user_id: users[0]?.id, account_id: String(users[0]?.id), provider_id: "credential" });
      expect(await verifyPassword("Kesar@2026", accounts[0]?.password)).toBe(true);

      // At most one default address per customer, enforced by the database.
      const place = await sql<{ id: number }>`insert into countries (name, iso2, phone_code) values ('India', 'IN', '91') returning id`.execute(db);
      const country = place.rows[0]?.id as number;
      const state = (await sql<{ id: number }>`insert into states (country_id, name, code) values (${country}, 'Delhi', 'DL') returning id`.execute(db)).rows[0]?.id as number;
      const city = (await sql<{ id: number }>`insert into cities (state_id, name) values (${state}, 'New Delhi') returning id`.execute(db)).rows[0]?.id as number;
      const add = (isDefault: number) =>
        handle.db
          .insertInto("addresses")
          .values({ user_id: users[0]?.id as number, address: "B-42 Hauz Khas", country_id: country, state_id: state, city_id: city, postal_code: "110016", phone: "9811122233", is_default: isDefault, created_at: "x", updated_at: "x" })
          .execute();
      await add(1);
      await add(0);
      await expect(add(1)).rejects.toThrow(/UNIQUE/i);
      // One phone belongs to one account.
      await expect(handle.db.updateTable("users").set({ phone: "9811122233" }).where("email", "=", "np@example.com").execute()).rejects.toThrow(/UNIQUE/i);
    } finally {
      await handle.close();
    }
  });
});
