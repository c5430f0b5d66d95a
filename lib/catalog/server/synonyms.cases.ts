import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "@/lib/platform/audit";
import { openDatabase, type DbHandle } from "@/lib/platform/db/connection";
import { migrateToLatest } from "@/lib/platform/db/migrate";
import { DEFAULT_SYNONYMS } from "@/lib/platform/db/migrations/030_search_synonyms";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { SYNONYM_LIMITS, SYNONYM_MESSAGES } from "../synonyms";
import { createSynonymRule, deleteSynonymRule, getSynonymRule, listSynonymRules, synonymsVersion, updateSynonymRule } from "./synonyms";

/**
 * The search synonyms' services on a real database of one dialect (synonyms.sqlite.test.ts and
 * synonyms.postgres.test.ts): the default rules after migration, what the search engine reads
 * (every rule in id order, and a version that moves on every add, edit and delete), the changes
 * with their audit rows, an unknown id, and the limit of 1000 rules.
 */
export function synonymCases(dialect: "sqlite" | "postgres") {
  let database: TestDatabase;
  let handle: DbHandle;
  let actor: StaffActor;
  const previousUrl = process.env.DATABASE_URL;
  const at = (i: number) => new Date(Date.UTC(2026, 10, 26, 10) + i * 1000);

  beforeAll(async () => {
    database = await createTestDatabase(dialect, "synonyms");
    handle = await openDatabase(database.target);
    await migrateToLatest(handle);
    const t = at(0).toISOString();
    const user = await handle.db.insertInto("users").values({ name: "Kavya Catalog", email: "kavya@example.com", phone: null, avatar: null, email_verified: 1, deleted_at: null, role: "catalog", created_at: t, updated_at: t }).returning("id").executeTakeFirstOrThrow();
    actor = { userId: user.id, kind: "staff", tokenId: null, ip: "127.0.0.1", userAgent: "vitest" };
    process.env.DATABASE_URL = database.url;
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    const { getDb } = await import("@/lib/platform/db");
    await (await getDb()).close();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    await database?.drop();
  });

  const audits = () => handle.db.selectFrom("audit_log").select(["actor_id", "action", "entity_type", "entity_id", "before", "after"]).orderBy("id").execute();

  describe(`search synonyms on ${dialect}`, () => {
    it("starts with the shop's default rules, in id order", async () => {
      const rules = await listSynonymRules();
      expect(rules.map(({ words, means }) => [words, means])).toEqual(DEFAULT_SYNONYMS.map(([w, m]) => [[...w], [...m]]));
      expect(rules.find((r) => r.words.includes("parda"))?.means).toEqual(["curtain"]);
      expect(rules.find((r) => r.words.includes("rug"))).toMatchObject({ words: ["rug", "carpet"], means: [] });
      const ids = rules.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it("adds, edits and deletes a rule, each with its audit row, and the version moves each time", async () => {
      const v0 = await synonymsVersion();
      expect(await synonymsVersion()).toBe(v0);
      const made = await createSynonymRule({ words: ["kambal", "kammal"], means: ["blanket"] }, actor, at(1));
      const v1 = await synonymsVersion();
      expect(v1).not.toBe(v0);
      expect((await listSynonymRules()).at(-1)).toEqual({ id: made.id, words: ["kambal", "kammal"], means: ["blanket"] });

      // An edit with an older clock than the last change still moves the version.
      const edited = await updateSynonymRule(made.id, { means: ["blanket", "throw"] }, actor, at(-100));
      expect(edited.means).toEqual(["blanket", "throw"]);
      const v2 = await synonymsVersion();
      expect(v2).not.toBe(v1);
      // Editing an older rule moves it too.
      const first = (await listSynonymRules())[0]!;
      await updateSynonymRule(first.id, { words: [...first.words, "pardaah"] }, actor, at(3));
      const v3 = await synonymsVersion();
      expect(v3).not.toBe(v2);
      // An edit that changes nothing writes nothing.
      const auditCount = (await audits()).length;
      await updateSynonymRule(made.id, { means: ["blanket", "throw"] }, actor, at(4));
      expect(await synonymsVersion()).toBe(v3);
      expect(await audits()).toHaveLength(auditCount);

      // Deleting an older rule (neither the newest id nor the latest edit) moves it.
      const second = (await listSynonymRules())[1]!;
      await deleteSynonymRule(second.id, actor, at(5));
      const v4 = await synonymsVersion();
      expect(v4).not.toBe(v3);
      expect(await getSynonymRule(second.id)).toBeNull();
      await deleteSynonymRule(made.id, actor, at(6));
      expect(await synonymsVersion()).not.toBe(v4);
      expect((await listSynonymRules()).some((r) => r.id === made.id)).toBe(false);

      const rows = (await audits()).filter((r) => r.entity_type === "search_synonym");
      expect(rows.map((r) => [r.action, r.entity_id, r.actor_id])).toEqual([
        ["search_synonym.create", String(made.id), actor.userId],
        ["search_synonym.update", String(made.id), actor.userId],
        ["search_synonym.update", String(first.id), actor.userId],
        ["search_synonym.delete", String(second.id), actor.userId],
        ["search_synonym.delete", String(made.id), actor.userId],
      ]);
      expect(JSON.parse(String(rows[1]?.before))).toEqual({ words: ["kambal", "kammal"], means: ["blanket"] });
      expect(JSON.parse(String(rows[1]?.after))).toEqual({ words: ["kambal", "kammal"], means: ["blanket", "throw"] });
      expect(rows[4]?.after).toBeNull();
    });

    it("refuses an unknown id (404), a merged rule that breaks a rule (422), and changes nothing", async () => {
      const version = await synonymsVersion();
      await expect(updateSynonymRule(999_999, { means: ["curtain"] }, actor)).rejects.toMatchObject({ status: 404, message: SYNONYM_MESSAGES.notFound });
      await expect(deleteSynonymRule(999_999, actor)).rejects.toMatchObject({ status: 404 });
      const rug = (await listSynonymRules()).find((r) => r.words.includes("rug"))!;
      // Taking "carpet" out of rug ↔ carpet would leave a group of one word.
      await expect(updateSynonymRule(rug.id, { words: ["rug"] }, actor)).rejects.toMatchObject({ status: 422, message: SYNONYM_MESSAGES.lonely, errors: { words: [SYNONYM_MESSAGES.lonely] } });
      await expect(updateSynonymRule(rug.id, { means: ["rug"] }, actor)).rejects.toMatchObject({ status: 422, errors: { means: [SYNONYM_MESSAGES.bothSides("rug")] } });
      expect(await synonymsVersion()).toBe(version);
    });

    it("keeps at most 1000 rules", async () => {
      const have = (await listSynonymRules()).length;
      const t = at(10).toISOString();
      const filler = Array.from({ length: SYNONYM_LIMITS.maxRules - have }, (_, i) => ({ words: JSON.stringify([`filler ${i}`, `spare ${i}`]), means: "[]", created_at: t, updated_at: t }));
      for (let i = 0; i < filler.length; i += 200) await handle.db.insertInto("search_synonyms").values(filler.slice(i, i + 200)).execute();
      await expect(createSynonymRule({ words: ["one more", "another"], means: [] }, actor)).rejects.toMatchObject({ status: 422, message: SYNONYM_MESSAGES.full });
      expect(await listSynonymRules()).toHaveLength(SYNONYM_LIMITS.maxRules);
      await handle.db.deleteFrom("search_synonyms").where("words", "like", '["filler %').execute();
      await createSynonymRule({ words: ["one more", "another"], means: [] }, actor);
    });
  });
}
