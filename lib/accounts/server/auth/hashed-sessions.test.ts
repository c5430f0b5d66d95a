import type { BetterAuthOptions } from "@better-auth/core";
import type { DBAdapter, Where } from "@better-auth/core/db/adapter";
import { describe, expect, it } from "vitest";
import { hashSessionToken, withHashedSessionTokens } from "./hashed-sessions";

type Row = Record<string, unknown>;

/** A minimal adapter over arrays: equality and "in" where clauses, as better-auth sends them. */
function memoryAdapter(tables: Record<string, Row[]>): DBAdapter<BetterAuthOptions> {
  const matches = (row: Row, where: Where[] = []) =>
    where.every((w) => (w.operator === "in" ? (w.value as unknown[]).includes(row[w.field]) : w.operator === "ne" ? row[w.field] !== w.value : row[w.field] === w.value));
  const rows = (model: string) => (tables[model] ??= []);
  const adapter = {
    id: "memory",
    create: async ({ model, data }: { model: string; data: Row }) => {
      const row = { id: rows(model).length + 1, ...data };
      rows(model).push(row);
      return { ...row };
    },
    findOne: async ({ model, where }: { model: string; where: Where[] }) => {
      const row = rows(model).find((r) => matches(r, where));
      return row ? { ...row } : null;
    },
    findMany: async ({ model, where }: { model: string; where?: Where[] }) => rows(model).filter((r) => matches(r, where)).map((r) => ({ ...r })),
    count: async ({ model, where }: { model: string; where?: Where[] }) => rows(model).filter((r) => matches(r, where)).length,
    update: async ({ model, where, update }: { model: string; where: Where[]; update: Row }) => {
      const row = rows(model).find((r) => matches(r, where));
      if (!row) return null;
      Object.assign(row, update);
      return { ...row };
    },
    updateMany: async ({ model, where, update }: { model: string; where: Where[]; update: Row }) => {
      const hit = rows(model).filter((r) => matches(r, where));
      hit.forEach((r) => Object.assign(r, update));
      return hit.length;
    },
    delete: async ({ model, where }: { model: string; where: Where[] }) => {
      tables[model] = rows(model).filter((r) => !matches(r, where));
    },
    deleteMany: async ({ model, where }: { model: string; where: Where[] }) => {
      const before = rows(model).length;
      tables[model] = rows(model).filter((r) => !matches(r, where));
      return before - rows(model).length;
    },
    consumeOne: async ({ model, where }: { model: string; where: Where[] }) => {
      const row = rows(model).find((r) => matches(r, where));
      if (row) tables[model] = rows(model).filter((r) => r !== row);
      return row ? { ...row } : null;
    },
    incrementOne: async () => null,
    transaction: async <R>(callback: (trx: never) => Promise<R>) => callback(adapter as never),
  };
  return adapter as unknown as DBAdapter<BetterAuthOptions>;
}

describe("session tokens hashed at rest", () => {
  const setup = () => {
    const tables: Record<string, Row[]> = {};
    const adapter = withHashedSessionTokens(() => memoryAdapter(tables))({} as BetterAuthOptions);
    return { tables, adapter };
  };

  it("stores SHA-256 of the token and hands the token back to better-auth", async () => {
    const { tables, adapter } = setup();
    const created = await adapter.create<Row>({ model: "session", data: { token: "raw-token-1", userId: 7 } });
    expect(created.token).toBe("raw-token-1");
    expect(tables.session?.[0]?.token).toBe(hashSessionToken("raw-token-1"));
    expect(tables.session?.[0]?.token).not.toContain("raw-token-1");
  });

  it("finds, updates and deletes a session by its token, never by the stored digest", async () => {
    const { tables, adapter } = setup();
    await adapter.create({ model: "session", data: { token: "raw-token-2", userId: 7 } });
    const found = await adapter.findOne<Row>({ model: "session", where: [{ field: "token", value: "raw-token-2" }] });
    expect(found?.token).toBe("raw-token-2");
    // A copy of the table is no use: the stored value does not open the session.
    const digest = tables.session?.[0]?.token as string;
    expect(await adapter.findOne({ model: "session", where: [{ field: "token", value: digest }] })).toBeNull();
    const updated = await adapter.update<Row>({ model: "session", where: [{ field: "token", value: "raw-token-2" }], update: { expiresAt: "later" } });
    expect(updated).toMatchObject({ token: "raw-token-2", expiresAt: "later" });
    const many = await adapter.findMany<Row>({ model: "session", where: [{ field: "token", operator: "in", value: ["raw-token-2", "other"] }] });
    expect(many.map((r) => r.token)).toEqual(["raw-token-2"]);
    await adapter.delete({ model: "session", where: [{ field: "token", value: "raw-token-2" }] });
    expect(tables.session).toEqual([]);
  });

  it("works the same inside a transaction and leaves other models alone", async () => {
    const { tables, adapter } = setup();
    await adapter.transaction(async (trx) => {
      await trx.create({ model: "session", data: { token: "in-trx", userId: 1 } });
      await trx.create({ model: "verification", data: { identifier: "reset-password:abc", value: "1" } });
    });
    expect(tables.session?.[0]?.token).toBe(hashSessionToken("in-trx"));
    expect(tables.verification?.[0]?.identifier).toBe("reset-password:abc");
  });
});
