import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresReachable } from "@/lib/testing/databases";
import { audit, changedFields, type StaffActor } from "./audit";
import { openDatabase } from "./db/connection";
import { migrateToLatest } from "./db/migrate";
import { writeTransaction } from "./db/transaction";

/**
 * The audit log's writer (docs/decisions/0046): a row in the caller's transaction, rolled back
 * with it; only the fields that changed; and no code of the app that updates or deletes a row.
 * The services' own transactions are tested through the API (app/api/v2/_tests/staff.api.test.ts).
 */

const pgUp = await postgresReachable();
const dialects = pgUp ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops.reverse()) await drop();
});

const actor: StaffActor = { userId: 7, kind: "token", tokenId: 3, ip: "10.0.0.1", userAgent: "x".repeat(900) };

describe("changedFields", () => {
  it("keeps only what changed, as it was and as it is", () => {
    expect(changedFields({ name: "A", price: 100, published: 1 }, { name: "B", price: 100, published: undefined })).toEqual({ before: { name: "A" }, after: { name: "B" } });
    expect(changedFields({ name: "A" }, { name: "A" })).toBeNull();
    expect(changedFields({}, { note: "new" })).toEqual({ before: { note: null }, after: { note: "new" } });
  });
});

describe.each(dialects)("audit() on %s", (dialect) => {
  it("writes in the caller's transaction, and a rollback takes the row with the change", async () => {
    const database = await createTestDatabase(dialect, "audit");
    drops.push(database.drop);
    const handle = await openDatabase(database.target);
    drops.push(() => handle.close());
    await migrateToLatest(handle);
    const now = new Date("2026-05-01T10:00:00.000Z");
    await writeTransaction(handle, (trx) => audit(trx, actor, { action: "settings.update", entityType: "settings", entityId: "x", before: { a: 1 }, after: { a: 2 } }, now));
    await expect(
      writeTransaction(handle, async (trx) => {
        await trx.insertInto("staff_settings").values({ key: "probe", value: "1", updated_at: now.toISOString() }).execute();
        await audit(trx, actor, { action: "settings.update", entityType: "settings", entityId: "probe", before: null, after: { value: 1 } }, now);
        throw new Error("the change fails after it was made");
      }),
    ).rejects.toThrow("the change fails");
    const rows = await handle.db.selectFrom("audit_log").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: 7, actor_kind: "token", token_id: 3, action: "settings.update", entity_type: "settings", entity_id: "x", before: '{"a":1}', after: '{"a":2}', ip: "10.0.0.1" });
    expect(rows[0]?.user_agent).toHaveLength(500);
    expect(await handle.db.selectFrom("staff_settings").selectAll().execute()).toEqual([]);
  });
});

describe("no code of the app changes an audit row", () => {
  it("has no update or delete of audit_log anywhere in app/, lib/ or scripts/", () => {
    const root = path.resolve(__dirname, "..", "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules" && entry.name !== "_tests") walk(full);
          continue;
        }
        if (!/\.(ts|tsx|mjs)$/.test(entry.name) || entry.name.endsWith(".test.ts")) continue;
        const source = fs.readFileSync(full, "utf8");
        if (/(updateTable|deleteFrom)\(\s*["']audit_log["']|(update|delete\s+from)\s+audit_log\b/i.test(source)) offenders.push(path.relative(root, full));
      }
    };
    for (const dir of ["app", "lib", "scripts"]) walk(path.join(root, dir));
    expect(offenders).toEqual([]);
  });
});
